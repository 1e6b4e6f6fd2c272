import type { SiteLang } from './types';

/**
 * The texts of the public site itself (not i18next: a public page stays small). Plural forms go
 * through Intl.PluralRules, money through Intl.NumberFormat, month names through Intl.DateTimeFormat.
 */
type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
const forms = (f: Plural): Plural => f;

const en = {
  book: 'Book',
  from: 'from',
  freeSeats: 'Free seats',
  noSeats: 'No seats left',
  noDepartures: 'No departures yet',
  notGuaranteed: 'Departure not guaranteed yet',
  showMore: 'Show more dates',
  showLess: 'Show fewer dates',
  nearestDate: 'Nearest departure',
  day: 'Day',
  meals: 'Meals',
  breakfast: 'breakfast',
  lunch: 'lunch',
  dinner: 'dinner',
  inPrice: 'Included',
  notInPrice: 'Not included',
  price: 'Price',
  duration: 'Duration',
  difficulty: 'Difficulty',
  programEmpty: 'The programme will be published soon.',
  guidesEmpty: 'The guides will be announced soon.',
  livingsEmpty: 'The accommodation will be announced soon.',
  faqEmpty: 'No questions yet.',
  toursEmpty: 'No tours yet.',
  reviewsEmpty: 'No reviews yet.',
  editorEmpty: 'Nothing here yet: fill this block in the editor.',
  nights: forms({ one: '{n} night', other: '{n} nights' }),
  days: forms({ one: '{n} day', other: '{n} days' }),
  hours: forms({ one: '{n} hour', other: '{n} hours' }),
  seats: forms({ one: '{n} seat', other: '{n} seats' }),
  menu: 'Menu',
  mainNav: 'Main menu',
  footerNav: 'Footer menu',
  reportProblem: 'Report a problem',
  close: 'Close',
  previous: 'Previous',
  next: 'Next',
  openPhoto: 'Open photo {n}',
  photoOf: 'Photo {n} of {total}',
  playVideo: 'Play video',
  video: 'Video',
  agreement: 'User agreement',
  policy: 'Privacy policy',
  phone: 'Phone',
  email: 'E-mail',
  address: 'Address',
  socials: 'Social networks',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or has been moved.',
  toMain: 'To the main page',
  scheduleTitle: 'Tour schedule',
  pageOf: 'Page {n} of {total}',
  pagination: 'Pages',
  rating: 'Rating: {n} of 5',
  reviewsAverage: 'Average rating {n} of 5',
  reviewsCount: forms({ one: '{n} review', other: '{n} reviews' }),
  reviewAnswer: 'Answer from {org}',
  skipToContent: 'Skip to content',
  readArticle: 'Read the article',
  more: 'More',
  group: 'Group',
  age: 'Age from {n}',
  gathering: 'Meeting point',
  allRights: 'All rights reserved.',
  bookingTitle: 'Book a tour',
  bookingLead: 'Leave your name and e-mail: the organizer answers you in a chat and confirms the places.',
  bookingTour: 'Tour',
  bookingDate: 'Departure',
  bookingAnyDate: 'Any date: write which one in the message',
  yourName: 'Your name',
  yourEmail: 'Your e-mail',
  yourMessage: 'Message',
  bookingMessageHint: 'How many travellers, questions for the organizer',
  sendRequest: 'Send the request',
  errorRequired: 'Fill this in',
  errorEmail: 'Check the e-mail: it looks mistyped',
  errorTooLong: 'This is too long',
  errorTooMany: 'Too many requests from your address: try again in a quarter of an hour',
  errorForm: 'Check the fields marked below',
};
type Dict = typeof en;

