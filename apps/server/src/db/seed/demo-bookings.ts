import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import { invoices, organizers, payments, requests, requestStatusHistory, tourDates, tours } from '../schema/index';
import { demoMemberOf } from './demo-photos';
import type { Services } from '../../app';
import { calendarDayIn } from '../../lib/calendar-day';
import { internalContext, type ServiceContext } from '../../lib/context';
import { departureStarted } from '../../modules/request/request-dates';

/** Who books the demo tours: names, e-mails and phones of the customers and their companions. */
const PEOPLE = [
  ['Olga', 'Petrova', '+79161234501'],
  ['Ivan', 'Smirnov', '+79161234502'],
  ['Maria', 'Kuznetsova', '+79161234503'],
  ['Dmitry', 'Volkov', '+79161234504'],
  ['Elena', 'Morozova', '+79161234505'],
  ['Sergey', 'Lebedev', '+79161234506'],
  ['Anna', 'Kozlova', '+79161234507'],
  ['Pavel', 'Novikov', '+79161234508'],
  ['Tatiana', 'Fedorova', '+79161234509'],
  ['Alexey', 'Popov', '+79161234510'],
  ['Natalia', 'Sokolova', '+79161234511'],
  ['Mikhail', 'Egorov', '+79161234512'],
  ['Julia', 'Pavlova', '+79161234513'],
  ['Andrey', 'Semenov', '+79161234514'],
] as const;
const person = (i: number) => PEOPLE[i % PEOPLE.length]!;

/** A group's path through the statuses, in turn: what a provider's desk looks like on a normal day. */
const PATHS = ['pending', 'confirmed', 'prepaid', 'paid', 'prepaid', 'confirmed'] as const;
type Path = (typeof PATHS)[number] | 'canceled_author' | 'canceled_tourist' | 'complete';

/**
 * Bookings for the demo: the seats the demo tours show as taken become real requests in every
 * status — pending with a hold, confirmed with a prepayment invoice, prepaid and fully paid through
 * the sandbox — plus cancellations with a penalty, and trips already over, spread over the last
 * twelve weeks, so the lists, filters, payments screen and dashboard show real figures. Everything
 * goes through the request, invoice and payment services a provider's clicks go through. Run once,
 * after the demo seed, at the first start.
 */
