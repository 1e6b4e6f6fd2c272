import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import {
  catalogueItems,
  guides,
  organizers,
  organizerSites,
  tourAccommodations,
  tourAccommodationVariants,
  tourCities,
  tourDates,
  tourDiscounts,
  tourGuides,
  tourPenalties,
  tourProgramDays,
  tourQuestions,
  tours,
  tourSiteStatuses,
} from '../schema/index';
import type { TemplateLanguage } from '../../modules/template/index';
import { documentLanguageOf } from './seed';

/**
 * The demo organizers' tours, so a fresh `npm start` shows a living catalogue: multi-day tours and
 * excursions with a programme, questions, penalties, discounts, catalogue values, guides and
 * departures spread over the coming months (some seats already taken). Texts are in the organizer's
 * document language (`documentLanguageOf`, as for its contract). Their photos come after the app is
 * built (demo-photos.ts: they go through the upload service). Called by `seedDemo` in its transaction: it runs on an empty database
 * only, so a restart adds nothing.
 */

type Meal = 'breakfast' | 'lunch' | 'dinner';
type TourText = {
  name: string;
  description: string;
  gathering_place: string;
  in_price: string;
  not_in_price: string;
  living_base?: string;
  program: { title: string; description: string; meals: Meal[] }[];
  questions: { question: string; answer: string; added_to_voucher: boolean }[];
  accommodations?: { name: string; nights: number; variants: { name: string; price: string; places: number }[] }[];
};
type Departure = { offset: number; time?: string; seats: number; taken: number; price?: number };
type Transport = 'plane' | 'train' | 'bus' | 'car' | 'ship';
type DemoTour = {
  screen_name: string;
  status: 'published' | 'draft';
  /** the tour's moderation on the organizer's connected sites, when published */
  site_status?: 'published' | 'moderation';
  type: 1 | 2;
  /** the organizer's texts by document language; Russian when its language has none */
  text: Partial<Record<TemplateLanguage, TourText>> & { ru: TourText };
  /** RUB unless said */
  currency?: 'EUR' | 'USD';
  price: number;
  difficulty: number;
  group_min: number;
  group_max: number;
  duration: number;
  duration_hours?: string;
  min_age: number;
  max_age: number;
  max_tourist_weight?: number;
  comfort: ('base' | 'base_plus' | 'medium' | 'improved' | 'premium')[];
  is_dates_preliminary?: boolean;
  is_program_preliminary?: boolean;
  /** catalogue values by English name */
  regions: string[];
  host_cities: string[];
  rest_kinds: string[];
  collections: string[];
  showplaces: string[];
  main_activity: string;
  lat: number;
  lng: number;
  /** the organizer's guides by first name */
  guides: string[];
  penalties: { days_before: number; percent: number }[];
  early_booking_days?: { days_before: number; value: number };
  /** the seasonal discount: departures starting from…to days from the seeding day */
  seasonal?: { from: number; to: number; value: number; value_type: 'percent' | 'currency' };
  cities: { city: string; arrival?: Transport[]; departure?: Transport[]; time?: string }[];
  departures: Departure[];
};

/** Every weekday (Sunday 0) in `days` within the next `weeks` weeks: an excursion run several times a week. */
const weekly = (today: Date, days: number[], weeks: number, time: string, seats: number): Departure[] =>
  Array.from({ length: weeks * 7 }, (_, i) => i + 1)
    .filter((offset) => days.includes(new Date(today.getTime() + offset * 86_400_000).getUTCDay()))
    .map((offset, i) => ({ offset, time, seats, taken: offset <= 14 ? [9, 12, 6, 15][i % 4]! : [4, 0, 7][i % 3]! }));

const ALTAI_PENALTIES = [
  { days_before: 30, percent: 10 },
  { days_before: 14, percent: 50 },
  { days_before: 3, percent: 100 },
];

