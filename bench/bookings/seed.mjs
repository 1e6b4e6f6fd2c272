// Seeds the bookings benchmark's requests with SQL, the same statements on PGlite and PostgreSQL.
// `query(text, params)` is the driver's own (PGlite's `query`, node-postgres' `query`); both
// answer `{ rows }`.
//
// Requests look like real ones: customers with Russian and English names, e-mails and phones
// written in different ways, statuses in a live mix (most completed, a tenth new), five sources,
// a tenth individual tours, start dates over three years ahead, prices and payments. `search_text` is
// what the server's own requestSearchText makes (bench/bookings/search-text.mjs loads it from the
// server's source), so the search is measured on what production stores. Rows go in batches of
// unnest() arrays: one INSERT per BATCH rows.
import { seedCatalogueTours } from '../tours/seed.mjs';

const BATCH = 5000;

const FIRST = [
  'Анна',
  'Мария',
  'Елена',
  'Ольга',
  'Наталья',
  'Ирина',
  'Татьяна',
  'Светлана',
  'Юлия',
  'Ксения',
  'Иван',
  'Алексей',
  'Дмитрий',
  'Сергей',
  'Андрей',
  'Михаил',
  'Пётр',
  'Николай',
  'Артём',
  'Егор',
  'Anna',
  'Maria',
  'Elena',
  'Olga',
  'Kate',
  'John',
  'Peter',
  'Michael',
  'David',
  'Thomas',
];
const FIRST_LATIN = [
  'anna',
  'maria',
  'elena',
  'olga',
  'natalia',
  'irina',
  'tatiana',
  'svetlana',
  'julia',
  'ksenia',
  'ivan',
  'alexey',
  'dmitry',
  'sergey',
  'andrey',
  'mikhail',
  'petr',
  'nikolay',
  'artem',
  'egor',
  'anna',
  'maria',
  'elena',
  'olga',
  'kate',
  'john',
  'peter',
  'michael',
  'david',
  'thomas',
];
const LAST_RU = [
  'Иванов',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Васильев',
  'Петров',
  'Соколов',
  'Михайлов',
  'Новиков',
  'Фёдоров',
  'Морозов',
  'Волков',
  'Алексеев',
  'Лебедев',
  'Семёнов',
  'Егоров',
  'Павлов',
  'Козлов',
  'Степанов',
  'Николаев',
  'Орлов',
  'Андреев',
  'Макаров',
  'Никитин',
  'Захаров',
  'Зайцев',
  'Соловьёв',
  'Борисов',
  'Яковлев',
  'Григорьев',
  'Романов',
  'Воробьёв',
  'Сергеев',
  'Кузьмин',
  'Фролов',
  'Александров',
  'Дмитриев',
  'Королёв',
  'Гусев',
  'Киселёв',
];
const LAST_LATIN = [
  'ivanov',
  'smirnov',
  'kuznetsov',
  'popov',
  'vasiliev',
  'petrov',
  'sokolov',
  'mikhailov',
  'novikov',
  'fedorov',
  'morozov',
  'volkov',
  'alekseev',
  'lebedev',
  'semenov',
  'egorov',
  'pavlov',
  'kozlov',
  'stepanov',
  'nikolaev',
  'orlov',
  'andreev',
  'makarov',
  'nikitin',
  'zakharov',
  'zaitsev',
  'soloviev',
  'borisov',
  'yakovlev',
  'grigoriev',
  'romanov',
  'vorobiev',
  'sergeev',
  'kuzmin',
  'frolov',
  'aleksandrov',
  'dmitriev',
  'korolev',
  'gusev',
  'kiselev',
];
const DOMAINS = ['mail.ru', 'yandex.ru', 'gmail.com', 'inbox.ru', 'bk.ru', 'outlook.com'];
const SOURCES = ['marketplace', 'direct_sales', 'agent', 'own', 'third_party_agent'];
/** status by the row's hash % 100: 10 % new, 10 % awaiting prepayment, 15 % prepaid, 45 % completed, 20 % canceled */
const statusOf = (h) => (h < 10 ? 1 : h < 20 ? 2 : h < 35 ? 3 : h < 80 ? 4 : 5 + (h % 4));
const DAY_MS = 86_400_000;
/**
 * Start dates run over three years from a month ahead: no request has started or ended, so the
 * server's sweeps (trips ended → 4, unpaid at the start → 7, balance reminders) change nothing
 * while the bench measures.
 */
