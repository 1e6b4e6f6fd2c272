import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { newProvider, openSignedIn } from './provider';

/*
 * Issue 24, the provider's first day in Chromium against the real server: an own request of a
 * traveller, the questionnaire, the confirmation, the prepayment invoice, the payment, the contract
 * and the meeting details each send the traveller one message, in the traveller's language, whose
 * links work when the traveller follows them in a browser of their own (a second context).
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TOUR = `Teletskoye lake ${run}`;
const DAY_MS = 86_400_000;
const day = (n: number): string => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

interface OutboxItem {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
}
interface TimelineItem {
  id: number;
  kind: string;
  channel: string;
  recipient: string;
  language: string;
  status: string;
  subject: string;
}

let token = '';
let orgId = 0;
let headers: Record<string, string> = {};
let tourId = 0;
let departureId = 0;

const ok = async (request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> => {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
/** The outbox's mails to `recipient`, oldest first (GET /crm/api/debug/outbox). */
const outboxTo = async (request: APIRequestContext, recipient: string): Promise<OutboxItem[]> => {
  const { items } = (await (await request.get('/crm/api/debug/outbox?limit=200')).json()) as { items: OutboxItem[] };
  return items.filter((m) => m.recipient === recipient).reverse();
};
/** The request's timeline once it holds `count` messages (they go in the background). */
const timeline = async (request: APIRequestContext, requestId: number, count: number): Promise<TimelineItem[]> => {
  const read = async () =>
    (
      (await (await request.get(`/crm/api/traveller-messages/list?request_id=${requestId}`, { headers })).json()) as {
        items: TimelineItem[];
      }
    ).items;
  await expect.poll(async () => (await read()).length).toBe(count);
  return (await read()).reverse();
};
/** The first link of a mail's text that starts with `prefix`. */
const linkIn = (body: string, prefix: string): string => {
  const found = body.split(/\s+/).find((w) => w.startsWith(prefix));
  expect(found, `a link ${prefix}… in:\n${body}`).toBeTruthy();
  return found!;
};
/** The traveller: a phone of their own, no account. */
const travellerPhone = (browser: Browser, locale: string) =>
  browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale });

test.beforeAll(async ({ request }) => {
  ({ token, orgId, headers } = await newProvider(request, {
    email: `first-day-${run}@e2e.example`,
    organizer: `Lake Trails ${run}`,
  }));
  tourId = (await ok(request, '/crm/api/tour/create', { organizer_id: orgId, name: TOUR, duration: 3 })).id as number;
  departureId = (
    await ok(request, '/crm/api/tour/save-date', {
      tour_id: tourId,
      date_start: day(30),
      date_end: day(32),
      price: 20000,
      number_of_seats: 10,
      prepayment_type: 'percent',
      prepayment_size: 30,
    })
  ).id as number;
  await ok(request, '/crm/api/organizer-meet-data-template/create', {
    organizer_id: orgId,
    name: 'Пристань',
    text: 'Встречаемся {tour_date.date_start} в 9:00 на пристани. Возьмите тёплую куртку.',
    place: `Артыбаш, пристань ${run}`,
    contact_phone: '+79991234567',
    is_default: true,
  });
});

const TEXTS = {
  ru: {
    received: 'Мы получили вашу заявку',
    confirmed: 'Места подтверждены',
    invoice: 'Счёт по бронированию',
    paid: 'Оплата получена',
    questionnaire: 'Анкета туристов',
    addMyself: 'Добавить себя',
    last: /^Фамилия/,
    first: /^Имя/,
    name: ['Петрова', 'Ольга'],
    save: 'Сохранить',
    thanks: 'Спасибо, Ольга!',
    pay: /^Оплатить /,
    payPage: 'Оплата получена',
    contract: 'Договор приложен к этому письму.',
  },
  en: {
    received: 'We got your request',
    confirmed: 'Your places are confirmed',
    invoice: 'Invoice for booking',
    paid: 'Payment received',
    questionnaire: 'Travellers’ questionnaire',
    addMyself: 'Add myself',
    last: /^Last name/,
    first: /^First name/,
    name: ['Brown', 'Olivia'],
    save: 'Save',
    thanks: 'Thank you, Olivia!',
    pay: /^Pay /,
    payPage: 'Payment received',
    contract: 'The contract is attached to this e-mail.',
  },
} as const;

