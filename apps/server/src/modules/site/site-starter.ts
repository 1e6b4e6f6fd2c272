import {
  BLOCK_LINK_KIND,
  SITE_BLOCK_TYPE,
  blockSocialLinkSchema,
  typedSiteBlockSchema,
  type Image,
  type Language,
  type PageType,
  type SiteBlockTypeName,
  type TypedSiteBlock,
} from '@tourdesk/contract';

/**
 * The drafts a new site starts with (attach-site): each page's blocks filled from the organizer's
 * profile (name, description, contacts, logo, social links) and tours, in the organizer's
 * language. Every block goes through the contract's schema, so its defaults are filled and it is
 * what save-page-blocks would store.
 */

export interface StarterProfile {
  name: string;
  description: string;
  logo: Image | null;
  /** the cover of the organizer's first published tour, for the main page's first screen */
  cover: Image | null;
  social_links: Record<string, string>;
  /** how many tours the organizer has published */
  tour_count: number;
}

const T = {
  en: {
    tours: 'Tours',
    about: 'About us',
    faq: 'Questions',
    contacts: 'Contacts',
    book: 'Book a tour',
    choose: 'Choose a tour',
    ourTours: 'Our tours',
    subtitle: 'Small groups, thought-out routes and care at every step',
    toursSubtitle: 'Pick a trip and book it online',
    advantages: 'Why travel with us',
    adv: [
      ['Experienced guides', 'Our guides know every path and every story of the places we go.'],
      ['Small groups', 'We travel in small groups, so everyone gets attention.'],
      ['Everything arranged', 'Transport, accommodation and meals are planned for you.'],
    ],
    steps: 'How to book',
    stepList: [
      ['Choose a tour and a date', 'See the programme, the price and the free seats.'],
      ['Send a request', 'Leave your contacts: we confirm the booking and answer your questions.'],
      ['Pay and go', 'Pay the deposit online and get everything you need before the trip.'],
    ],
    faqItems: [
      ['What do I need to book?', 'Choose a date, send a request and pay the deposit: we do the rest.'],
      ['Can I cancel?', 'Yes: the cancellation terms are on each tour’s page.'],
      ['Is the tour suitable for beginners?', 'Each tour shows its difficulty; ask us if in doubt.'],
    ],
    program: 'Programme',
    price: 'Price',
    dates: 'Dates',
    datesButton: 'Book',
    livings: 'Accommodation',
    guides: 'Guides',
    tourFaq: 'Questions about the tour',
    reviews: 'Reviews',
    otherTours: 'Other tours',
    writeUs: 'Write or call us: we will gladly answer.',
    footer: 'All rights reserved.',
  },
  ru: {
    tours: 'Туры',
    about: 'О нас',
    faq: 'Вопросы',
    contacts: 'Контакты',
    book: 'Забронировать тур',
    choose: 'Выбрать тур',
    ourTours: 'Наши туры',
    subtitle: 'Небольшие группы, продуманные маршруты и забота на каждом шаге',
    toursSubtitle: 'Выберите путешествие и забронируйте его онлайн',
    advantages: 'Почему с нами',
    adv: [
      ['Опытные гиды', 'Наши гиды знают каждую тропу и каждую историю мест, куда мы едем.'],
      ['Небольшие группы', 'Мы путешествуем небольшими группами: внимание достаётся каждому.'],
      ['Всё организовано', 'Транспорт, проживание и питание мы продумали за вас.'],
    ],
    steps: 'Как забронировать',
    stepList: [
      ['Выберите тур и дату', 'Посмотрите программу, цену и свободные места.'],
      ['Оставьте заявку', 'Оставьте контакты: мы подтвердим бронь и ответим на вопросы.'],
      ['Оплатите и отправляйтесь', 'Внесите предоплату онлайн и получите всё нужное перед поездкой.'],
    ],
    faqItems: [
      ['Что нужно для бронирования?', 'Выберите дату, оставьте заявку и внесите предоплату — остальное сделаем мы.'],
      ['Можно ли отменить поездку?', 'Да: условия отмены указаны на странице каждого тура.'],
      ['Подойдёт ли тур новичкам?', 'У каждого тура указана сложность; если сомневаетесь, спросите нас.'],
    ],
    program: 'Программа',
    price: 'Стоимость',
    dates: 'Даты',
    datesButton: 'Забронировать',
    livings: 'Проживание',
    guides: 'Гиды',
    tourFaq: 'Вопросы о туре',
    reviews: 'Отзывы',
    otherTours: 'Другие туры',
    writeUs: 'Напишите или позвоните нам — с радостью ответим.',
    footer: 'Все права защищены.',
  },
} as const;

