/**
 * Sample data of a public site: an organizer, a tour with its programme, dates, guides and
 * accommodation, tour cards, a schedule, and a main and a tour page with blocks of every type.
 * The renderer's tests, the editor and the e2e reuse them. Plain data (no zod): safe in the browser.
 */
import type {
  CustomMetadata,
  CustomPage,
  PublicTour,
  PublicTourCard,
  PublicTourDate,
  SiteOrgData,
  ToursSchedule,
} from '@tourdesk/contract/api/site';
import type { Image } from '@tourdesk/contract/entities/common';
import type { SitePreset } from '@tourdesk/contract/entities/site';
import type { TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import type { SiteContextData, SiteDocumentInput, SiteLang } from './types';

/** A picture drawn inline (no request to any host): a gradient with mountains. */
export const fixtureImage = (id: number, hue: number, alt = ''): Image => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 78%)"/><stop offset="1" stop-color="hsl(${hue} 45% 55%)"/></linearGradient></defs><rect width="400" height="300" fill="url(#g)"/><path d="M0 300 L110 150 L170 215 L260 95 L400 300Z" fill="hsl(${hue} 35% 32%)"/><circle cx="320" cy="70" r="28" fill="hsl(45 90% 85%)"/></svg>`;
  return { id, url: `data:image/svg+xml,${encodeURIComponent(svg)}`, alt };
};

/** The shipped presets' colours (the server's preset list carries the same five). */
export const FIXTURE_PRESETS: SitePreset[] = [
  {
    preset_type: 'forest',
    name: 'Forest',
    colors: {
      primary: '#2f6b3a',
      on_primary: '#ffffff',
      background: '#ffffff',
      surface: '#f1f5ef',
      text: '#1c2a1f',
      muted_text: '#4d5e50',
    },
    heading_font_id: 1,
    body_font_id: 2,
    heading_font_weight: 700,
    body_font_weight: 400,
    radius: 14,
  },
  {
    preset_type: 'sea',
    name: 'Sea',
    colors: {
      primary: '#0b5c8a',
      on_primary: '#ffffff',
      background: '#ffffff',
      surface: '#eef5fa',
      text: '#0f2330',
      muted_text: '#4a5f6c',
    },
    heading_font_id: 1,
    body_font_id: 2,
    heading_font_weight: 700,
    body_font_weight: 400,
    radius: 18,
  },
  {
    preset_type: 'sunset',
    name: 'Sunset',
    colors: {
      primary: '#c2410c',
      on_primary: '#ffffff',
      background: '#fffaf5',
      surface: '#fdeee2',
      text: '#2b1a10',
      muted_text: '#6b4f3f',
    },
    heading_font_id: 1,
    body_font_id: 2,
    heading_font_weight: 800,
    body_font_weight: 400,
    radius: 10,
  },
  {
    preset_type: 'mountain',
    name: 'Mountain',
    colors: {
      primary: '#e2e8f0',
      on_primary: '#0f172a',
      background: '#0f172a',
      surface: '#1e293b',
      text: '#f1f5f9',
      muted_text: '#a8b3c4',
    },
    heading_font_id: 1,
    body_font_id: 2,
    heading_font_weight: 700,
    body_font_weight: 400,
    radius: 6,
  },
  {
    preset_type: 'minimal',
    name: 'Minimal',
    colors: {
      primary: '#111111',
      on_primary: '#ffffff',
      background: '#ffffff',
      surface: '#f5f5f5',
      text: '#111111',
      muted_text: '#555555',
    },
    heading_font_id: 1,
    body_font_id: 1,
    heading_font_weight: 600,
    body_font_weight: 400,
    radius: 0,
  },
];

const date = (
  id: number,
  start: string,
  end: string,
  price: number,
  seats: number,
  notGuaranteed = false,
): PublicTourDate => ({
  id,
  date_start: start,
  date_end: end,
  time_start: '09:00',
  price,
  currency: 'RUB',
  number_of_free_seats: seats,
  not_guaranteed: notGuaranteed,
});

const block = <B extends TypedSiteBlock>(
  b: Omit<B, 'is_hidden' | 'settings'> & Partial<Pick<B, 'is_hidden' | 'settings'>>,
): B => ({ is_hidden: false, settings: { background: 'default', spacing: 'normal', anchor: '' }, ...b }) as B;

