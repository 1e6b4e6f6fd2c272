import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_STATUS } from '@tourdesk/contract';
import type { Db } from '../client';
import {
  invoices,
  organizerAgents,
  organizerSites,
  organizers,
  payments,
  requests,
  requestStatusHistory,
  tourDates,
  tours,
} from '../schema/index';
import { demoMemberOf } from './demo-photos';
import type { Services } from '../../app';
import { calendarDayIn } from '../../lib/calendar-day';
import { internalContext, type ServiceContext } from '../../lib/context';
import { departureStarted } from '../../modules/request/index';

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

/** Where the bookings come from, in turn: the provider's own, the marketplace, its agents, other agencies. */
const SOURCES = ['own', 'marketplace', 'own', 'agent', 'third_party_agent', 'marketplace', 'own'] as const;
type Source = (typeof SOURCES)[number];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * A request's events on the seeding's own clock (seconds apart, in the order they happened) moved
 * onto the demo's calendar: the first at `at`, each next one `gap` later, ties kept together (a
 * payment and the status it brings), the last never after `now`. The order is kept, so nothing
 * is paid before it is invoiced, invoiced before it is confirmed, or dated in the future.
 */
export const demoTimeline = (events: readonly Date[], at: Date, now: Date, gap = DAY_MS): Map<number, Date> => {
  const distinct = [...new Set(events.map((d) => d.getTime()))].sort((a, b) => a - b);
  const room = now.getTime() - at.getTime();
  const step = distinct.length > 1 ? Math.max(0, Math.min(gap, Math.floor(room / (distinct.length - 1)))) : 0;
  return new Map(distinct.map((t, i) => [t, new Date(Math.min(at.getTime() + i * step, now.getTime()))]));
};

/**
 * Bookings for the demo: the seats the demo tours show as taken become real requests in every
 * status — pending with a hold, confirmed with a prepayment invoice, prepaid and fully paid through
 * the sandbox — plus cancellations with a penalty, and trips already over, spread over the last
 * twelve weeks, so the lists, filters, payments screen and dashboard show real figures. Everything
 * goes through the request, invoice and payment services a provider's clicks go through. Run once,
 * after the demo seed, at the first start.
 */