for (const lang of ['ru', 'en'] as const) {
  test(`the first day with a traveller who reads ${lang}: each message once, in ${lang}, its links working`, async ({
    page,
    browser,
    request,
  }) => {
    const t = TEXTS[lang];
    const email = `first-day-${lang}-${run}@e2e.example`;
    // the organizer's default language of messages (Settings): the traveller's until they answer on a page
    await ok(request, '/crm/api/traveller-messages/update-settings', { organizer_id: orgId, default_language: lang });
    const requestId = (
      await ok(request, '/crm/api/request/create-request-with-own-type', {
        tour_organizer_id: orgId,
        tour_id: tourId,
        tour_date_id: departureId,
        tourists_count: 1,
        customer_name: `${t.name[1]} ${t.name[0]}`,
        customer_email: email,
        idempotency_key: `first-day-${lang}-${run}`,
      })
    ).request_id as number;

    // 1. request received, with the questionnaire link: the traveller opens it on a phone of their own
    let items = await timeline(request, requestId, 1);
    expect(items.map((i) => [i.kind, i.language])).toEqual([['request_received', lang]]);
    const [received] = await outboxTo(request, email);
    expect(received?.subject).toBe(`${t.received}${lang === 'ru' ? ' №' : ' No.'} ${requestId}: ${TOUR}`);
    const traveller = await travellerPhone(browser, lang === 'ru' ? 'en-GB' : 'ru-RU');
    const tp = await traveller.newPage();
    // the link names the language, whatever the phone's own (set to the other one here)
    await tp.goto(linkIn(received!.body, 'http').replace(/^https?:\/\/[^/]+/, ''));
    await expect(tp.getByRole('heading', { level: 1, name: t.questionnaire })).toBeVisible();
    await tp.getByRole('button', { name: t.addMyself }).click();
    await tp.getByRole('textbox', { name: t.last }).fill(t.name[0]);
    await tp.getByRole('textbox', { name: t.first }).fill(t.name[1]);
    await tp.getByRole('button', { name: t.save }).click();
    await expect(tp.getByRole('heading', { name: t.thanks })).toBeVisible();

    // 2. the provider confirms and issues the prepayment invoice on the request page
    await openSignedIn(page, `/org/${orgId}/bookings/${requestId}`, token, 'en');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText('The request is confirmed: its seats are firm')).toBeVisible();
    await page.getByRole('button', { name: 'New invoice' }).click();
    const invoiceForm = page.getByRole('dialog', { name: 'New invoice' });
    await expect(invoiceForm.getByLabel(/^Amount, RUB/)).toHaveValue('6000');
    await invoiceForm.getByRole('button', { name: 'Create invoice' }).click();
    await expect(invoiceForm).toBeHidden();
    items = await timeline(request, requestId, 3);
    expect(items.map((i) => [i.kind, i.language])).toEqual([
      ['request_received', lang],
      ['confirmed', lang],
      ['invoice_issued', lang],
    ]);

    // 3. the traveller follows the invoice's link and pays on the sandbox page, in their language
    const invoiceMail = (await outboxTo(request, email)).find((m) => m.subject?.startsWith(t.invoice));
    const payLink = linkIn(invoiceMail!.body, 'http').replace(/^https?:\/\/[^/]+/, '');
    expect(payLink).toMatch(new RegExp(`^/pay/[A-Za-z0-9_-]+\\?lang=${lang}$`));
    await tp.goto(payLink);
    await tp.getByRole('button', { name: t.pay }).click();
    await tp.waitForURL(/\/org\/success\?invoice=/);
    await expect(tp.getByRole('heading', { name: t.payPage })).toBeVisible();
    await traveller.close();

    // 4. the meeting details from the request page (the organizer's Russian template)
    await page.reload();
    await page.getByRole('button', { name: 'Send meeting details' }).click();
    const dialog = page.getByRole('dialog', { name: `Meeting details for request #${requestId}` });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Meeting details sent to 1 recipient')).toBeVisible();

    items = await timeline(request, requestId, 5);
    expect(items.map((i) => [i.kind, i.language])).toEqual([
      ['request_received', lang],
      ['confirmed', lang],
      ['invoice_issued', lang],
      ['payment_received', lang],
      // meeting details go in the language their text is written in
      ['meet_data', 'ru'],
    ]);
    // in the outbox: each exactly once
    const all = await outboxTo(request, email);
    expect(all).toHaveLength(5);
    for (const prefix of [t.received, t.confirmed, t.invoice, t.paid, 'Информация о встрече'])
      expect(
        all.filter((m) => m.subject?.startsWith(prefix)),
        prefix,
      ).toHaveLength(1);
    // the receipt carries the contract
    const receipt = items.find((i) => i.kind === 'payment_received')!;
    const view = (await (
      await request.get(`/crm/api/traveller-messages/view?id=${receipt.id}`, { headers })
    ).json()) as { rendered: { html: string; text: string } };
    expect(view.rendered.text).toContain(t.contract);
    expect(view.rendered.html).toContain(`lang="${lang}"`);
  });
}