export const SEED_EPOCH_MS = Math.floor(Date.now() / DAY_MS) * DAY_MS + 30 * DAY_MS;
/** The day `days` after the first start date (YYYY-MM-DD), for the bench's date filters. */
export const seedDay = (days) => new Date(SEED_EPOCH_MS + days * DAY_MS).toISOString().slice(0, 10);
const EPOCH = SEED_EPOCH_MS;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The customer of the i-th request of an organizer (also what the bench searches for). */
export const customerOf = (i) => {
  const f = (i * 7) % FIRST.length;
  const l = (i * 13 + Math.floor(i / 40)) % LAST_RU.length;
  const female = f < 10 || (f >= 20 && f < 25);
  const ru = f < 20;
  const last = ru ? LAST_RU[l] + (female ? 'а' : '') : LAST_LATIN[l][0].toUpperCase() + LAST_LATIN[l].slice(1);
  // a phone unique per row: +7 9xx xxx-xx-xx, written three ways
  const n = String(100_000_000 + ((i * 7_919_311) % 899_999_999)).padStart(9, '0');
  const phone =
    i % 3 === 0
      ? `+7 (9${n.slice(0, 2)}) ${n.slice(2, 5)}-${n.slice(5, 7)}-${n.slice(7)}`
      : i % 3 === 1
        ? `89${n}`
        : `+7 9${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`;
  return {
    name: `${FIRST[f]} ${last}`,
    email: `${FIRST_LATIN[f]}.${LAST_LATIN[l]}${i % 100}@${DOMAINS[i % DOMAINS.length]}`,
    phone,
  };
};

/** Tours of an organizer for its requests: `count` catalogue tours (with their departures); their ids. */
export const seedRequestTours = async (query, organizerId, count, prefix) => {
  await seedCatalogueTours(query, organizerId, count, prefix);
  return (await query('SELECT id FROM tours WHERE organizer_id = $1 ORDER BY id', [organizerId])).rows.map((r) => r.id);
};

/**
 * The requests of several organizers (`orgs`: organizerId, count, tourIds; the last fifth of an
 * organizer's tours are sold as individual tours), interleaved as they arrive in real life: each
 * organizer's requests spread evenly over the same period, created a minute apart up to now, ids in
 * that order. `searchText` is the server's requestSearchText.
 */
export const seedRequests = async (query, { orgs, searchText }) => {
  // every row as (position in time, organizer, its index in the organizer): merged by position
  const order = orgs.flatMap((o, k) => Array.from({ length: o.count }, (_, i) => [(i + 0.5) / o.count, k, i]));
  order.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const rows = order.length;
  const now = Date.now();
  for (let from = 0; from < rows; from += BATCH) {
    const cols = {
      organizer_id: [],
      tour_id: [],
      status: [],
      source: [],
      is_individual_tour: [],
      date_start: [],
      date_end: [],
      currency: [],
      tourists_count: [],
      unit_price_minor: [],
      total_minor: [],
      paid_minor: [],
      customer_name: [],
      customer_email: [],
      customer_phone: [],
      base_sale_status: [],
      search_text: [],
      created_at: [],
    };
    for (let g = from; g < Math.min(rows, from + BATCH); g += 1) {
      const [, k, i] = order[g];
      const { organizerId, tourIds } = orgs[k];
      const individualFrom = Math.floor(tourIds.length * 0.8);
      const h = (i * 2_654_435_761) % 4_294_967_296;
      const status = statusOf(h % 100);
      const individual = h % 10 === 0;
      const tour = individual
        ? tourIds[individualFrom + (i % (tourIds.length - individualFrom))]
        : tourIds[i % individualFrom];
      const start = EPOCH + ((h >>> 7) % 1095) * DAY_MS;
      const tourists = 1 + (i % 4);
      const unit = 1_500_000 + (i % 40) * 50_000;
      const price = unit * tourists;
      const paid = status === 3 ? Math.round(price * 0.3) : status === 4 ? price : 0;
      const c = customerOf(i);
      cols.organizer_id.push(organizerId);
      cols.tour_id.push(tour);
      cols.status.push(status);
      cols.source.push(SOURCES[(h >>> 3) % 5]);
      cols.is_individual_tour.push(individual);
      cols.date_start.push(isoDay(start));
      cols.date_end.push(isoDay(start + 3 * DAY_MS));
      cols.currency.push(i % 20 === 0 ? 'EUR' : 'RUB');
      cols.tourists_count.push(tourists);
      cols.unit_price_minor.push(unit);
      cols.total_minor.push(price);
      cols.paid_minor.push(paid);
      cols.customer_name.push(c.name);
      cols.customer_email.push(c.email);
      cols.customer_phone.push(c.phone);
      cols.base_sale_status.push(i % 7 === 0 ? 1 + (i % 5) : null);
      cols.search_text.push(searchText({ customer_name: c.name, customer_email: c.email, customer_phone: c.phone }));
      cols.created_at.push(new Date(now - (rows - g) * 60_000).toISOString());
    }
    await query(
      `INSERT INTO requests (organizer_id, tour_id, status, source, is_individual_tour, date_start, date_end, currency,
         tourists_count, unit_price_minor, total_minor, paid_minor, customer_name, customer_email, customer_phone,
         base_sale_status, search_text, created_at, updated_at)
       SELECT u.*, u.created_at FROM unnest($1::int[], $2::int[], $3::smallint[], $4::text[], $5::boolean[], $6::date[],
         $7::date[], $8::text[], $9::int[], $10::bigint[], $11::bigint[], $12::bigint[], $13::text[], $14::text[],
         $15::text[], $16::smallint[], $17::text[], $18::timestamptz[])
         AS u(organizer_id, tour_id, status, source, is_individual_tour, date_start, date_end, currency, tourists_count,
           unit_price_minor, total_minor, paid_minor, customer_name, customer_email, customer_phone, base_sale_status,
           search_text, created_at)`,
      Object.values(cols),
    );
  }
};
