/** Test fixtures of the payment tests: tenants, a tour and departure through the API, requests as rows. */
import { eq, sql } from 'drizzle-orm';
import { invoices, payments, requests, tourDates } from '../../db/schema/index';
import { bearer, createUser, signIn, type TestApp } from '../../test/test-app';

export interface Who {
  userId: number;
  organizerId: number;
  token: string;
}
export type Body = Record<string, unknown> & {
  errors?: Record<string, string[]>;
  codes?: Record<string, { code: string; params?: Record<string, unknown> }[]>;
  code?: string;
};

export const day = (offset: number, from = Date.now()): string =>
  new Date(from + offset * 86_400_000).toISOString().slice(0, 10);

export const tenant = async (t: TestApp, email: string, org: string): Promise<Who> => {
  const u = await createUser(t.database, { email, organizers: [org] });
  return { userId: u.userId, organizerId: u.organizerIds[0]!, token: (await signIn(t.app, email)).token };
};

export const call = async (
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  who: Who | null,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Body; raw: string; headers: Record<string, unknown> }> => {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(who ? bearer(who.token) : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  let body: Body = {};
  try {
    body = res.json() as Body;
  } catch {
    // not JSON (CSV, HTML)
  }
  return { status: res.statusCode, body, raw: res.body, headers: res.headers };
};

/** A tour and one departure of it (through the API), `seats` seats at `price` a place. */
export const tourWithDeparture = async (
  t: TestApp,
  who: Who,
  opts: {
    name?: string;
    currency?: string;
    price?: number;
    seats?: number;
    startIn?: number;
    full_payment_days?: number | null;
    prepayment_type?: 'percent' | 'currency';
    prepayment_size?: number;
  } = {},
): Promise<{ tourId: number; dateId: number; dateStart: string }> => {
  const tour = await call(t, 'POST', '/crm/api/tour/create', who, {
    organizer_id: who.organizerId,
    name: opts.name ?? 'Altai ridge',
    currency: opts.currency ?? 'RUB',
  });
  if (tour.status !== 200) throw new Error(`tour: ${tour.raw}`);
  const start = day(opts.startIn ?? 40);
  const date = await call(t, 'POST', '/crm/api/tour/save-date', who, {
    tour_id: tour.body.id,
    date_start: start,
    date_end: day((opts.startIn ?? 40) + 2),
    price: opts.price ?? 10000,
    number_of_seats: opts.seats ?? 10,
    full_payment_days: opts.full_payment_days ?? null,
    prepayment_type: opts.prepayment_type ?? 'percent',
    prepayment_size: opts.prepayment_size ?? 0,
  });
  if (date.status !== 200) throw new Error(`departure: ${date.raw}`);
  return { tourId: tour.body.id as number, dateId: date.body.id as number, dateStart: start };
};

/**
 * A request as the request core leaves it: `tourists` firm seats taken from the departure, its
 * price `tourists` × the departure's, in `status` (2 pending prepayment by default), confirmed `confirmedAt`.
 */
export const insertRequest = async (
  t: TestApp,
  who: Who,
  d: { tourId: number; dateId: number; dateStart: string },
  opts: {
    tourists?: number;
    unitPriceMinor?: number;
    status?: number;
    currency?: string;
    confirmedAt?: Date | null;
    email?: string;
    paidMinor?: number;
  } = {},
): Promise<number> => {
  const tourists = opts.tourists ?? 2;
  const unit = opts.unitPriceMinor ?? 1_000_000;
  await t.database.db
    .update(tourDates)
    .set({ number_of_free_seats: sql`${tourDates.number_of_free_seats} - ${tourists}` })
    .where(eq(tourDates.id, d.dateId));
  const [row] = await t.database.db
    .insert(requests)
    .values({
      organizer_id: who.organizerId,
      tour_id: d.tourId,
      tour_date_id: d.dateId,
      status: opts.status ?? 2,
      currency: opts.currency ?? 'RUB',
      tourists_count: tourists,
      unit_price_minor: unit,
      total_minor: unit * tourists,
      paid_minor: opts.paidMinor ?? 0,
      seats_taken: tourists,
      customer_name: 'Ivan Petrov',
      customer_email: opts.email ?? 'ivan@example.com',
      customer_phone: '+79990001122',
      search_text: 'ivan petrov',
      date_start: d.dateStart,
      date_end: d.dateStart,
      confirmed_at: opts.confirmedAt === undefined ? new Date() : opts.confirmedAt,
      created_by_user_id: who.userId,
    })
    .returning({ id: requests.id });
  return row!.id;
};

export const requestRow = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;
export const invoiceRow = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
export const paymentRows = async (t: TestApp, invoiceId: number) =>
  t.database.db.select().from(payments).where(eq(payments.invoice_id, invoiceId)).orderBy(payments.id);
export const freeSeats = async (t: TestApp, dateId: number): Promise<number> =>
  (await t.database.db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!.number_of_free_seats;

/** A digest of the money tables: equal digests, nothing written. */
export const moneySnapshot = async (t: TestApp): Promise<string> => {
  const res = (await t.database.db.execute(
    sql.raw(
      `select (select coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from invoices x) ||
              (select coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from payments x) ||
              (select coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from payment_notifications x) ||
              (select coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from requests x) as h`,
    ),
  )) as unknown as { rows: { h: string }[] };
  return res.rows[0]!.h;
};

/** The sandbox page's form: its attempt nonce, as a browser would read it. */
export const attemptOf = (html: string): string => /name="attempt" value="([^"]+)"/.exec(html)![1]!;
/** The amount the page showed, as its form posts it ("6000.00"). */
export const shownAmountOf = (html: string): string => /name="amount" value="([^"]+)"/.exec(html)![1]!;
/** The page's form as a browser posts it: its hidden fields, card and Pay unless told otherwise. */
export const formOf = (html: string, fields: Record<string, string> = {}): string =>
  new URLSearchParams({
    method: 'card',
    outcome: 'pay',
    attempt: attemptOf(html),
    amount: shownAmountOf(html),
    ...fields,
  }).toString();

/** Pays an invoice on its sandbox page, as a browser does: GET the page, POST its form. Answers the redirect. */
export const payOnPage = async (
  t: TestApp,
  token: string,
  opts: { method?: 'card' | 'sbp'; outcome?: 'pay' | 'fail'; lang?: string } = {},
): Promise<{ status: number; location: string }> => {
  const page = await t.app.inject({ method: 'GET', url: `/pay/${token}`, headers: { accept: 'text/html' } });
  const form = formOf(page.body, {
    method: opts.method ?? 'card',
    outcome: opts.outcome ?? 'pay',
    ...(opts.lang ? { lang: opts.lang } : {}),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/pay/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: form,
  });
  return { status: res.statusCode, location: String(res.headers.location ?? '') };
};
