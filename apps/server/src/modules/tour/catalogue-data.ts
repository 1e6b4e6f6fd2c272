/**
 * The tour catalogue's reference values (issue 15, "Screens → content"): regions and cities of the
 * main destinations, rest kinds, collections, showplaces and main activities, each with its English
 * and Russian name. Seeded on every database by seedCatalogue (db/seed/seed.ts); a value is known
 * by its kind and English name, so renaming one here adds a new row rather than changing the old.
 */
import type { CatalogueKind } from '@tourdesk/contract';

export interface CatalogueEntry {
  kind: CatalogueKind;
  name_en: string;
  name_ru: string;
  /** ISO 3166-1 alpha-2; null for values of no one country (activities, rest kinds) */
  country_code: string | null;
}

type Named = readonly [en: string, ru: string, country?: string];

/** Regions: Russia's main destinations, and the neighbouring countries as a whole. */
const REGIONS: readonly Named[] = [
  ['Altai Republic', 'Республика Алтай', 'RU'],
  ['Altai Krai', 'Алтайский край', 'RU'],
  ['Irkutsk Oblast', 'Иркутская область', 'RU'],
  ['Buryatia', 'Республика Бурятия', 'RU'],
  ['Kamchatka Krai', 'Камчатский край', 'RU'],
  ['Karelia', 'Республика Карелия', 'RU'],
  ['Krasnodar Krai', 'Краснодарский край', 'RU'],
  ['Adygea', 'Республика Адыгея', 'RU'],
  ['Dagestan', 'Республика Дагестан', 'RU'],
  ['Kabardino-Balkaria', 'Кабардино-Балкарская Республика', 'RU'],
  ['Karachay-Cherkessia', 'Карачаево-Черкесская Республика', 'RU'],
  ['North Ossetia–Alania', 'Республика Северная Осетия — Алания', 'RU'],
  ['Chechnya', 'Чеченская Республика', 'RU'],
  ['Murmansk Oblast', 'Мурманская область', 'RU'],
  ['Arkhangelsk Oblast', 'Архангельская область', 'RU'],
  ['Moscow', 'Москва', 'RU'],
  ['Moscow Oblast', 'Московская область', 'RU'],
  ['Saint Petersburg', 'Санкт-Петербург', 'RU'],
  ['Leningrad Oblast', 'Ленинградская область', 'RU'],
  ['Kaliningrad Oblast', 'Калининградская область', 'RU'],
  ['Yaroslavl Oblast', 'Ярославская область', 'RU'],
  ['Tatarstan', 'Республика Татарстан', 'RU'],
  ['Perm Krai', 'Пермский край', 'RU'],
  ['Krasnoyarsk Krai', 'Красноярский край', 'RU'],
  ['Sakha (Yakutia)', 'Республика Саха (Якутия)', 'RU'],
  ['Primorsky Krai', 'Приморский край', 'RU'],
  ['Sakhalin Oblast', 'Сахалинская область', 'RU'],
  ['Georgia', 'Грузия', 'GE'],
  ['Armenia', 'Армения', 'AM'],
  ['Kazakhstan', 'Казахстан', 'KZ'],
  ['Kyrgyzstan', 'Киргизия', 'KG'],
  ['Uzbekistan', 'Узбекистан', 'UZ'],
];

/**
 * Cities and resorts, grouped by the region (its English name) they lie in. The catalogue table has
 * no link from a city to its region yet; the grouping keeps it ready for one.
 */