const block = (id: string, type: SiteBlockTypeName, data: Record<string, unknown>): TypedSiteBlock =>
  typedSiteBlockSchema.parse({ id, type: SITE_BLOCK_TYPE[type], settings: { anchor: id }, data });

const anchor = (to: string, text: string) => ({ kind: BLOCK_LINK_KIND.anchor, anchor: to, text });
const booking = (text: string) => ({ kind: BLOCK_LINK_KIND.crm_booking, tour_id: null, tour_date_id: null, text });
const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const image = (img: Image | null) => (img ? { kind: 'image', image: img } : null);

/** The starter drafts of the three pages. */
export const starterPages = (p: StarterProfile, lang: Language): Record<PageType, TypedSiteBlock[]> => {
  const t = T[lang];
  const menu = [
    { text: t.tours, link: anchor('tours', t.tours) },
    { text: t.about, link: anchor('about', t.about) },
    { text: t.faq, link: anchor('faq', t.faq) },
    { text: t.contacts, link: anchor('contacts', t.contacts) },
  ];
  // only the links the footer's schema takes (an http(s) URL of a known network)
  const socials = Object.entries(p.social_links).flatMap(([network, url]) => {
    const parsed = blockSocialLinkSchema.safeParse({ network, url });
    return parsed.success ? [parsed.data] : [];
  });
  const name = cut(p.name, 160);
  return {
    site: [
      block('header', 'app_header', {
        site_name: name,
        logo: image(p.logo),
        menu,
        button: anchor('tours', t.choose),
      }),
      block('footer', 'footer', { text: cut(`© ${p.name}. ${t.footer}`, 300), menu, socials: socials.slice(0, 8) }),
    ],
    main: [
      block('intro', 'main_intro', {
        title: name,
        subtitle: cut(p.description.split('\n')[0]?.trim() || t.subtitle, 300),
        media: image(p.cover ?? p.logo),
        button: anchor('tours', p.tour_count ? t.choose : t.contacts),
      }),
      // no tour ids: every published tour, as they come and go
      block('tours', 'tours', { title: t.ourTours, subtitle: t.toursSubtitle }),
      block('about', 'about_info', { title: t.about, text: cut(p.description, 5000), media: image(p.logo) }),
      block('advantages', 'advantages', {
        title: t.advantages,
        items: t.adv.map(([title, text]) => ({ title, text })),
      }),
      block('steps', 'booking_steps', { title: t.steps, steps: t.stepList.map(([title, text]) => ({ title, text })) }),
      block('faq', 'faq', { title: t.faq, items: t.faqItems.map(([question, answer]) => ({ question, answer })) }),
      block('contacts', 'contacts', { title: t.contacts, text: t.writeUs }),
    ],
    tour: [
      block('intro', 'tour_intro', { button: booking(t.book) }),
      block('program', 'program', { title: t.program }),
      block('price', 'price', { title: t.price, button: booking(t.book) }),
      block('dates', 'dates', { title: t.dates, button_text: t.datesButton }),
      block('livings', 'livings', { title: t.livings }),
      block('guides', 'guides', { title: t.guides }),
      block('tour-faq', 'tour_faq', { title: t.tourFaq }),
      block('reviews', 'reviews', { title: t.reviews }),
      block('other-tours', 'other_tours', { title: t.otherTours }),
      block('contacts', 'contacts', { title: t.contacts, text: t.writeUs }),
    ],
  };
};
