import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';

export type UiLocale = 'en' | 'ru';

/** Default texts of the kit; en-US ones are exactly those of SPEC §9. */
export const UI_TEXTS = {
  en: {
    showMore: 'Show more',
    next: 'Next',
    previous: 'Previous',
    range: '{rangeFrom}–{rangeTo} of {total}',
    readMore: 'Read more',
    hide: 'Hide',
    search: 'Search',
    select: 'Select',
    nothingFound: 'Nothing found',
    loading: 'Loading...',
    goBack: 'Go back',
    apply: 'Apply',
    selectDates: 'Select dates',
    noData: 'No data to show',
    country: 'Country',
    searchCountry: 'Search country or code',
    trySearchingByCode: 'Try searching by code',
    useCode: 'Use {code}',
    close: 'Close',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    phoneOtherCountry: 'This number belongs to {country}.',
    confirm: 'Confirm',
    incorrectPhone: 'Incorrect phone number',
    pagination: 'Pagination',
    page: 'Page {page}',
    sortAscending: 'sorted ascending',
    sortDescending: 'sorted descending',
    ratingTerrible: 'Terrible',
    ratingPoor: 'Poor',
    ratingFair: 'Fair',
    ratingGood: 'Good',
    ratingExcellent: 'Excellent',
    rating: 'Rating',
    chooseFile: 'Choose file',
    dropFiles: 'or drop files here',
    retry: 'Retry',
    remove: 'Remove',
    uploadInProgress: 'Uploading',
    uploadSuccess: 'Uploaded',
    uploadFail: 'Upload failed',
    sizeMb: '{size} MB',
    previousSlide: 'Previous slide',
    nextSlide: 'Next slide',
    slide: 'Slide {index} of {count}',
    openMedia: 'Open {alt}',
    video: 'Video',
    clear: 'Clear',
    removeItem: 'Remove {item}',
    notifications: 'Notifications',
    mediaViewer: 'Media viewer',
    slideRole: 'Slide',
    slideCounter: '{index} of {total}',
    photoGallery: 'Photo gallery',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    carousel: 'Carousel',
    scrollLeft: 'Scroll left',
    scrollRight: 'Scroll right',
    timeFormat24: 'hh:mm',
    timeFormat12: 'h:mm AM',
  },
  ru: {
    showMore: 'Показать ещё',
    next: 'Далее',
    previous: 'Назад',
    range: '{rangeFrom}–{rangeTo} из {total}',
    readMore: 'Читать далее',
    hide: 'Скрыть',
    search: 'Поиск',
    select: 'Выбрать',
    nothingFound: 'Ничего не найдено',
    loading: 'Загрузка...',
    goBack: 'Вернуться назад',
    apply: 'Применить',
    selectDates: 'Выберите даты',
    noData: 'Нет данных для отображения',
    country: 'Страна',
    searchCountry: 'Поиск страны или кода',
    trySearchingByCode: 'Попробуйте поиск по коду',
    useCode: 'Использовать {code}',
    close: 'Закрыть',
    showPassword: 'Показать пароль',
    hidePassword: 'Скрыть пароль',
    phoneOtherCountry: 'Этот номер принадлежит стране: {country}.',
    confirm: 'Подтвердить',
    incorrectPhone: 'Некорректный номер телефона',
    pagination: 'Пагинация',
    page: 'Страница {page}',
    sortAscending: 'по возрастанию',
    sortDescending: 'по убыванию',
    ratingTerrible: 'Ужасно',
    ratingPoor: 'Плохо',
    ratingFair: 'Нормально',
    ratingGood: 'Хорошо',
    ratingExcellent: 'Отлично',
    rating: 'Оценка',
    chooseFile: 'Выбрать файл',
    dropFiles: 'или перетащите файлы сюда',
    retry: 'Повторить',
    remove: 'Удалить',
    uploadInProgress: 'Загружается',
    uploadSuccess: 'Загружено',
    uploadFail: 'Ошибка загрузки',
    sizeMb: '{size} МБ',
    previousSlide: 'Предыдущий слайд',
    nextSlide: 'Следующий слайд',
    slide: 'Слайд {index} из {count}',
    openMedia: 'Открыть: {alt}',
    video: 'Видео',
    clear: 'Очистить',
    removeItem: 'Убрать {item}',
    notifications: 'Уведомления',
    mediaViewer: 'Просмотр медиа',
    slideRole: 'Слайд',
    slideCounter: '{index} из {total}',
    photoGallery: 'Фотогалерея',
    zoomIn: 'Увеличить',
    zoomOut: 'Уменьшить',
    carousel: 'Карусель',
    scrollLeft: 'Прокрутить влево',
    scrollRight: 'Прокрутить вправо',
    timeFormat24: 'чч:мм',
    timeFormat12: 'ч:мм AM',
  },
} as const satisfies Record<UiLocale, Record<string, string>>;

export type UiTextKey = keyof (typeof UI_TEXTS)['en'];
export type UiTexts = Record<UiTextKey, string>;
export type UiTranslate = (key: UiTextKey, params?: Record<string, string | number>) => string;

/** Replaces `{name}` placeholders with params. */
export function formatText(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

interface UiTextsValue {
  locale: UiLocale;
  t: UiTranslate;
}

function makeValue(locale: UiLocale, overrides?: Partial<UiTexts>): UiTextsValue {
  const texts: UiTexts = { ...UI_TEXTS[locale], ...overrides };
  return { locale, t: (key, params) => formatText(texts[key], params) };
}

const UiTextsContext = createContext<UiTextsValue>(makeValue('en'));

export interface UiTextsProviderProps {
  locale: UiLocale;
  /** App-specific overrides of the default texts. */
  texts?: Partial<UiTexts>;
  children?: ReactNode;
}

/** Gives every kit widget below it the app's current language. */
export function UiTextsProvider({ locale, texts, children }: UiTextsProviderProps) {
  const value = useMemo(() => makeValue(locale, texts), [locale, texts]);
  return createElement(UiTextsContext.Provider, { value }, children);
}

export function useUiTexts(): UiTextsValue {
  return useContext(UiTextsContext);
}