export const CITIES_BY_REGION: Readonly<Record<string, readonly Named[]>> = {
  'Altai Republic': [
    ['Gorno-Altaysk', 'Горно-Алтайск'],
    ['Chemal', 'Чемал'],
    ['Artybash', 'Артыбаш'],
    ['Aktash', 'Акташ'],
  ],
  'Altai Krai': [
    ['Barnaul', 'Барнаул'],
    ['Biysk', 'Бийск'],
    ['Belokurikha', 'Белокуриха'],
  ],
  'Irkutsk Oblast': [
    ['Irkutsk', 'Иркутск'],
    ['Listvyanka', 'Листвянка'],
    ['Khuzhir', 'Хужир'],
    ['Slyudyanka', 'Слюдянка'],
  ],
  Buryatia: [
    ['Ulan-Ude', 'Улан-Удэ'],
    ['Severobaikalsk', 'Северобайкальск'],
    ['Ust-Barguzin', 'Усть-Баргузин'],
  ],
  'Kamchatka Krai': [
    ['Petropavlovsk-Kamchatsky', 'Петропавловск-Камчатский'],
    ['Yelizovo', 'Елизово'],
    ['Esso', 'Эссо'],
  ],
  Karelia: [
    ['Petrozavodsk', 'Петрозаводск'],
    ['Sortavala', 'Сортавала'],
    ['Kem', 'Кемь'],
  ],
  'Krasnodar Krai': [
    ['Krasnodar', 'Краснодар'],
    ['Sochi', 'Сочи'],
    ['Krasnaya Polyana', 'Красная Поляна'],
    ['Anapa', 'Анапа'],
    ['Gelendzhik', 'Геленджик'],
  ],
  Adygea: [
    ['Maykop', 'Майкоп'],
    ['Guzeripl', 'Гузерипль'],
  ],
  Dagestan: [
    ['Makhachkala', 'Махачкала'],
    ['Derbent', 'Дербент'],
  ],
  'Kabardino-Balkaria': [
    ['Nalchik', 'Нальчик'],
    ['Terskol', 'Терскол'],
  ],
  'Karachay-Cherkessia': [
    ['Dombay', 'Домбай'],
    ['Arkhyz', 'Архыз'],
  ],
  'North Ossetia–Alania': [['Vladikavkaz', 'Владикавказ']],
  Chechnya: [['Grozny', 'Грозный']],
  'Murmansk Oblast': [
    ['Murmansk', 'Мурманск'],
    ['Teriberka', 'Териберка'],
    ['Kirovsk', 'Кировск'],
  ],
  'Arkhangelsk Oblast': [
    ['Arkhangelsk', 'Архангельск'],
    ['Solovetsky', 'Соловецкий'],
  ],
  Moscow: [['Moscow', 'Москва']],
  'Moscow Oblast': [['Sergiyev Posad', 'Сергиев Посад']],
  'Saint Petersburg': [['Saint Petersburg', 'Санкт-Петербург']],
  'Leningrad Oblast': [['Vyborg', 'Выборг']],
  'Kaliningrad Oblast': [
    ['Kaliningrad', 'Калининград'],
    ['Zelenogradsk', 'Зеленоградск'],
  ],
  'Yaroslavl Oblast': [['Yaroslavl', 'Ярославль']],
  Tatarstan: [
    ['Kazan', 'Казань'],
    ['Sviyazhsk', 'Свияжск'],
  ],
  'Perm Krai': [['Perm', 'Пермь']],
  'Krasnoyarsk Krai': [['Krasnoyarsk', 'Красноярск']],
  'Sakha (Yakutia)': [['Yakutsk', 'Якутск']],
  'Primorsky Krai': [
    ['Vladivostok', 'Владивосток'],
    ['Nakhodka', 'Находка'],
  ],
  'Sakhalin Oblast': [['Yuzhno-Sakhalinsk', 'Южно-Сахалинск']],
  Georgia: [
    ['Tbilisi', 'Тбилиси'],
    ['Batumi', 'Батуми'],
    ['Kutaisi', 'Кутаиси'],
    ['Stepantsminda', 'Степанцминда'],
    ['Mestia', 'Местиа'],
    ['Sighnaghi', 'Сигнахи'],
  ],
  Armenia: [
    ['Yerevan', 'Ереван'],
    ['Dilijan', 'Дилижан'],
    ['Gyumri', 'Гюмри'],
    ['Sevan', 'Севан'],
  ],
  Kazakhstan: [
    ['Almaty', 'Алматы'],
    ['Astana', 'Астана'],
    ['Shymkent', 'Шымкент'],
  ],
  Kyrgyzstan: [
    ['Bishkek', 'Бишкек'],
    ['Karakol', 'Каракол'],
    ['Cholpon-Ata', 'Чолпон-Ата'],
    ['Osh', 'Ош'],
  ],
  Uzbekistan: [
    ['Tashkent', 'Ташкент'],
    ['Samarkand', 'Самарканд'],
    ['Bukhara', 'Бухара'],
    ['Khiva', 'Хива'],
  ],
};