const ru: Dict = {
  book: 'Забронировать',
  from: 'от',
  freeSeats: 'Свободных мест',
  noSeats: 'Мест нет',
  noDepartures: 'Пока нет выездов',
  notGuaranteed: 'Выезд пока не гарантирован',
  showMore: 'Показать ещё даты',
  showLess: 'Свернуть даты',
  nearestDate: 'Ближайший выезд',
  day: 'День',
  meals: 'Питание',
  breakfast: 'завтрак',
  lunch: 'обед',
  dinner: 'ужин',
  inPrice: 'Входит в стоимость',
  notInPrice: 'Не входит в стоимость',
  price: 'Стоимость',
  duration: 'Продолжительность',
  difficulty: 'Сложность',
  programEmpty: 'Программа скоро появится.',
  guidesEmpty: 'Гиды будут объявлены позже.',
  livingsEmpty: 'Проживание будет объявлено позже.',
  faqEmpty: 'Вопросов пока нет.',
  toursEmpty: 'Туров пока нет.',
  reviewsEmpty: 'Отзывов пока нет.',
  editorEmpty: 'Здесь пока пусто: заполните блок в редакторе.',
  nights: forms({ one: '{n} ночь', few: '{n} ночи', many: '{n} ночей', other: '{n} ночи' }),
  days: forms({ one: '{n} день', few: '{n} дня', many: '{n} дней', other: '{n} дня' }),
  hours: forms({ one: '{n} час', few: '{n} часа', many: '{n} часов', other: '{n} часа' }),
  seats: forms({ one: '{n} место', few: '{n} места', many: '{n} мест', other: '{n} места' }),
  menu: 'Меню',
  mainNav: 'Главное меню',
  footerNav: 'Меню в подвале',
  reportProblem: 'Сообщить о проблеме',
  close: 'Закрыть',
  previous: 'Назад',
  next: 'Вперёд',
  openPhoto: 'Открыть фото {n}',
  photoOf: 'Фото {n} из {total}',
  playVideo: 'Смотреть видео',
  video: 'Видео',
  agreement: 'Пользовательское соглашение',
  policy: 'Политика конфиденциальности',
  phone: 'Телефон',
  email: 'Эл. почта',
  address: 'Адрес',
  socials: 'Социальные сети',
  notFoundTitle: 'Страница не найдена',
  notFoundText: 'Такой страницы нет или она переехала.',
  toMain: 'На главную',
  scheduleTitle: 'Расписание туров',
  pageOf: 'Страница {n} из {total}',
  pagination: 'Страницы',
  rating: 'Оценка: {n} из 5',
  reviewsAverage: 'Средняя оценка {n} из 5',
  reviewsCount: forms({ one: '{n} отзыв', few: '{n} отзыва', many: '{n} отзывов', other: '{n} отзыва' }),
  reviewAnswer: 'Ответ организатора {org}',
  skipToContent: 'Перейти к содержимому',
  readArticle: 'Читать статью',
  more: 'Подробнее',
  group: 'Группа',
  age: 'Возраст от {n}',
  gathering: 'Место сбора',
  allRights: 'Все права защищены.',
  bookingTitle: 'Заявка на тур',
  bookingLead: 'Оставьте имя и эл. почту: организатор ответит вам в чате и подтвердит места.',
  bookingTour: 'Тур',
  bookingDate: 'Заезд',
  bookingAnyDate: 'Любая дата: напишите какая, в сообщении',
  yourName: 'Ваше имя',
  yourEmail: 'Ваша эл. почта',
  yourMessage: 'Сообщение',
  bookingMessageHint: 'Сколько вас, вопросы организатору',
  sendRequest: 'Отправить заявку',
  errorRequired: 'Заполните поле',
  errorEmail: 'Проверьте эл. почту: похоже, в ней опечатка',
  errorTooLong: 'Слишком длинно',
  errorTooMany: 'Слишком много заявок с вашего адреса: попробуйте через четверть часа',
  errorForm: 'Проверьте поля, отмеченные ниже',
};

const DICTS: Record<SiteLang, Dict> = { en, ru };
type TextKey = { [K in keyof Dict]: Dict[K] extends string ? K : never }[keyof Dict];
type PluralKey = { [K in keyof Dict]: Dict[K] extends Plural ? K : never }[keyof Dict];

const fill = (text: string, vars: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));

/** The site's texts in one language. */
export const siteText = (lang: SiteLang) => {
  const dict = DICTS[lang] ?? en;
  const plural = new Intl.PluralRules(lang);
  const locale = lang === 'ru' ? 'ru-RU' : 'en-GB';
  return {
    lang,
    t: (key: TextKey, vars: Record<string, string | number> = {}): string => fill(dict[key] ?? String(key), vars),
    plural: (key: PluralKey, n: number): string => {
      const f = dict[key];
      return fill(f[plural.select(n)] ?? f.other, { n });
    },
    money: (amount: number, currency: string): string =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      }).format(amount),
    /** a calendar date (YYYY-MM-DD) read in UTC, so the server and the browser agree */
    date: (iso: string, opts: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' }): string => {
      const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' }).format(d);
    },
    month: (iso: string): string => {
      const d = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
      return Number.isNaN(d.getTime())
        ? iso
        : new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
    },
  };
};
export type SiteText = ReturnType<typeof siteText>;
