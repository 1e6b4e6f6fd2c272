import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import { organizerMembers, requests, reviews } from '../schema/index';

/** What the demo's travellers wrote, and what the provider answered (null: not yet). */
const WRITTEN: { rating: number; language: 'en' | 'ru'; text: string; answer: string | null }[] = [
  {
    rating: 5,
    language: 'ru',
    text: 'Лучшая поездка за много лет: Катунь, перевалы, вечера у костра. Гиды внимательные, всё по плану.',
    answer: 'Спасибо! Ждём вас снова — летом откроем новый маршрут к Мультинским озёрам.',
  },
  {
    rating: 4,
    language: 'en',
    text: 'Beautiful route and a caring team. The second day was long, but the views paid for every step.',
    answer: 'Thank you! We have split that day into two shorter legs for next season.',
  },
  {
    rating: 5,
    language: 'en',
    text: 'Everything was organised to the minute, from the airport to the last dinner. Highly recommended.',
    answer: null,
  },
  {
    rating: 3,
    language: 'ru',
    text: 'Маршрут красивый, но трансфер из аэропорта задержался на час.',
    answer: null,
  },
];

/**
 * Reviews for the demo: travellers of the demo organizer's completed trips reviewed them, two
 * answered, two waiting — so /reviews, its menu count, the site's reviews block and the tour
 * page's rating show something from the first start. Run once, after the demo bookings.
 */
export const seedDemoReviews = async (db: Db, log: FastifyBaseLogger, today = new Date()): Promise<void> => {
  const [member] = await db
    .select({ id: organizerMembers.organizer_id })
    .from(organizerMembers)
    .orderBy(asc(organizerMembers.organizer_id))
    .limit(1);
  if (!member) return;
  const done = await db
    .select()
    .from(requests)
    .where(and(eq(requests.organizer_id, member.id), eq(requests.status, 4)))
    .orderBy(asc(requests.id))
    .limit(WRITTEN.length);
  const values = done.map((r, i) => {
    const w = WRITTEN[i]!;
    const at = new Date(today.getTime() - (i * 3 + 2) * 86_400_000);
    return {
      organizer_id: member.id,
      tour_id: r.tour_id,
      tour_date_id: r.tour_date_id,
      request_id: r.id,
      author_key: (r.customer_email || `demo:${r.id}`).toLowerCase(),
      display_name: r.customer_name.split(' ')[0] || r.customer_name,
      rating: w.rating,
      text: w.text,
      language: w.language,
      created_at: at,
      answer: w.answer,
      answered_at: w.answer ? new Date(at.getTime() + 5 * 3_600_000) : null,
      updated_at: at,
    };
  });
  if (values.length > 0) await db.insert(reviews).values(values);
  log.info({ reviews: values.length }, 'demo reviews seeded');
};