const REST_KINDS: readonly Named[] = [
  ['Active holidays', 'Активный отдых'],
  ['Hiking tours', 'Пешие туры'],
  ['Mountain tours', 'Горные туры'],
  ['Water tours', 'Водные туры'],
  ['Ski holidays', 'Горнолыжный отдых'],
  ['Winter holidays', 'Зимний отдых'],
  ['Beach holidays', 'Пляжный отдых'],
  ['Sightseeing tours', 'Экскурсионные туры'],
  ['Cultural tours', 'Культурно-познавательные туры'],
  ['Ethnographic tours', 'Этнографические туры'],
  ['Gastronomic tours', 'Гастрономические туры'],
  ['Eco-tourism', 'Экотуризм'],
  ['Expeditions', 'Экспедиции'],
  ['Road trips', 'Автотуры'],
  ['Cruises', 'Круизы'],
  ['Wellness', 'Оздоровительный отдых'],
  ['Pilgrimage', 'Паломнические туры'],
  ['Family holidays', 'Семейный отдых'],
  ['Weekend trips', 'Туры выходного дня'],
  ['Photo tours', 'Фототуры'],
];

const COLLECTIONS: readonly Named[] = [
  ['Northern lights', 'Северное сияние'],
  ['Volcanoes', 'Вулканы'],
  ['Baikal ice', 'Лёд Байкала'],
  ['Arctic', 'Арктика'],
  ['Caucasus mountains', 'Горы Кавказа'],
  ['Golden Ring', 'Золотое кольцо'],
  ['Silk Road', 'Великий шёлковый путь'],
  ['Tours with children', 'Туры с детьми'],
  ['For beginners', 'Для новичков'],
  ['For solo travellers', 'Для путешествующих в одиночку'],
  ['Wildlife watching', 'Наблюдение за животными'],
  ['New Year tours', 'Новогодние туры'],
  ['May holidays', 'Майские праздники'],
  ['Summer in the mountains', 'Лето в горах'],
  ['Autumn colours', 'Золотая осень'],
];

const SHOWPLACES: readonly Named[] = [
  ['Lake Teletskoye', 'Телецкое озеро', 'RU'],
  ['Katun River', 'Река Катунь', 'RU'],
  ['Chuysky Trakt', 'Чуйский тракт', 'RU'],
  ['Mount Belukha', 'Гора Белуха', 'RU'],
  ['Multinskiye Lakes', 'Мультинские озёра', 'RU'],
  ['Lake Baikal', 'Озеро Байкал', 'RU'],
  ['Olkhon Island', 'Остров Ольхон', 'RU'],
  ['Circum-Baikal Railway', 'Кругобайкальская железная дорога', 'RU'],
  ['Barguzin Valley', 'Баргузинская долина', 'RU'],
  ['Valley of Geysers', 'Долина гейзеров', 'RU'],
  ['Avachinsky Volcano', 'Авачинский вулкан', 'RU'],
  ['Kurile Lake', 'Курильское озеро', 'RU'],
  ['Kizhi', 'Кижи', 'RU'],
  ['Ruskeala Mountain Park', 'Горный парк «Рускеала»', 'RU'],
  ['Kivach Waterfall', 'Водопад Кивач', 'RU'],
  ['Valaam', 'Валаам', 'RU'],
  ['Solovetsky Islands', 'Соловецкие острова', 'RU'],
  ['Curonian Spit (Kurshskaya Kosa)', 'Куршская коса', 'RU'],
  ['Mount Elbrus', 'Гора Эльбрус', 'RU'],
  ['Chegem Waterfalls', 'Чегемские водопады', 'RU'],
  ['Sulak Canyon', 'Сулакский каньон', 'RU'],
  ['Gunib', 'Гуниб', 'RU'],
  ['Lago-Naki Plateau', 'Плато Лаго-Наки', 'RU'],
  ['Red Square', 'Красная площадь', 'RU'],
  ['Hermitage Museum', 'Эрмитаж', 'RU'],
  ['Peterhof', 'Петергоф', 'RU'],
  ['Kazan Kremlin', 'Казанский кремль', 'RU'],
  ['Russky Island', 'Остров Русский', 'RU'],
  ['Krasnoyarsk Pillars', 'Красноярские Столбы', 'RU'],
  ['Lena Pillars', 'Ленские столбы', 'RU'],
  ['Kungur Ice Cave', 'Кунгурская ледяная пещера', 'RU'],
  ['Mount Kazbek', 'Гора Казбек', 'GE'],
  ['Gergeti Trinity Church', 'Гергетская Троицкая церковь', 'GE'],
  ['Lake Sevan', 'Озеро Севан', 'AM'],
  ['Geghard Monastery', 'Монастырь Гегард', 'AM'],
  ['Charyn Canyon', 'Чарынский каньон', 'KZ'],
  ['Big Almaty Lake', 'Большое Алматинское озеро', 'KZ'],
  ['Lake Issyk-Kul', 'Озеро Иссык-Куль', 'KG'],
  ['Registan', 'Регистан', 'UZ'],
  ['Itchan Kala', 'Ичан-Кала', 'UZ'],
];