export const fixtureTourDates: PublicTourDate[] = [
  date(101, '2027-06-12', '2027-06-16', 48_500, 8),
  date(102, '2027-06-26', '2027-06-30', 48_500, 0),
  date(103, '2027-07-10', '2027-07-14', 52_000, 3, true),
  date(104, '2027-07-24', '2027-07-28', 52_000, 12),
  date(105, '2027-08-07', '2027-08-11', 52_000, 12),
  date(106, '2027-08-21', '2027-08-25', 49_900, 6),
  date(107, '2027-09-04', '2027-09-08', 45_000, 14),
];

export const fixtureTour: PublicTour = {
  id: 11,
  name: 'Altai: lakes and passes',
  screen_name: 'altai-lakes',
  description: 'Five days on horseback and on foot between turquoise lakes, with nights in a mountain camp.',
  cover: fixtureImage(1, 200, 'Lake in the Altai mountains'),
  price: 45_000,
  currency: 'RUB',
  duration: 5,
  duration_hours: null,
  nearest_date: fixtureTourDates[0]!,
  is_mock: false,
  photos: [fixtureImage(2, 160, 'Camp at dawn'), fixtureImage(3, 30, 'The pass')],
  video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  program: [
    {
      day: 1,
      title: 'Arrival and the road to the camp',
      description: 'We meet at Gorno-Altaysk airport and drive along the Chuysky Trakt.\n\nEvening by the fire.',
      meals: ['lunch', 'dinner'],
      photos: [fixtureImage(4, 190, 'The Chuysky Trakt')],
    },
    {
      day: 2,
      title: 'Lake Karakol',
      description: 'A walk of 12 km to the seven lakes.',
      meals: ['breakfast', 'lunch', 'dinner'],
      photos: [],
    },
    {
      day: 3,
      title: 'The pass',
      description: 'On horseback over the pass, 2 300 m.',
      meals: ['breakfast', 'dinner'],
      photos: [fixtureImage(5, 20, 'Horses')],
    },
    { day: 4, title: 'Free day', description: '', meals: ['breakfast'], photos: [] },
    {
      day: 5,
      title: 'Back to town',
      description: 'Transfer to the airport by 15:00.',
      meals: ['breakfast'],
      photos: [],
    },
  ],
  accommodations: [
    {
      name: 'Mountain camp',
      nights: 4,
      variants: [
        {
          name: 'Tent for two',
          description: 'Warm tents with mats.',
          price: 0,
          places: null,
          photos: [fixtureImage(6, 120, 'Tent')],
        },
        { name: 'Wooden cabin', description: 'A cabin with beds and a stove.', price: 6_000, places: 4, photos: [] },
      ],
    },
  ],
  living_base: 'The camp stands on the shore of Lake Teletskoye.',
  guides: [
    {
      id: 21,
      first_name: 'Anna',
      last_name: 'Sokolova',
      about: 'Mountain guide for 12 years.',
      photo: fixtureImage(7, 280, 'Anna'),
    },
    { id: 22, first_name: 'Ivan', last_name: '', about: 'Horse rider and cook.', photo: null },
  ],
  questions: [
    {
      question: 'Do I need experience with horses?',
      answer: 'No: the horses are calm and the guides teach you on day one.',
    },
    { question: 'What is the weather like?', answer: 'From +5 at night to +25 in the day.' },
  ],
  in_price: 'Transfers\nMeals in the camp\nHorses and the guides',
  not_in_price: 'Flights to Gorno-Altaysk\nInsurance',
  gathering_place: 'Gorno-Altaysk airport',
  group_min: 4,
  group_max: 12,
  min_age: 12,
  difficulty: 2,
  dates: fixtureTourDates,
};

const card = (tour: PublicTour): PublicTourCard => ({
  id: tour.id,
  name: tour.name,
  screen_name: tour.screen_name,
  description: tour.description,
  cover: tour.cover,
  price: tour.price,
  currency: tour.currency,
  duration: tour.duration,
  duration_hours: tour.duration_hours,
  nearest_date: tour.nearest_date,
  is_mock: tour.is_mock,
});

export const fixtureTours: PublicTourCard[] = [
  card(fixtureTour),
  {
    id: 12,
    name: 'Baikal on ice',
    screen_name: 'baikal-ice',
    description: 'Skates, hovercraft and the clearest ice in the world.',
    cover: fixtureImage(8, 210, ''),
    price: 62_000,
    currency: 'RUB',
    duration: 4,
    duration_hours: null,
    nearest_date: date(201, '2027-02-20', '2027-02-23', 62_000, 5),
    is_mock: false,
  },
  {
    id: 13,
    name: 'An evening in old Kazan',
    screen_name: 'kazan-evening',
    description: 'A walk through the Kremlin and the Old Tatar quarter.',
    cover: null,
    price: 2_500,
    currency: 'RUB',
    duration: null,
    duration_hours: 3,
    nearest_date: null,
    is_mock: false,
  },
];

