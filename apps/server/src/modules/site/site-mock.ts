import type { Language, PublicTour, PublicTourCard, PublicTourDate } from '@tourdesk/contract';

/**
 * The sample tours the editor shows a provider without tours (site-mock-tours, site-mock-tour),
 * in en and ru; is_mock true. Their departures are made from today, so they are always ahead.
 */

const addDays = (n: number): string => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Sample {
  id: number;
  slug: string;
  price: number;
  duration: number;
  name: Record<Language, string>;
  description: Record<Language, string>;
  days: Record<Language, [string, string][]>;
}

const SAMPLES: Sample[] = [
  {
    id: 1,
    slug: 'altai-mountain-trek',
    price: 48000,
    duration: 3,
    name: { en: 'Altai mountain trek', ru: 'Горный поход по Алтаю' },
    description: {
      en: 'Three days on the trails of the Altai: turquoise lakes, passes and nights by the fire.',
      ru: 'Три дня по тропам Алтая: бирюзовые озёра, перевалы и ночи у костра.',
    },
    days: {
      en: [
        ['Arrival and the first lake', 'We meet in Gorno-Altaysk and drive to the trailhead.'],
        ['The pass', 'A day on the trail with a view over the valley.'],
        ['Back to town', 'The descent and the way back.'],
      ],
      ru: [
        ['Прибытие и первое озеро', 'Встречаемся в Горно-Алтайске и едем к началу маршрута.'],
        ['Перевал', 'День на тропе с видом на долину.'],
        ['Возвращение', 'Спуск и дорога обратно.'],
      ],
    },
  },
  {
    id: 2,
    slug: 'baikal-winter-weekend',
    price: 36000,
    duration: 2,
    name: { en: 'Baikal winter weekend', ru: 'Зимние выходные на Байкале' },
    description: {
      en: 'Clear ice, ice caves and the Listvyanka market: a weekend on the frozen lake.',
      ru: 'Прозрачный лёд, ледяные гроты и рынок в Листвянке: выходные на замёрзшем озере.',
    },
    days: {
      en: [
        ['On the ice', 'A walk on the clear ice and the caves of Olkhon.'],
        ['Listvyanka', 'The museum of Baikal and the fish market.'],
      ],
      ru: [
        ['На льду', 'Прогулка по прозрачному льду и гроты Ольхона.'],
        ['Листвянка', 'Музей Байкала и рыбный рынок.'],
      ],
    },
  },
  {
    id: 3,
    slug: 'karelia-by-canoe',
    price: 29000,
    duration: 2,
    name: { en: 'Karelia by canoe', ru: 'Карелия на байдарках' },
    description: {
      en: 'Quiet rivers, pine islands and white nights: two days on the water.',
      ru: 'Тихие реки, сосновые острова и белые ночи: два дня на воде.',
    },
    days: {
      en: [
        ['Start on the river', 'A lesson on the shore and the first kilometres.'],
        ['The islands', 'Paddling between islands and the way back.'],
      ],
      ru: [
        ['Старт на реке', 'Инструктаж на берегу и первые километры.'],
        ['Острова', 'Сплав между островами и возвращение.'],
      ],
    },
  },
];

const datesOf = (s: Sample): PublicTourDate[] =>
  [14, 35, 56].map((offset, i) => ({
    id: s.id * 10 + i + 1,
    date_start: addDays(offset),
    date_end: addDays(offset + s.duration - 1),
    time_start: null,
    price: s.price,
    currency: 'RUB',
    number_of_free_seats: 8 - i * 3,
    not_guaranteed: false,
  }));

const cardOf = (s: Sample, lang: Language): PublicTourCard => ({
  id: s.id,
  name: s.name[lang],
  screen_name: s.slug,
  description: s.description[lang],
  cover: null,
  price: s.price,
  currency: 'RUB',
  duration: s.duration,
  duration_hours: null,
  nearest_date: datesOf(s)[0]!,
  is_mock: true,
});

export const mockTours = (lang: Language): PublicTourCard[] => SAMPLES.map((s) => cardOf(s, lang));

export const mockTour = (lang: Language): PublicTour => {
  const s = SAMPLES[0]!;
  const ru = lang === 'ru';
  return {
    ...cardOf(s, lang),
    photos: [],
    video_url: null,
    program: s.days[lang].map(([title, description], i) => ({
      day: i + 1,
      title,
      description,
      meals: [],
      photos: [],
    })),
    accommodations: [],
    living_base: ru ? 'Палатки на берегу озера' : 'Tents by the lake',
    guides: [],
    questions: [
      {
        question: ru ? 'Нужен ли опыт походов?' : 'Do I need hiking experience?',
        answer: ru ? 'Нет, маршрут подходит новичкам.' : 'No, the route suits beginners.',
      },
    ],
    in_price: ru ? 'Проживание, питание, гид' : 'Accommodation, meals, a guide',
    not_in_price: ru ? 'Дорога до Горно-Алтайска' : 'Travel to Gorno-Altaysk',
    gathering_place: ru ? 'Горно-Алтайск, вокзал' : 'Gorno-Altaysk, the station',
    group_min: 4,
    group_max: 12,
    min_age: 12,
    difficulty: 2,
    dates: datesOf(s),
  };
};