export const seedDemoBookings = async (services: Services, db: Db, log: FastifyBaseLogger): Promise<void> => {
  const rows = await db
    .select({
      tour_id: tours.id,
      organizer_id: tours.organizer_id,
      currency: tours.currency,
      date_id: tourDates.id,
      seats: tourDates.number_of_seats,
      free: tourDates.number_of_free_seats,
      date_start: tourDates.date_start,
    })
    .from(tourDates)
    .innerJoin(tours, eq(tours.id, tourDates.tour_id))
    .where(and(gt(tourDates.number_of_seats, tourDates.number_of_free_seats), eq(tourDates.is_from_schedule, false)))
    .orderBy(asc(tourDates.date_start), asc(tourDates.id));
  if (!rows.length) return;
  // the seats the demo tours were seeded with as taken are given back: the requests below take them
  await db
    .update(tourDates)
    .set({ number_of_free_seats: sql`${tourDates.number_of_seats}` })
    .where(
      inArray(
        tourDates.id,
        rows.map((r) => r.date_id),
      ),
    );
  const contexts = new Map<number, ServiceContext>();
  const ctxOf = async (organizerId: number): Promise<ServiceContext | null> => {
    if (!contexts.has(organizerId)) {
      const member = await demoMemberOf(db, organizerId);
      if (!member) return null;
      contexts.set(organizerId, internalContext(member.user_id, log, 'demo-seed'));
    }
    return contexts.get(organizerId)!;
  };

  // a departure whose first day has come on its organizer's clock takes no booking (request-dates.ts)
  const todays = new Map<number, string>();
  const started = async (organizerId: number, dateStart: string): Promise<boolean> => {
    if (!todays.has(organizerId)) {
      const [org] = await db
        .select({ tz: sql<string | null>`${organizers.profile} ->> 'timezone'` })
        .from(organizers)
        .where(eq(organizers.id, organizerId));
      todays.set(organizerId, calendarDayIn(org?.tz ?? null, new Date()));
    }
    return departureStarted(dateStart, todays.get(organizerId)!);
  };

  let n = 0;
  const book = async (
    ctx: ServiceContext,
    r: { organizer_id: number; tour_id: number; date_id: number | null },
    count: number,
    path: Path,
    extra: Record<string, unknown> = {},
  ): Promise<number> => {
    const who = person(n);
    n += 1;
    const made = await services.requests.create(
      ctx,
      {
        tour_organizer_id: r.organizer_id,
        tour_id: r.tour_id,
        tour_date_id: r.date_id,
        is_individual_tour: r.date_id === null,
        date_start: null,
        date_end: null,
        tourists_count: count,
        customer_name: `${who[0]} ${who[1]}`,
        customer_email: `${who[0]}.${who[1]}@example.com`.toLowerCase(),
        customer_phone: who[2],
        comment: n % 4 === 0 ? 'Vegetarian meals for one of us, please' : '',
        tourists: Array.from({ length: Math.min(count, n % 3 === 0 ? count : 1) }, (_, i) => {
          const p = person(n + i * 5);
          return {
            first_name: i === 0 ? who[0] : p[0],
            last_name: i === 0 ? who[1] : p[1],
            phone: i === 0 ? who[2] : '',
            birthday: `19${70 + ((n + i) % 25)}-0${1 + (i % 9)}-1${i % 9}`,
            passport: (n + i) % 4 === 0 ? '' : `45 1${n % 10} ${100000 + n * 37 + i}`,
            is_contact_person: i === 0,
          };
        }),
        hold_seconds: 86_400,
        idempotency_key: `demo-request-${n}`,
        ...extra,
      },
      'own',
    );
    const id = made.request_id;
    if (path === 'pending') return id;
    if (path === 'canceled_tourist' || path === 'canceled_author') {
      await services.requests.cancel(ctx, {
        id,
        message: path === 'canceled_tourist' ? 'Our plans changed, sorry' : 'The group was moved to another date',
        notify_client: false,
        canceled_by: path === 'canceled_tourist' ? 'tourist' : 'author',
      });
      return id;
    }
    await services.requests.confirm(ctx, id);
    const price = made.price;
    if (price <= 0) return id;
    const prepayment = Math.round(price * 30) / 100;
    const invoice = await services.payments.invoices.create(ctx, id, {
      amount: prepayment,
      title: 'Prepayment 30%',
      message: 'The rest is paid before the trip starts.',
      contract_id: null,
      prepayment_percent: 30,
      payment_type: 'prepayment',
    });
    if (path === 'confirmed') return id;
    await pay(invoice.id, n % 2 ? 'card' : 'sbp');
    if (path === 'paid' || path === 'complete') {
      const balance = await services.payments.invoices.create(ctx, id, {
        amount: Math.round((price - prepayment) * 100) / 100,
        title: 'Balance',
        message: '',
        contract_id: null,
        prepayment_percent: null,
        payment_type: 'payment',
      });
      await pay(balance.id, 'card');
    }
    return id;
  };
  const pay = async (invoiceId: number, method: 'card' | 'sbp'): Promise<void> => {
    // the demo's payments are the sandbox's: a real provider (production) is never asked for fake ones
    if (services.payments.payments.providerName !== 'sandbox') return;
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const found = invoice && (await services.payments.payments.byToken(invoice.public_token));
    if (!found) return;
    const { payment } = await services.payments.payments.start(found, method, `demo-${invoiceId}`);
    const decided = services.payments.sandbox.decide(payment.id, 'pay');
    if (decided) await services.payments.payments.handleNotification('sandbox', 'payment.succeeded', decided.id);
  };

  const made: number[] = [];
  // a cancellation now and then; it needs room on the departure for a moment (it is booked, then
  // canceled), so one due on a full departure goes to the next one with room
  let cancellationDue = false;
  let cancellations = 0;
  for (const [i, r] of rows.entries()) {
    const ctx = await ctxOf(r.organizer_id);
    if (!ctx || (await started(r.organizer_id, r.date_start))) continue;
    let left = r.seats - r.free;
    let g = 0;
    while (left > 0) {
      const count = Math.min(left, [2, 3, 1, 4, 2][(i + g) % 5]!);
      made.push(await book(ctx, r, count, PATHS[(i + g) % PATHS.length]!));
      left -= count;
      g += 1;
    }
    if (i % 3 === 0) cancellationDue = true;
    if (cancellationDue && r.free >= 2) {
      // by the tourist and by the provider in turn
      made.push(await book(ctx, r, 2, cancellations % 2 ? 'canceled_tourist' : 'canceled_author'));
      cancellations += 1;
      cancellationDue = false;
    }
  }
  // the horse-riding draft tour in euros: an own request for a private group
  const [eur] = await db
    .select({ tour_id: tours.id, organizer_id: tours.organizer_id, date_id: tourDates.id })
    .from(tours)
    .innerJoin(tourDates, eq(tourDates.tour_id, tours.id))
    // from the day after tomorrow (UTC): not started on any organizer's clock
    .where(and(eq(tours.currency, 'EUR'), gt(tourDates.date_start, sql`current_date + 1`)))
    .orderBy(asc(tourDates.date_start))
    .limit(1);
  const eurCtx = eur && (await ctxOf(eur.organizer_id));
  if (eur && eurCtx) {
    made.push(await book(eurCtx, eur, 3, 'prepaid'));
    made.push(await book(eurCtx, eur, 2, 'paid'));
  }

  // trips already over: a few paid requests whose departure is moved into the past, then completed
  const over = made.slice(0, 4);
  for (const [k, id] of over.entries()) {
    const [r] = await db.select().from(requests).where(eq(requests.id, id));
    if (!r || r.status !== 3) continue;
    const start = sql`current_date - ${21 + k * 9}::int`;
    await db
      .update(requests)
      .set({ date_start: sql`${start}`, date_end: sql`${start} + 2` })
      .where(eq(requests.id, id));
  }
  await services.requests.sweep(new Date());

  // spread the requests and their money over the last twelve weeks, newest last
  const total = made.length;
  for (const [k, id] of made.entries()) {
    const daysAgo = Math.round(((total - k) / total) * 80);
    const at = sql`now() - make_interval(days => ${daysAgo}, hours => ${(k * 7) % 24})`;
    await db.update(requests).set({ created_at: at }).where(eq(requests.id, id));
    await db
      .update(requestStatusHistory)
      .set({ created_at: sql`${at} + make_interval(hours => ${requestStatusHistory.id} % 48)` })
      .where(eq(requestStatusHistory.request_id, id));
    const ids = (await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.request_id, id))).map(
      (x) => x.id,
    );
    if (ids.length) {
      await db
        .update(invoices)
        .set({
          created_at: sql`${at} + interval '1 day'`,
          paid_at: sql`CASE WHEN ${invoices.paid_at} IS NULL THEN NULL ELSE ${at} + interval '2 days' END`,
        })
        .where(inArray(invoices.id, ids));
      await db
        .update(payments)
        .set({
          created_at: sql`${at} + interval '2 days'`,
          paid_at: sql`CASE WHEN ${payments.paid_at} IS NULL THEN NULL ELSE ${at} + interval '2 days' END`,
        })
        .where(inArray(payments.invoice_id, ids));
    }
  }
  log.info({ requests: made.length }, 'demo bookings seeded');
};