export const fixtureSchedule: ToursSchedule = {
  items: [
    { tour: fixtureTours[1]!, date: fixtureTours[1]!.nearest_date! },
    ...fixtureTourDates.slice(0, 4).map((d) => ({ tour: fixtureTours[0]!, date: d })),
  ],
  page: 1,
  per_page: 5,
  total: 9,
};

const link = {
  anchor: (anchor: string, text: string) => ({ kind: 1 as const, anchor, text }),
  external: (url: string, text: string) => ({ kind: 2 as const, url, text }),
  booking: (text: string, tourId: number | null = null, dateId: number | null = null) => ({
    kind: 3 as const,
    tour_id: tourId,
    tour_date_id: dateId,
    text,
  }),
};

export const fixtureSiteBlocks: TypedSiteBlock[] = [
  block({
    id: 'header',
    type: 1,
    data: {
      site_name: 'Wild Altai',
      logo: null,
      menu: [
        { text: 'Tours', link: link.anchor('tours', 'Tours') },
        { text: 'About', link: link.anchor('about', 'About') },
        { text: 'Contacts', link: link.anchor('contacts', 'Contacts') },
        { text: 'Blog', link: link.external('https://blog.example.com/', 'Blog') },
      ],
      button: link.booking('Book a tour'),
    },
  }),
  block({
    id: 'footer',
    type: 2,
    settings: { background: 'muted', spacing: 'normal', anchor: '' },
    data: {
      text: 'Small-group tours to the Altai since 2012.',
      menu: [
        { text: 'Tours', link: link.anchor('tours', 'Tours') },
        { text: 'Schedule', link: link.anchor('schedule', 'Schedule') },
      ],
      socials: [
        { network: 'telegram', url: 'https://t.me/wildaltai' },
        { network: 'vk', url: 'https://vk.com/wildaltai' },
      ],
      show_documents: true,
      show_contacts: true,
    },
  }),
];

export const fixtureOrg = (preset: SitePreset = FIXTURE_PRESETS[0]!): SiteOrgData => ({
  site_id: 1,
  organizer_id: 5,
  name: 'Wild Altai',
  description: 'Small-group tours to the Altai mountains.',
  logo: null,
  phone: '+7 913 000-12-34',
  email: 'hello@wild-altai.example',
  address: 'Gorno-Altaysk, Kommunistichesky pr., 1',
  preset,
  fonts: [
    {
      id: 1,
      name: 'Manrope',
      family: 'Manrope',
      weights: [400, 700],
      files: [
        { weight: 400, url: '/site-assets/fonts/manrope-400.woff2' },
        { weight: 700, url: '/site-assets/fonts/manrope-700.woff2' },
      ],
      is_custom: false,
    },
    {
      id: 2,
      name: 'Inter',
      family: 'Inter',
      weights: [400],
      files: [{ weight: 400, url: '/site-assets/fonts/inter-400.woff2' }],
      is_custom: false,
    },
  ],
  favicon_url: '/favicon.ico',
  site_blocks: fixtureSiteBlocks,
  has_agreement: true,
  has_policy: true,
});

