import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import { tours } from '../schema/index';
import { demoMemberOf } from './demo-photos';
import type { Services } from '../../app';
import { internalContext } from '../../lib/context';

/** The demo excursion sold on a weekly schedule (the others by dates). */
export const DEMO_WEEKLY_TOUR = 'olkhon-excursion';

/**
 * The demo's weekly schedule: the Olkhon excursion leaves on Tuesdays, Thursdays and Saturdays
 * (two times on Saturday), with the New Year holidays excluded, kept 60 days ahead. Saved through
 * the week schedule service, so its departures are made by the same sweep as a provider's. Run
 * once, right after the demo seed, at the first start.
 */
export const seedDemoSchedule = async (
  services: Services,
  db: Db,
  log: FastifyBaseLogger,
  today = new Date(),
): Promise<void> => {
  const [tour] = await db
    .select({ id: tours.id, organizer_id: tours.organizer_id, price: tours.price, group_max: tours.group_max })
    .from(tours)
    .where(eq(tours.screen_name, DEMO_WEEKLY_TOUR))
    .limit(1);
  if (!tour) return;
  const member = await demoMemberOf(db, tour.organizer_id);
  if (!member) return;
  const year = today.getUTCFullYear();
  await services.weekSchedules.save(internalContext(member.user_id, log, 'demo-seed'), tour.id, {
    publish_count_days: 60,
    last_tour_date: null,
    days_data: [
      { day_of_week: 2, times: ['10:00'] },
      { day_of_week: 4, times: ['10:00'] },
      { day_of_week: 6, times: ['10:00', '15:00'] },
    ],
    excluded_periods_data: [{ date_from: `${year}-12-31`, date_to: `${year + 1}-01-02` }],
    price: Number(tour.price ?? 0),
    days: 1,
    number_of_seats: tour.group_max ?? 12,
    full_payment_days: null,
    prepayment_type: 'percent',
    prepayment_size: 20,
    not_guaranteed: false,
    flight_included: false,
    commentary: '',
  });
};