const altaiTours = (today: Date): DemoTour[] => [
  {
    screen_name: 'altai-lakes-trek',
    status: 'published',
    site_status: 'published',
    type: 1,
    text: {
      ru: {
        name: 'Мультинские озёра: 7 дней треккинга по Алтаю',
        description:
          '<p>Неделя в сердце Катунского хребта: пешком от кедровой тайги к бирюзовым Мультинским озёрам, ночёвки в палатках у воды, водопады и виды на ледники.</p><p>Маршрут подходит новичкам в хорошей форме: рюкзаки с общим снаряжением везут лошади, с группой идут два гида-инструктора.</p>',
        gathering_place: 'Горно-Алтайск, железнодорожные кассы у автовокзала, 08:00',
        in_price:
          'Трансфер Горно-Алтайск — Мульта — Горно-Алтайск\nПроживание: 2 ночи на турбазе, 4 ночи в палатках\nТрёхразовое питание на маршруте\nРабота гидов и конной заброски\nГрупповое снаряжение: палатки, котлы, тенты',
        not_in_price: 'Дорога до Горно-Алтайска\nЛичное снаряжение (можно взять в прокат)\nСтраховка\nБаня на турбазе',
        living_base: 'Турбаза в селе Мульта и палаточный лагерь у Нижнего Мультинского озера',
        program: [
          {
            title: 'Горно-Алтайск — Мульта',
            description:
              'Встреча группы в 08:00, переезд по Чуйскому тракту в Мульту (около 7 часов), заселение на турбазу, инструктаж.',
            meals: ['lunch', 'dinner'],
          },
          {
            title: 'К Нижнему Мультинскому озеру',
            description: 'Пеший переход 14 км по долине реки Мульта, лагерь на берегу озера.',
            meals: ['breakfast', 'lunch', 'dinner'],
          },
          {
            title: 'Среднее озеро и водопад',
            description: 'Радиальный выход к Среднему Мультинскому озеру и водопаду Шумы, купание для смелых.',
            meals: ['breakfast', 'lunch', 'dinner'],
          },
          {
            title: 'Верхнее озеро',
            description: 'Подъём к Верхнему Мультинскому озеру под ледниками Катунского хребта, 18 км.',
            meals: ['breakfast', 'lunch', 'dinner'],
          },
          {
            title: 'Озеро Поперечное',
            description: 'Переход к озеру Поперечному с видом на водопад, вечер у костра.',
            meals: ['breakfast', 'lunch', 'dinner'],
          },
          {
            title: 'Спуск в Мульту',
            description: 'Обратный переход в Мульту, баня на турбазе, прощальный ужин.',
            meals: ['breakfast', 'lunch', 'dinner'],
          },
          {
            title: 'Возвращение в Горно-Алтайск',
            description: 'Завтрак и переезд в Горно-Алтайск, прибытие около 17:00.',
            meals: ['breakfast'],
          },
        ],
        questions: [
          {
            question: 'Нужен ли опыт походов?',
            answer: 'Нет, достаточно хорошей физической формы: переходы до 18 км в день без тяжёлого рюкзака.',
            added_to_voucher: false,
          },
          {
            question: 'Что взять с собой?',
            answer:
              'Треккинговые ботинки, спальник до −5 °C, дождевик, налобный фонарь. Полный список пришлём после бронирования.',
            added_to_voucher: true,
          },
        ],
        accommodations: [
          {
            name: 'Турбаза в Мульте',
            nights: 2,
            variants: [
              { name: 'Место в двухместном номере', price: '0', places: 2 },
              { name: 'Одноместный номер', price: '4500', places: 1 },
            ],
          },
          { name: 'Палаточный лагерь', nights: 4, variants: [] },
        ],
      },
    },
    price: 48_500,
    difficulty: 3,
    group_min: 4,
    group_max: 14,
    duration: 7,
    min_age: 12,
    max_age: 65,
    comfort: ['base'],
    regions: ['Altai Republic'],
    host_cities: ['Gorno-Altaysk'],
    rest_kinds: ['Hiking tours', 'Mountain tours', 'Active holidays'],
    collections: ['Summer in the mountains', 'For beginners'],
    showplaces: ['Multinskiye Lakes', 'Chuysky Trakt'],
    main_activity: 'Trekking',
    lat: 49.9833,
    lng: 85.8667,
    guides: ['Ivan', 'Aruzhan'],
    penalties: ALTAI_PENALTIES,
    early_booking_days: { days_before: 60, value: 7 },
    seasonal: { from: 70, to: 120, value: 5000, value_type: 'currency' },
    cities: [{ city: 'Gorno-Altaysk', arrival: ['plane', 'bus'], departure: ['plane', 'bus'], time: '08:00' }],
    departures: [
      { offset: 12, seats: 14, taken: 11 },
      { offset: 26, seats: 14, taken: 6 },
      { offset: 40, seats: 14, taken: 3 },
      { offset: 61, seats: 14, taken: 0 },
      { offset: 82, seats: 14, taken: 0, price: 43_500 },
      { offset: 103, seats: 14, taken: 0, price: 43_500 },
    ],
  },
  {
    screen_name: 'katun-rafting',
    status: 'published',
    site_status: 'published',
    type: 1,
    text: {
      ru: {
        name: 'Рафтинг по Катуни: 3 дня на воде',
        description:
          '<p>Три дня сплава по Катуни от Иньи до Чемала: пороги II–III категории, стоянки на песчаных пляжах, уха на костре.</p><p>Перед стартом — обучение на спокойной воде, на каждом рафте опытный инструктор.</p>',
        gathering_place: 'Чемал, база «Катунь», 10:00',
        in_price:
          'Рафты, гидрокостюмы, каски и спасжилеты\nИнструкторы на каждом судне\nПитание на маршруте\nТрансфер к месту старта',
        not_in_price: 'Дорога до Чемала\nСтраховка\nФото- и видеосъёмка сплава',
        program: [
          {
            title: 'Старт у Иньи',
            description: 'Трансфер к месту старта, обучение и первые 20 км по спокойной воде, лагерь на острове.',
            meals: ['lunch', 'dinner'],
          },
          {
            title: 'Пороги средней Катуни',
            description: 'Самый насыщенный день: пороги Ильгуменский и Бельтертуюк, стоянка у устья Чуи.',
            meals: ['breakfast', 'lunch', 'dinner'],
          },
          {
            title: 'Финиш в Чемале',
            description: 'Последние пороги, финиш в Чемале к 16:00, баня.',
            meals: ['breakfast', 'lunch'],
          },
        ],
        questions: [
          {
            question: 'Можно ли без умения плавать?',
            answer: 'Да, в спасжилете и с инструктором; но не бойтесь воды — сплав мокрый.',
            added_to_voucher: false,
          },
        ],
      },
    },
    price: 27_900,
    difficulty: 3,
    group_min: 6,
    group_max: 18,
    duration: 3,
    min_age: 14,
    max_age: 60,
    max_tourist_weight: 120,
    comfort: ['base'],
    regions: ['Altai Republic'],
    host_cities: ['Chemal'],
    rest_kinds: ['Water tours', 'Active holidays'],
    collections: ['Summer in the mountains'],
    showplaces: ['Katun River'],
    main_activity: 'Rafting',
    lat: 51.4097,
    lng: 86.0025,
    guides: ['Ivan'],
    penalties: ALTAI_PENALTIES,
    early_booking_days: { days_before: 45, value: 10 },
    cities: [{ city: 'Chemal', arrival: ['bus', 'car'], departure: ['bus', 'car'], time: '10:00' }],
    departures: [
      { offset: 9, seats: 18, taken: 14 },
      { offset: 23, seats: 18, taken: 8 },
      { offset: 37, seats: 18, taken: 18 },
      { offset: 51, seats: 18, taken: 2 },
      { offset: 65, seats: 18, taken: 0 },
    ],
  },
  {
    screen_name: 'altai-horse-riding',
    status: 'draft',
    type: 1,
    is_dates_preliminary: true,
    is_program_preliminary: true,
    text: {
      ru: {
        name: 'Конный тур к Телецкому озеру',
        description:
          '<p>Пять дней в седле по перевалам Северного Алтая к Телецкому озеру. Спокойные алтайские лошади, ночёвки на стоянках пастухов и в палатках.</p>',
        gathering_place: 'Артыбаш, конный двор, 09:00',
        in_price: 'Лошади и снаряжение\nКонные гиды\nПитание\nПалатки',
        not_in_price: 'Дорога до Артыбаша\nСтраховка\nПрогулка на катере по озеру',
        program: [
          {
            title: 'Знакомство с лошадьми',
            description: 'Инструктаж, первая пробная прогулка вдоль Бии.',
            meals: ['lunch', 'dinner'],
          },
          {
            title: 'Перевал и стоянка пастухов',
            description: 'Переход 20 км через перевал, ночь у стоянки пастухов.',
            meals: ['breakfast', 'lunch', 'dinner'],
          },
          {
            title: 'К Телецкому озеру',
            description: 'Спуск к озеру, водопад Корбу, лагерь на берегу.',
            meals: ['breakfast', 'lunch', 'dinner'],
          },
          {
            title: 'Вдоль берега',
            description: 'Радиальный выезд по берегу, купание лошадей.',
            meals: ['breakfast', 'lunch', 'dinner'],
          },
          {
            title: 'Возвращение в Артыбаш',
            description: 'Обратный путь, прощальный ужин.',
            meals: ['breakfast', 'lunch'],
          },
        ],
        questions: [
          {
            question: 'Есть ли ограничение по весу?',
            answer: 'Да, не более 100 кг — ради лошадей.',
            added_to_voucher: true,
          },
        ],
      },
    },
    currency: 'EUR',
    price: 420,
    difficulty: 2,
    group_min: 3,
    group_max: 10,
    duration: 5,
    min_age: 10,
    max_age: 70,
    max_tourist_weight: 100,
    comfort: ['base'],
    regions: ['Altai Republic'],
    host_cities: ['Artybash'],
    rest_kinds: ['Active holidays', 'Eco-tourism'],
    collections: ['Tours with children'],
    showplaces: ['Lake Teletskoye'],
    main_activity: 'Horse riding',
    lat: 51.7906,
    lng: 87.2581,
    guides: ['Aruzhan'],
    penalties: ALTAI_PENALTIES,
    cities: [{ city: 'Artybash', arrival: ['bus', 'car'], departure: ['bus', 'car'], time: '09:00' }],
    departures: [
      { offset: 95, seats: 10, taken: 0 },
      { offset: 123, seats: 10, taken: 0 },
    ],
  },
  {
    screen_name: 'chemal-excursion',
    status: 'published',
    site_status: 'moderation',
    type: 2,
    text: {
      ru: {
        name: 'Чемал за 3 часа: остров Патмос и Чемальская ГЭС',
        description:
          '<p>Короткая экскурсия из Горно-Алтайска: подвесной мост на остров Патмос с храмом Иоанна Богослова, старая Чемальская ГЭС и смотровая площадка над Катунью.</p>',
        gathering_place: 'Горно-Алтайск, площадь Ленина, у памятника',
        in_price: 'Трансфер на микроавтобусе\nРабота гида\nЧай с алтайскими травами',
        not_in_price: 'Вход на смотровую площадку ГЭС (100 ₽)\nСувениры',
        program: [
          {
            title: 'Остров Патмос и Чемальская ГЭС',
            description:
              'Выезд из Горно-Алтайска, подвесной мост и храм на острове Патмос, прогулка к Чемальской ГЭС, смотровая площадка, возвращение.',
            meals: [],
          },
        ],
        questions: [
          {
            question: 'Подходит ли экскурсия детям?',
            answer: 'Да, с любого возраста; детям до 7 лет — бесплатно без отдельного места.',
            added_to_voucher: false,
          },
        ],
      },
    },
    price: 2_500,
    difficulty: 1,
    group_min: 2,
    group_max: 15,
    duration: 1,
    duration_hours: '3',
    min_age: 0,
    max_age: 99,
    comfort: [],
    regions: ['Altai Republic'],
    host_cities: ['Gorno-Altaysk', 'Chemal'],
    rest_kinds: ['Sightseeing tours', 'Family holidays'],
    collections: ['Tours with children'],
    showplaces: ['Katun River', 'Chuysky Trakt'],
    main_activity: 'Sightseeing',
    lat: 51.4097,
    lng: 86.0025,
    guides: ['Aruzhan'],
    penalties: [{ days_before: 1, percent: 100 }],
    seasonal: { from: 30, to: 60, value: 10, value_type: 'percent' },
    cities: [{ city: 'Gorno-Altaysk' }],
    // Tuesdays, Thursdays and Saturdays at 10:00 for eight weeks
    departures: weekly(today, [2, 4, 6], 8, '10:00', 15),
  },
];