/** The main page: every block type the main page takes, filled. */
export const fixtureMainPage: CustomPage = {
  type: 'main',
  version: 3,
  tour: null,
  blocks: [
    block({
      id: 'intro',
      type: 3,
      data: {
        title: 'Tours to the Altai in small groups',
        subtitle: 'Lakes, passes and horses — with guides who were born here.',
        media: { kind: 'image', image: fixtureImage(9, 190, 'Mountains over a lake') },
        button: link.anchor('tours', 'Choose a tour'),
      },
    }),
    block({
      id: 'tours',
      type: 4,
      settings: { background: 'muted', spacing: 'normal', anchor: 'tours' },
      data: { title: 'Our tours', subtitle: 'Departures from June to September.', tour_ids: [], layout: 'grid' },
    }),
    block({
      id: 'about',
      type: 5,
      settings: { background: 'default', spacing: 'normal', anchor: 'about' },
      data: {
        title: 'About us',
        text: 'We are a team of five guides.\n\nEvery route we walked ourselves first.',
        media: {
          kind: 'video',
          provider: 'youtube',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          poster: fixtureImage(10, 150, 'The team'),
        },
      },
    }),
    block({
      id: 'gallery',
      type: 6,
      data: {
        title: 'Photos',
        items: [1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({
          kind: 'image' as const,
          image: fixtureImage(30 + i, i * 40, `Photo ${i}`),
        })),
      },
    }),
    block({
      id: 'advantages',
      type: 7,
      settings: { background: 'accent', spacing: 'normal', anchor: '' },
      data: {
        title: 'Why us',
        items: [
          { title: 'Small groups', text: 'Never more than 12 people.', media: null },
          { title: 'Local guides', text: 'Born and raised in the Altai.', media: null },
          { title: 'All inclusive', text: 'Meals, horses and transfers.', media: null },
        ],
      },
    }),
    block({
      id: 'stats',
      type: 8,
      data: {
        title: 'In numbers',
        items: [
          { value: '12', label: 'years on the routes' },
          { value: '3 400', label: 'travellers' },
          { value: '4.9', label: 'average rating' },
          { value: '18', label: 'routes' },
        ],
      },
    }),
    block({
      id: 'schedule',
      type: 9,
      settings: { background: 'muted', spacing: 'normal', anchor: 'schedule' },
      data: { title: 'Schedule', subtitle: 'The nearest departures.', tour_ids: [], months_ahead: 6 },
    }),
    block({
      id: 'steps',
      type: 10,
      data: {
        title: 'How to book',
        steps: [
          { title: 'Choose a date', text: 'Pick a departure with free seats.' },
          { title: 'Send a request', text: 'We answer within an hour.' },
          { title: 'Pay the deposit', text: '30% secures your seat.' },
          { title: 'Pack your bag', text: 'We send a list of what to bring.' },
        ],
      },
    }),
    block({
      id: 'media',
      type: 11,
      data: {
        title: 'Press about us',
        articles: [
          {
            url: 'https://news.example.com/altai',
            title: 'Ten places in the Altai to see this summer',
            source_name: 'Travel News',
            image: null,
            published_at: '2026-05-12',
          },
        ],
      },
    }),
    block({
      id: 'reviews',
      type: 17,
      settings: { background: 'dark', spacing: 'normal', anchor: '' },
      data: {
        title: 'Reviews',
        items: [
          { author: 'Maria', text: 'The best week of my summer.', rating: 5, date: 'July 2026' },
          { author: 'Oleg', text: 'Great guides, simple and tasty food.', rating: 4, date: 'August 2026' },
        ],
      },
    }),
    block({
      id: 'faq',
      type: 19,
      data: {
        title: 'Questions',
        items: [
          { question: 'How fit do I need to be?', answer: 'Walking 10–15 km a day is enough.' },
          { question: 'Can I come with children?', answer: 'From 12 years old.' },
        ],
      },
    }),
    block({
      id: 'contacts',
      type: 21,
      settings: { background: 'muted', spacing: 'normal', anchor: 'contacts' },
      data: {
        title: 'Contacts',
        text: 'Write or call: we answer every day from 9 to 21.',
        show_phone: true,
        show_email: true,
        show_address: true,
      },
    }),
    block({
      id: 'text',
      type: 24,
      data: {
        title: 'Good to know',
        html: '<p>All our routes are <strong>registered</strong> with the rescue service.</p><ul><li>Insurance is required</li><li>Bring a passport</li></ul>',
      },
    }),
    block({
      id: 'recommendations',
      type: 25,
      settings: { background: 'default', spacing: 'compact', anchor: '' },
      data: {
        title: 'What to bring',
        items: [
          { title: 'Boots', text: 'Trekking boots you have worn before.' },
          { title: 'Warm layer', text: 'A fleece for the evenings.' },
        ],
      },
    }),
  ],
};

