import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/*
 * The traveller's checkout's shared setup (issue 27; checkout.spec.ts, traveller-booking.spec.ts):
 * the demo provider's Altai Trails gets a published site, and a departure with `seats` places is
 * added to one of its tours two travellers may book alone.
 */
const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
export const PORT = Number(process.env.E2E_PORT ?? 18431);
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export interface CheckoutSite {
  run: string;
  headers: Record<string, string>;
  q: string;
  subdomain: string;
  tourId: number;
  dateId: number;
  siteUrl: (path: string) => string;
  call: (
    request: APIRequestContext,
    method: 'GET' | 'POST',
    url: string,
    data?: object,
  ) => Promise<Record<string, unknown>>;
}

export const setupCheckoutSite = async (
  request: APIRequestContext,
  /** pick: which of the suitable demo tours (specs running side by side take different ones) */
  opts: {
    prefix: string;
    seats?: number;
    offset?: number;
    pick?: 'first' | 'last';
    /** more of the departure's fields (not_guaranteed, flight_included) */
    date?: Record<string, unknown>;
  },
): Promise<CheckoutSite> => {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const auth = await request.post('/crm/api/user/auth', { data: DEMO });
  expect(auth.ok()).toBe(true);
  const headers = { Authorization: `Bearer ${((await auth.json()) as { token: string }).token}` };
  const call = async (r: APIRequestContext, method: 'GET' | 'POST', url: string, data?: object) => {
    const res = method === 'GET' ? await r.get(url, { headers }) : await r.post(url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
  const organizers = (await (await request.get('/crm/api/organizer/list', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const altai = organizers.find((o) => o.name === 'Altai Trails')!;
  const q = `organizer_id=${altai.id}`;
  const site = await call(request, 'POST', `/crm/api/site/attach-site?${q}`, { subdomain: `${opts.prefix}-${run}` });
  const subdomain = site.subdomain as string;
  for (const type of ['site', 'main', 'tour'] as const)
    await call(request, 'POST', `/crm/api/site/publish-data?${q}`, { type });
  const cards = (await (await request.get(`/spa/tours-crm?domain=${subdomain}.localhost`)).json()) as { id: number }[];
  // a tour two travellers may book alone (the demo's have their own group sizes)
  let tourId = 0;
  for (const card of opts.pick === 'last' ? [...cards].reverse() : cards) {
    const o = (await (await request.get(`/spa/checkout/options?tour_id=${card.id}`)).json()) as {
      tour: { group_min: number | null; group_max: number | null };
    };
    if ((o.tour.group_min ?? 0) <= 2 && (o.tour.group_max ?? 2) >= 2) {
      tourId = card.id;
      break;
    }
  }
  expect(tourId).toBeGreaterThan(0);
  const saved = await call(request, 'POST', '/crm/api/tour/save-date', {
    tour_id: tourId,
    date_start: day(opts.offset ?? 50),
    date_end: day((opts.offset ?? 50) + 2),
    time_start: `0${Math.floor(Math.random() * 9)}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`,
    price: 10000,
    number_of_seats: opts.seats ?? 5,
    prepayment_type: 'percent',
    prepayment_size: 30,
    ...opts.date,
  });
  return {
    run,
    headers,
    q,
    subdomain,
    tourId,
    dateId: saved.id as number,
    siteUrl: (path: string) => `http://${subdomain}.localhost:${PORT}${path}`,
    call,
  };
};

/** A new browser context and page whose console errors are collected. */
export const watched = async (browser: Browser, opts: Parameters<Browser['newContext']>[0]) => {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
};

const WORDS = {
  en: { adult: /^Adult/, next: 'Continue', name: 'Your name', email: 'Your e-mail', phone: 'Your phone' },
  ru: { adult: /^Взрослый/, next: 'Продолжить', name: 'Ваше имя', email: 'Ваша эл. почта', phone: 'Ваш телефон' },
} as const;

/**
 * Books `adults` places through the site's checkout up to the contact, with the documents
 * accepted; the caller presses the language's own submit button.
 */
export const fillCheckout = async (
  page: Page,
  site: CheckoutSite,
  c: { lang: 'en' | 'ru'; adults: number; name: string; email: string; phone: string },
) => {
  const w = WORDS[c.lang];
  await page.goto(site.siteUrl(`/booking?tour=${site.tourId}&date=${site.dateId}&lang=${c.lang}`));
  await expect(page.getByTestId('checkout')).toBeVisible();
  await page.getByLabel(w.adult).fill(String(c.adults));
  await expect(page.getByTestId('checkout-total')).not.toBeEmpty();
  await page.getByRole('button', { name: w.next }).click();
  await expect(page.getByTestId('checkout-countdown')).toBeVisible();
  await page.getByTestId('checkout').getByLabel(w.name).fill(c.name);
  await page.getByTestId('checkout').getByLabel(w.email).fill(c.email);
  await page.getByTestId('checkout').getByLabel(w.phone).fill(c.phone);
  await page
    .getByTestId('checkout')
    .getByRole('checkbox', { name: /^(I accept the organizer’s terms|Я принимаю условия организатора)/ })
    .check();
};