export const seedDemoBookings = async (
  services: Services,
  db: Db,
  log: FastifyBaseLogger,
  today = new Date(),
): Promise<void> => {
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
      todays.set(organizerId, calendarDayIn(org?.tz ?? null, today));
    }
    return departureStarted(dateStart, todays.get(organizerId)!);
  };

  // the marketplace and the agent each organizer works with, if any
  const channels = new Map<number, { site: number | null; agent: number | null }>();
  const channelsOf = async (organizerId: number) => {
    if (!channels.has(organizerId)) {
      const [site] = await db
        .select({ id: organizerSites.site_id })
        .from(organizerSites)
        .where(eq(organizerSites.organizer_id, organizerId))
        .limit(1);
      const [agent] = await db
        .select({ id: organizerAgents.agent_id })
        .from(organizerAgents)
        .where(eq(organizerAgents.organizer_id, organizerId))
        .limit(1);
      channels.set(organizerId, { site: site?.id ?? null, agent: agent?.id ?? null });
    }
    return channels.get(organizerId)!;
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
    const { site, agent } = await channelsOf(r.organizer_id);
    const wanted: Source = SOURCES[n % SOURCES.length]!;
    const source: Source =
      (wanted === 'marketplace' && site === null) || (wanted === 'agent' && agent === null) ? 'own' : wanted;
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
        ...(source === 'third_party_agent'
          ? {
              third_party_agent: {
                name: 'Baikal Travel Bureau',
                email: 'desk@baikal-bureau.example',
                phone: '+79995550021',
                commission: 0,
              },
            }
          : {}),
        ...extra,
      },
      source === 'third_party_agent' ? 'third_party_agent' : 'own',
      today,
    );
    const id = made.request_id;
    // the marketplace's and its agents' bookings arrive through the marketplace: here they are
    // the provider's own made with that origin
    if (source === 'marketplace') await db.update(requests).set({ source, site_id: site }).where(eq(requests.id, id));
    if (source === 'agent')
      await db.update(requests).set({ source, site_id: site, agent_id: agent }).where(eq(requests.id, id));
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
  const dayOf = (daysAgo: number): string =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo))
      .toISOString()
      .slice(0, 10);
  const over = made.slice(0, 4);
  for (const [k, id] of over.entries()) {
    const [r] = await db.select().from(requests).where(eq(requests.id, id));
    if (!r || r.status !== BOOKING_STATUS.made_prepayment) continue;
    await db
      .update(requests)
      .set({ date_start: dayOf(21 + k * 9), date_end: dayOf(19 + k * 9) })
      .where(eq(requests.id, id));
  }
  await services.requests.sweep(today);

  // spread the requests and their money over the last twelve weeks, newest last: each request's
  // events keep their order, a day apart at most, none after today (read at once, written at once)
  const total = made.length;
  const requestRows = made.length ? await db.select().from(requests).where(inArray(requests.id, made)) : [];
  const historyRows = made.length
    ? await db.select().from(requestStatusHistory).where(inArray(requestStatusHistory.request_id, made))
    : [];
  const invoiceRows = made.length ? await db.select().from(invoices).where(inArray(invoices.request_id, made)) : [];
  const paymentRows = invoiceRows.length
    ? await db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.invoice_id,
            invoiceRows.map((i) => i.id),
          ),
        )
    : [];
  const requestOfInvoice = new Map(invoiceRows.map((i) => [i.id, i.request_id]));
  const changes = {
    requests: [] as { id: number; created_at: Date; confirmed_at: Date | null; canceled_at: Date | null }[],
    history: [] as { id: number; created_at: Date }[],
    invoices: [] as { id: number; created_at: Date; paid_at: Date | null }[],
    payments: [] as { id: number; created_at: Date; paid_at: Date | null }[],
  };
  for (const [k, id] of made.entries()) {
    const request = requestRows.find((r) => r.id === id);
    if (!request) continue;
    const daysAgo = Math.round(((total - k) / total) * 80);
    const at = new Date(today.getTime() - daysAgo * DAY_MS - (((k * 7) % 24) + 1) * HOUR_MS);
    const history = historyRows.filter((h) => h.request_id === id);
    const ownInvoices = invoiceRows.filter((i) => i.request_id === id);
    const ownPayments = paymentRows.filter((p) => requestOfInvoice.get(p.invoice_id) === id);
    // a trip over ends its story: its completion the day after its end, the rest before it
    const complete = request.status === BOOKING_STATUS.tour_complete && request.date_end !== null;
    const until = complete
      ? new Date(Math.min(today.getTime(), Date.parse(`${request.date_end}T00:00:00Z`) + DAY_MS))
      : today;
    const events = [
      request.created_at,
      request.confirmed_at,
      request.canceled_at,
      ...history.filter((h) => h.status !== BOOKING_STATUS.tour_complete).map((h) => h.created_at),
      ...ownInvoices.flatMap((i) => [i.created_at, i.paid_at]),
      ...ownPayments.flatMap((p) => [p.created_at, p.paid_at]),
    ].filter((d): d is Date => d instanceof Date);
    const moved = demoTimeline(events, at, until);
    const to = (d: Date | null): Date | null => (d ? (moved.get(d.getTime()) ?? null) : null);
    changes.requests.push({
      id,
      created_at: to(request.created_at)!,
      confirmed_at: to(request.confirmed_at),
      canceled_at: to(request.canceled_at),
    });
    for (const h of history)
      changes.history.push({
        id: h.id,
        created_at: h.status === BOOKING_STATUS.tour_complete ? until : to(h.created_at)!,
      });
    for (const i of ownInvoices)
      changes.invoices.push({ id: i.id, created_at: to(i.created_at)!, paid_at: to(i.paid_at) });
    for (const p of ownPayments)
      changes.payments.push({ id: p.id, created_at: to(p.created_at)!, paid_at: to(p.paid_at) });
  }
  const ids = (rows: { id: number }[]) => sql.param(rows.map((r) => r.id));
  const times = (rows: { id: number }[], key: string) =>
    sql.param(rows.map((r) => ((r as Record<string, unknown>)[key] as Date | null)?.toISOString() ?? null));
  if (changes.requests.length)
    await db.execute(sql`
      UPDATE requests SET created_at = v.created_at, confirmed_at = v.confirmed_at, canceled_at = v.canceled_at,
        updated_at = greatest(v.created_at, v.confirmed_at, v.canceled_at)
      FROM (SELECT unnest(${ids(changes.requests)}::int[]) AS id,
        unnest(${times(changes.requests, 'created_at')}::timestamptz[]) AS created_at,
        unnest(${times(changes.requests, 'confirmed_at')}::timestamptz[]) AS confirmed_at,
        unnest(${times(changes.requests, 'canceled_at')}::timestamptz[]) AS canceled_at) v
      WHERE requests.id = v.id`);
  if (changes.history.length)
    await db.execute(sql`
      UPDATE request_status_history SET created_at = v.created_at
      FROM (SELECT unnest(${ids(changes.history)}::int[]) AS id,
        unnest(${times(changes.history, 'created_at')}::timestamptz[]) AS created_at) v
      WHERE request_status_history.id = v.id`);
  for (const table of ['invoices', 'payments'] as const)
    if (changes[table].length)
      await db.execute(sql`
        UPDATE ${sql.identifier(table)} SET created_at = v.created_at, paid_at = v.paid_at
        FROM (SELECT unnest(${ids(changes[table])}::int[]) AS id,
          unnest(${times(changes[table], 'created_at')}::timestamptz[]) AS created_at,
          unnest(${times(changes[table], 'paid_at')}::timestamptz[]) AS paid_at) v
        WHERE ${sql.identifier(table)}.id = v.id`);
  log.info({ requests: made.length }, 'demo bookings seeded');
};