/** The tour page: every block type the tour page takes, filled (the tour-bound ones read the tour). */
export const fixtureTourPage: CustomPage = {
  type: 'tour',
  version: 2,
  tour: fixtureTour,
  blocks: [
    block({
      id: 'tour-intro',
      type: 12,
      data: { media: null, show_price: true, show_nearest_date: true, button: null },
    }),
    block({
      id: 'impressions',
      type: 13,
      data: {
        title: 'What you will see',
        items: [
          { media: { kind: 'image', image: fixtureImage(40, 170, 'Lake') }, text: 'Seven lakes in one day.' },
          { media: { kind: 'image', image: fixtureImage(41, 25, 'Pass') }, text: 'The view from the pass.' },
          { media: null, text: 'Stars you never see in a city.' },
        ],
      },
    }),
    block({ id: 'program', type: 14, data: { title: 'Programme', show_photos: true, show_meals: true } }),
    block({
      id: 'livings',
      type: 15,
      settings: { background: 'muted', spacing: 'normal', anchor: '' },
      data: { title: 'Where you stay', text: 'Comfortable camp with a sauna.' },
    }),
    block({ id: 'guides', type: 16, data: { title: 'Your guides' } }),
    block({
      id: 'price',
      type: 18,
      settings: { background: 'muted', spacing: 'normal', anchor: 'price' },
      data: { title: 'Price', show_in_price: true, show_not_in_price: true, button: null },
    }),
    block({
      id: 'dates',
      type: 20,
      settings: { background: 'default', spacing: 'normal', anchor: 'dates' },
      data: { title: 'Dates', button_text: '' },
    }),
    block({ id: 'tour-faq', type: 23, data: { title: 'About this tour' } }),
    block({
      id: 'gallery',
      type: 6,
      data: {
        title: 'Photos',
        items: [
          { kind: 'image', image: fixtureImage(50, 60, 'Meadow') },
          { kind: 'image', image: fixtureImage(51, 100, 'River') },
          { kind: 'video', provider: 'vimeo', url: 'https://vimeo.com/76979871', poster: null },
        ],
      },
    }),
    block({
      id: 'advantages',
      type: 7,
      data: { title: 'Included', items: [{ title: 'Horses', text: 'Calm horses for every level.', media: null }] },
    }),
    block({
      id: 'steps',
      type: 10,
      data: {
        title: 'Booking',
        steps: [
          { title: 'Request', text: 'Send a request.' },
          { title: 'Deposit', text: 'Pay 30%.' },
        ],
      },
    }),
    block({
      id: 'reviews',
      type: 17,
      data: { title: 'Reviews', items: [{ author: 'Pavel', text: 'Unforgettable.', rating: 5, date: '2026' }] },
    }),
    block({
      id: 'faq',
      type: 19,
      data: { title: 'FAQ', items: [{ question: 'Is there mobile signal?', answer: 'Only in the villages.' }] },
    }),
    block({
      id: 'contacts',
      type: 21,
      data: { title: 'Questions? Call us', text: '', show_phone: true, show_email: true, show_address: false },
    }),
    block({ id: 'text', type: 24, data: { title: 'Visa', html: '<p>No visa is needed for citizens of Russia.</p>' } }),
    block({
      id: 'recommendations',
      type: 25,
      data: { title: 'Packing list', items: [{ title: 'Rain jacket', text: 'Weather changes fast.' }] },
    }),
    block({
      id: 'other-tours',
      type: 22,
      settings: { background: 'muted', spacing: 'normal', anchor: '' },
      data: { title: 'Other tours', limit: 3 },
    }),
  ],
};

/** A hidden block (the renderer leaves it out). */
export const fixtureHiddenBlock: TypedSiteBlock = block({
  id: 'hidden',
  type: 24,
  is_hidden: true,
  data: { title: 'Hidden text', html: '<p>Not shown</p>' },
});

export const fixtureMetadata = (lang: SiteLang, path = '/'): CustomMetadata => ({
  title: lang === 'ru' ? 'Дикий Алтай — туры' : 'Wild Altai — tours',
  description: 'Small-group tours to the Altai mountains.',
  canonical: `https://wild-altai.example${path}${lang === 'ru' ? '?lang=ru' : ''}`,
  image: 'https://wild-altai.example/og.jpg',
  alternates: [
    { lang: 'en', url: `https://wild-altai.example${path}` },
    { lang: 'ru', url: `https://wild-altai.example${path}?lang=ru` },
  ],
  json_ld: [{ '@context': 'https://schema.org', '@type': 'TravelAgency', name: 'Wild Altai' }],
});

/** The context data of a page of the fixture site. */
export const fixtureContext = (
  lang: SiteLang = 'en',
  tour: PublicTour | null = null,
  preset?: SitePreset,
): SiteContextData => ({
  lang,
  org: fixtureOrg(preset),
  tours: fixtureTours,
  tour,
  schedule: fixtureSchedule,
  base: '',
});

/** A whole document input of the fixture site: its main page or its tour page. */
export const fixtureDocumentInput = (
  page: 'main' | 'tour' = 'main',
  lang: SiteLang = 'en',
  preset?: SitePreset,
): SiteDocumentInput => {
  const tour = page === 'tour' ? fixtureTour : null;
  return {
    ...fixtureContext(lang, tour, preset),
    view: { kind: 'page', page: page === 'tour' ? fixtureTourPage : fixtureMainPage },
    metadata: fixtureMetadata(lang, page === 'tour' ? `/tours/${fixtureTour.screen_name}` : '/'),
    assets: { css: [], js: null },
  };
};