const baikalTours = (): DemoTour[] => {
  const iceText: Record<TemplateLanguage, TourText> = {
    en: {
      name: 'Baikal ice: 5 days on the frozen lake',
      description:
        '<p>Five days on the clearest ice in the world: the ice grottoes of Olkhon, Cape Khoboy, bubbles frozen in the ice of Cape Kurminsky and a night in a warm guest house in Khuzhir.</p><p>We drive the ice road in UAZ vans with experienced Baikal drivers.</p>',
      gathering_place: 'Irkutsk, central market, 08:00',
      in_price:
        'Transfers Irkutsk — Olkhon — Irkutsk\nGuest house in Khuzhir (4 nights)\nFull board\nIce trips by UAZ\nGuide',
      not_in_price: 'Flights to Irkutsk\nIce skates rental\nInsurance',
      living_base: 'Guest house in Khuzhir, rooms for two with a private bathroom',
      program: [
        {
          title: 'Irkutsk — Olkhon',
          description: 'Drive to the ice crossing and over the ice to Khuzhir.',
          meals: ['lunch', 'dinner'],
        },
        {
          title: 'North of Olkhon',
          description: 'Cape Khoboy and the ice splashes of the north cape.',
          meals: ['breakfast', 'lunch', 'dinner'],
        },
        {
          title: 'Ice grottoes',
          description: 'The grottoes and icicles of the western coast, skating on clear ice.',
          meals: ['breakfast', 'lunch', 'dinner'],
        },
        {
          title: 'Small Sea bubbles',
          description: 'Frozen methane bubbles off Cape Kurminsky.',
          meals: ['breakfast', 'lunch', 'dinner'],
        },
        { title: 'Back to Irkutsk', description: 'Drive back, arrival by 18:00.', meals: ['breakfast'] },
      ],
      questions: [
        {
          question: 'How cold is it?',
          answer: 'Usually −15…−25 °C; we send a clothing list after booking.',
          added_to_voucher: true,
        },
      ],
    },
    ru: {
      name: 'Лёд Байкала: 5 дней на замёрзшем озере',
      description:
        '<p>Пять дней на самом прозрачном льду мира: ледяные гроты Ольхона, мыс Хобой, пузырьки метана у мыса Курминский и тёплый гостевой дом в Хужире.</p><p>По ледовой дороге везут УАЗы с опытными байкальскими водителями.</p>',
      gathering_place: 'Иркутск, центральный рынок, 08:00',
      in_price:
        'Трансфер Иркутск — Ольхон — Иркутск\nГостевой дом в Хужире (4 ночи)\nПолный пансион\nВыезды на лёд на УАЗах\nГид',
      not_in_price: 'Перелёт до Иркутска\nПрокат коньков\nСтраховка',
      living_base: 'Гостевой дом в Хужире, двухместные номера с удобствами',
      program: [
        {
          title: 'Иркутск — Ольхон',
          description: 'Переезд к ледовой переправе и по льду в Хужир.',
          meals: ['lunch', 'dinner'],
        },
        {
          title: 'Север Ольхона',
          description: 'Мыс Хобой и ледяные наплески северной оконечности.',
          meals: ['breakfast', 'lunch', 'dinner'],
        },
        {
          title: 'Ледяные гроты',
          description: 'Гроты и сосульки западного берега, коньки на прозрачном льду.',
          meals: ['breakfast', 'lunch', 'dinner'],
        },
        {
          title: 'Пузырьки Малого моря',
          description: 'Вмёрзшие пузырьки метана у мыса Курминский.',
          meals: ['breakfast', 'lunch', 'dinner'],
        },
        { title: 'Возвращение в Иркутск', description: 'Обратная дорога, прибытие к 18:00.', meals: ['breakfast'] },
      ],
      questions: [
        {
          question: 'Насколько холодно?',
          answer: 'Обычно −15…−25 °C; список одежды пришлём после бронирования.',
          added_to_voucher: true,
        },
      ],
    },
  };
  const olkhonText: Record<TemplateLanguage, TourText> = {
    en: {
      name: 'Olkhon in a day: Khuzhir and Cape Burkhan',
      description:
        '<p>A day on Olkhon from Khuzhir: Shaman Rock at Cape Burkhan, the Sands bay and the steppe of the island, with lunch of Baikal omul.</p>',
      gathering_place: 'Khuzhir, the pier',
      in_price: 'UAZ trip around the island\nGuide\nLunch with omul soup',
      not_in_price: 'Olkhon national park fee\nTransfer to Khuzhir',
      program: [
        {
          title: 'Around Olkhon',
          description: 'Cape Burkhan, the Sands bay, the steppe and lunch by the lake.',
          meals: ['lunch'],
        },
      ],
      questions: [],
    },
    ru: {
      name: 'Ольхон за день: Хужир и мыс Бурхан',
      description:
        '<p>День на Ольхоне из Хужира: Шаманка на мысе Бурхан, бухта Песчанка и степи острова, обед с байкальским омулем.</p>',
      gathering_place: 'Хужир, причал',
      in_price: 'Поездка на УАЗе по острову\nГид\nОбед с ухой из омуля',
      not_in_price: 'Сбор Прибайкальского нацпарка\nТрансфер до Хужира',
      program: [
        { title: 'По Ольхону', description: 'Мыс Бурхан, бухта Песчанка, степи и обед у озера.', meals: ['lunch'] },
      ],
      questions: [],
    },
  };
  const penalties = [
    { days_before: 21, percent: 20 },
    { days_before: 7, percent: 100 },
  ];
  return [
    {
      screen_name: 'baikal-ice',
      status: 'published',
      type: 1,
      text: iceText,
      price: 64_000,
      difficulty: 2,
      group_min: 4,
      group_max: 12,
      duration: 5,
      min_age: 8,
      max_age: 75,
      comfort: ['medium'],
      regions: ['Irkutsk Oblast'],
      host_cities: ['Irkutsk', 'Khuzhir'],
      rest_kinds: ['Winter holidays', 'Photo tours'],
      collections: ['Baikal ice'],
      showplaces: ['Lake Baikal', 'Olkhon Island'],
      main_activity: 'Photo tours',
      lat: 53.2,
      lng: 107.35,
      guides: ['Dmitry'],
      penalties,
      early_booking_days: { days_before: 90, value: 10 },
      seasonal: { from: 100, to: 130, value: 8000, value_type: 'currency' },
      cities: [
        { city: 'Irkutsk', arrival: ['plane', 'train'], departure: ['plane', 'train'], time: '08:00' },
        { city: 'Khuzhir' },
      ],
      departures: [
        { offset: 60, seats: 12, taken: 9 },
        { offset: 74, seats: 12, taken: 5 },
        { offset: 88, seats: 12, taken: 1 },
        { offset: 102, seats: 12, taken: 0 },
        { offset: 116, seats: 12, taken: 0 },
      ],
    },
    {
      screen_name: 'olkhon-excursion',
      status: 'published',
      type: 2,
      text: olkhonText,
      price: 4_200,
      difficulty: 1,
      group_min: 2,
      group_max: 7,
      duration: 1,
      duration_hours: '7',
      min_age: 3,
      max_age: 90,
      comfort: [],
      regions: ['Irkutsk Oblast'],
      host_cities: ['Khuzhir'],
      rest_kinds: ['Sightseeing tours'],
      collections: [],
      showplaces: ['Olkhon Island', 'Lake Baikal'],
      main_activity: 'Sightseeing',
      lat: 53.2047,
      lng: 107.3369,
      guides: ['Dmitry'],
      penalties: [{ days_before: 1, percent: 50 }],
      cities: [{ city: 'Khuzhir' }],
      departures: [
        { offset: 5, time: '10:00', seats: 7, taken: 4 },
        { offset: 12, time: '10:00', seats: 7, taken: 2 },
        { offset: 19, time: '10:00', seats: 7, taken: 0 },
        { offset: 26, time: '10:00', seats: 7, taken: 0 },
      ],
    },
  ];
};