const ACTIVITIES: readonly Named[] = [
  ['Hiking', 'Пеший туризм'],
  ['Trekking', 'Трекинг'],
  ['Mountaineering', 'Альпинизм'],
  ['Rock climbing', 'Скалолазание'],
  ['Rafting', 'Рафтинг'],
  ['Kayaking', 'Каякинг'],
  ['Stand-up paddling', 'Сапсёрфинг'],
  ['Sailing', 'Парусный спорт'],
  ['Surfing', 'Серфинг'],
  ['Diving', 'Дайвинг'],
  ['Snorkelling', 'Снорклинг'],
  ['Horse riding', 'Конные прогулки'],
  ['Jeep tours', 'Джип-туры'],
  ['Cycling', 'Велотуры'],
  ['Skiing', 'Горные лыжи'],
  ['Snowboarding', 'Сноуборд'],
  ['Ski touring', 'Ски-тур'],
  ['Snowmobiling', 'Снегоходы'],
  ['Dog sledding', 'Собачьи упряжки'],
  ['Caving', 'Спелеотуризм'],
  ['Paragliding', 'Парапланеризм'],
  ['Helicopter tours', 'Вертолётные туры'],
  ['Fishing', 'Рыбалка'],
  ['Wildlife watching', 'Наблюдение за животными'],
  ['Birdwatching', 'Наблюдение за птицами'],
  ['Sightseeing', 'Экскурсии'],
  ['Gastronomy', 'Гастрономия'],
  ['Photo tours', 'Фототуры'],
  ['Thermal springs', 'Термальные источники'],
  ['Yoga retreats', 'Йога-туры'],
];

const entries = (kind: CatalogueKind, list: readonly Named[]): CatalogueEntry[] =>
  list.map(([name_en, name_ru, country]) => ({ kind, name_en, name_ru, country_code: country ?? null }));

const countryOf = new Map(REGIONS.map(([en, , country]) => [en, country ?? null]));

/** Every catalogue value, in the order it is seeded. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  ...entries('region', REGIONS),
  ...Object.entries(CITIES_BY_REGION).flatMap(([region, cities]) =>
    cities.map(([name_en, name_ru]) => ({
      kind: 'city' as const,
      name_en,
      name_ru,
      country_code: countryOf.get(region) ?? null,
    })),
  ),
  ...entries('rest_kind', REST_KINDS),
  ...entries('collection', COLLECTIONS),
  ...entries('showplace', SHOWPLACES),
  ...entries('activity', ACTIVITIES),
];