const DEMO_GUIDES: { first_name: string; last_name: string; about: string }[][] = [
  [
    { first_name: 'Ivan', last_name: 'Tadyshev', about: 'Mountain guide and rafting instructor, born in Chemal.' },
    {
      first_name: 'Aruzhan',
      last_name: 'Kergilova',
      about: 'Horse-riding guide, knows every pass of the Northern Altai.',
    },
  ],
  [{ first_name: 'Dmitry', last_name: 'Belov', about: 'Baikal guide and photographer, twelve winters on the ice.' }],
];

/** The UTC day `offset` days after `today`, as PostgreSQL's date. */
const dayAfter = (today: Date, offset: number): string =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);

/** `organizerIds`: Altai Trails and Baikal Expeditions, as `seedDemo` inserted them. */
export const seedDemoTours = async (db: Pick<Db, 'select' | 'insert'>, organizerIds: number[], today = new Date()) => {
  const catalogue = await db
    .select({ id: catalogueItems.id, kind: catalogueItems.kind, name_en: catalogueItems.name_en })
    .from(catalogueItems);
  const ref = (kind: string, name: string): number | undefined =>
    catalogue.find((c) => c.kind === kind && c.name_en === name)?.id;
  const refs = (kind: string, names: string[]): number[] =>
    names.map((n) => ref(kind, n)).filter((id): id is number => id !== undefined);
  const plans = [altaiTours(today), baikalTours()];

  for (const [index, organizerId] of organizerIds.entries()) {
    const plan = plans[index];
    if (!plan) continue;
    const [org] = await db
      .select({ profile: organizers.profile })
      .from(organizers)
      .where(eq(organizers.id, organizerId));
    const language = documentLanguageOf((org?.profile ?? {}) as Record<string, unknown>);
    const siteIds = (
      await db
        .select({ id: organizerSites.site_id })
        .from(organizerSites)
        .where(eq(organizerSites.organizer_id, organizerId))
    ).map((s) => s.id);
    const guideRows = await db
      .insert(guides)
      .values((DEMO_GUIDES[index] ?? []).map((g) => ({ ...g, organizer_id: organizerId })))
      .returning({ id: guides.id, first_name: guides.first_name });

    for (const t of plan) {
      const text = t.text[language] ?? t.text.ru;
      const [tour] = await db
        .insert(tours)
        .values({
          organizer_id: organizerId,
          status: t.status,
          name: text.name,
          screen_name: t.screen_name,
          type: t.type,
          schedule_type: 1,
          is_periodical: t.departures.length > 1,
          is_dates_preliminary: t.is_dates_preliminary ?? false,
          is_program_preliminary: t.is_program_preliminary ?? false,
          description: text.description,
          countries: ['RU'],
          languages: language === 'ru' ? ['ru'] : ['en', 'ru'],
          region_ids: refs('region', t.regions),
          host_city_ids: refs('city', t.host_cities),
          rest_kind_ids: refs('rest_kind', t.rest_kinds),
          collection_ids: refs('collection', t.collections),
          showplace_ids: refs('showplace', t.showplaces),
          main_activity_id: ref('activity', t.main_activity) ?? null,
          currency: t.currency ?? 'RUB',
          price: String(t.price),
          difficulty: t.difficulty,
          gathering_place: text.gathering_place,
          group_min: t.group_min,
          group_max: t.group_max,
          duration: t.duration,
          duration_hours: t.duration_hours ?? null,
          min_age: t.min_age,
          max_age: t.max_age,
          max_tourist_weight: t.max_tourist_weight ?? null,
          in_price: text.in_price,
          not_in_price: text.not_in_price,
          base: t.comfort.includes('base'),
          base_plus: t.comfort.includes('base_plus'),
          medium: t.comfort.includes('medium'),
          improved: t.comfort.includes('improved'),
          premium: t.comfort.includes('premium'),
          living_base: text.living_base ?? '',
          use_standard_cancellation_terms: false,
          lat: t.lat,
          lng: t.lng,
        })
        .returning({ id: tours.id });
      const tourId = tour!.id;

      // the children as the tour service writes them (its repository's replaceChildren)
      for (const [i, d] of text.program.entries())
        await db.insert(tourProgramDays).values({ tour_id: tourId, day: i + 1, ...d });
      for (const [position, a] of (text.accommodations ?? []).entries()) {
        const [row] = await db
          .insert(tourAccommodations)
          .values({ tour_id: tourId, position, name: a.name, nights: a.nights })
          .returning({ id: tourAccommodations.id });
        if (a.variants.length)
          await db
            .insert(tourAccommodationVariants)
            .values(a.variants.map((v, i) => ({ ...v, accommodation_id: row!.id, position: i })));
      }
      if (text.questions.length)
        await db
          .insert(tourQuestions)
          .values(text.questions.map((q, position) => ({ ...q, tour_id: tourId, position })));
      const guideIds = t.guides
        .map((name) => guideRows.find((g) => g.first_name === name)?.id)
        .filter((id): id is number => id !== undefined);
      if (guideIds.length)
        await db
          .insert(tourGuides)
          .values(guideIds.map((guide_id, position) => ({ tour_id: tourId, guide_id, position })));
      await db
        .insert(tourPenalties)
        .values(t.penalties.map((p) => ({ tour_id: tourId, days_before: p.days_before, percent: String(p.percent) })));
      const discounts: (typeof tourDiscounts.$inferInsert)[] = [];
      if (t.early_booking_days)
        discounts.push({
          tour_id: tourId,
          kind: 'early_booking_days',
          position: 0,
          days_before: t.early_booking_days.days_before,
          value: String(t.early_booking_days.value),
          value_type: 'percent',
        });
      if (t.seasonal)
        discounts.push({
          tour_id: tourId,
          kind: 'seasonal',
          position: 0,
          date_from: dayAfter(today, t.seasonal.from),
          date_to: dayAfter(today, t.seasonal.to),
          value: String(t.seasonal.value),
          value_type: t.seasonal.value_type,
        });
      if (discounts.length) await db.insert(tourDiscounts).values(discounts);
      const cities = t.cities
        .map((c, position) => ({ c, position, city_id: ref('city', c.city) }))
        .filter((x): x is typeof x & { city_id: number } => x.city_id !== undefined)
        .map(({ c, position, city_id }) => ({
          tour_id: tourId,
          city_id,
          position,
          arrival_enabled: Boolean(c.arrival?.length),
          arrival_transport: c.arrival ?? [],
          arrival_day: c.arrival?.length ? 1 : null,
          arrival_time: c.arrival?.length ? (c.time ?? null) : null,
          departure_enabled: Boolean(c.departure?.length),
          departure_transport: c.departure ?? [],
          departure_day: c.departure?.length ? t.duration : null,
          departure_time: c.departure?.length ? '18:00' : null,
        }));
      if (cities.length) await db.insert(tourCities).values(cities);
      if (t.status === 'published' && siteIds.length)
        await db
          .insert(tourSiteStatuses)
          .values(siteIds.map((site_id) => ({ tour_id: tourId, site_id, status: t.site_status ?? 'moderation' })));
      await db.insert(tourDates).values(
        t.departures.map((d) => ({
          tour_id: tourId,
          date_start: dayAfter(today, d.offset),
          date_end: dayAfter(today, d.offset + t.duration - 1),
          time_start: d.time ?? '',
          price: String(d.price ?? t.price),
          days: t.duration,
          number_of_seats: d.seats,
          number_of_free_seats: d.seats - Math.min(d.taken, d.seats),
          full_payment_days: t.type === 1 ? 14 : null,
          prepayment_type: 'percent',
          prepayment_size: t.type === 1 ? '30' : '0',
          not_guaranteed: d.taken < t.group_min,
          commentary: '',
        })),
      );
    }
  }
};
