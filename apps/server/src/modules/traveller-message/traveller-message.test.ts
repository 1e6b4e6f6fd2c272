import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  outboxAttachments,
  outboxMessages,
  requestMessengerLinks,
  requests,
  travellerMessages,
} from '../../db/schema/index';
import { startFakeSmtp } from '../../lib/transports/fake-providers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { planMessages } from './traveller-message.plan';
import { call, payOnPage, tenant, tourWithDeparture, type Who } from '../payment/payment.fixtures';

/**
 * Traveller messages (issue 24) end to end through the API, the domain events, the composer, the
 * outbox and a local SMTP server: the provider's first day sends the traveller each message once,
 * in the traveller's language, with working links; switches, texts, send again, the timeline.
 */
const PUBLIC_URL = 'https://crm.example.test';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let anna: Who;
let boris: Who;
let departure: { tourId: number; dateId: number; dateStart: string };

/** Waits for what each commit started: the events' delivery, the composer, the outbox. */
const settle = async (): Promise<void> => {
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.travellerMessageComposer.idle();
  await t.app.services.travellerMessageComposer.composeDue();
  await t.app.services.delivery.idle();
};

let outboxMark = 0;
beforeEach(async () => {
  await settle();
  outboxMark = (await t.database.db.select({ id: outboxMessages.id }).from(outboxMessages)).reduce(
    (m, r) => Math.max(m, r.id),
    0,
  );
});

/** The traveller messages in the outbox since the test began, oldest first. */
const sent = async (recipient?: string) =>
  (
    await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(gt(outboxMessages.id, outboxMark), ...(recipient ? [eq(outboxMessages.recipient, recipient)] : [])))
      .orderBy(asc(outboxMessages.id))
  ).filter((r) => (r.meta as { kind?: string }).kind === 'traveller_message');
/** Intl separates digits and currency with no-break spaces */
const plain = (text: string | null): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const kinds = (rows: Awaited<ReturnType<typeof sent>>) =>
  rows.map((r) => (r.meta as { message_kind: string }).message_kind);

const book = async (who: Who, extra: Record<string, unknown> = {}) => {
  const res = await call(t, 'POST', '/crm/api/request/create-request-with-own-type', who, {
    tour_organizer_id: who.organizerId,
    tour_id: departure.tourId,
    tour_date_id: departure.dateId,
    tourists_count: 2,
    customer_name: 'Olga <b>Petrova</b>',
    customer_email: 'olga@example.com',
    customer_phone: '+79161234567',
    idempotency_key: `tm-${Math.random()}`,
    ...extra,
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.request_id as number;
};

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({
    PUBLIC_URL,
    SMTP_URL: `smtp://user:pass@127.0.0.1:${smtp.port}`,
    SMTP_FROM: 'Tourdesk <robot@tourdesk.test>',
    INBOUND_EMAIL_DOMAIN: 'reply.example.test',
    INBOUND_EMAIL_SECRET: 'inbound-secret-0123456789',
  });
  anna = await tenant(t, 'anna@tm.example', 'Altai Trails');
  boris = await tenant(t, 'boris@tm.example', 'Kamchatka Tours');
  departure = await tourWithDeparture(t, anna, {
    name: 'Altai ridge',
    price: 15000,
    seats: 60,
    prepayment_type: 'percent',
    prepayment_size: 30,
    full_payment_days: 14,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the provider’s first day', () => {
  it('sends each message once, in the traveller’s language, with working links and the contract', async () => {
    const id = await book(anna);
    await settle();
    // received: with the questionnaire link (no tourist named yet); the name's markup shown as text
    let out = await sent('olga@example.com');
    expect(kinds(out)).toEqual(['request_received']);
    const received = out[0]!;
    expect(received.subject).toBe(`We got your request No. ${id}: Altai ridge`);
    expect(received.html).toContain('Olga &lt;b&gt;Petrova&lt;/b&gt;');
    expect(received.html).not.toContain('<b>Petrova</b>');
    expect(received.body).toContain('Hello, Olga <b>Petrova</b>!');
    const uuid = (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!.uuid;
    expect(received.body).toContain(`${PUBLIC_URL}/org/questionnaire/${uuid}?lang=en`);
    expect(received.html).toContain('<table');
    expect(received.html).toContain('#2563eb');
    expect((received.meta as { from_name?: string }).from_name).toBe('Altai Trails');

    // the traveller answers the questionnaire on a Russian page: from now on, Russian
    const q = await t.app.inject({
      method: 'POST',
      url: '/crm/api/request/add-tourists',
      headers: { 'x-language': 'ru' },
      payload: {
        uuid,
        tourists: [
          { first_name: 'Ольга', last_name: 'Петрова', email: 'olga@example.com' },
          { first_name: 'Иван', last_name: 'Петров', email: 'ivan@example.com' },
        ],
      },
    });
    expect(q.statusCode, q.body).toBe(200);

    expect((await call(t, 'POST', '/crm/api/request/confirm', anna, { id })).status).toBe(200);
    await settle();
    out = await sent('olga@example.com');
    expect(kinds(out)).toEqual(['request_received', 'confirmed']);
    expect(out[1]!.subject).toBe('Места подтверждены: Altai ridge');
    expect(plain(out[1]!.body)).toContain('предоплату 9 000 RUB до ');
    expect(out[1]!.body).not.toContain('г..');

    const invoice = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
      request_id: id,
      amount: 9000,
      payment_type: 'prepayment',
      title: 'Предоплата',
    });
    expect(invoice.status, invoice.raw).toBe(200);
    await settle();
    out = await sent('olga@example.com');
    const issued = out.find((m) => (m.meta as { message_kind: string }).message_kind === 'invoice_issued')!;
    const token = String(invoice.body.payment_url).split('/pay/')[1]!;
    expect(issued.body).toContain(`${PUBLIC_URL}/pay/${token}?lang=ru`);
    // the link works: the pay page opens in Russian
    const page = await t.app.inject({ method: 'GET', url: `/pay/${token}?lang=ru`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ru">');

    expect((await payOnPage(t, token, { lang: 'ru' })).status).toBe(303);
    await settle();
    out = await sent('olga@example.com');
    const receipt = out.find((m) => (m.meta as { message_kind: string }).message_kind === 'payment_received')!;
    expect(plain(receipt.subject)).toBe('Оплата получена: 9 000,00 ₽');
    expect(plain(receipt.body)).toContain('Осталось оплатить: 21 000,00 ₽');
    // no account of its own: the platform collected, and the receipt says so
    expect(plain(receipt.body)).toMatch(/Получатель: \S.* от имени организатора «\S.*»\./);
    const files = await t.database.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.outbox_id, receipt.id));
    expect(files.map((f) => [f.name, f.mime])).toEqual([[expect.stringMatching(/\.pdf$/), 'application/pdf']]);
    expect(Buffer.from(files[0]!.data).subarray(0, 5).toString()).toBe('%PDF-');

    // every message went through SMTP with its HTML part, its Reply-To and the contract
    const mails = smtp.mails.filter((m) => m.to.includes('olga@example.com'));
    expect(mails.length).toBeGreaterThanOrEqual(4);
    const receiptMail = mails.find((m) => m.data.includes('application/pdf'));
    expect(receiptMail).toBeDefined();
    expect(receiptMail!.data).toContain('text/html');

    // the traveller answers the e-mail: the reply reaches the request's chat as theirs
    const replyTo = String((receipt.meta as { reply_to?: string }).reply_to);
    expect(replyTo).toMatch(new RegExp(`^reply\\+${id}-[0-9a-f]{16}@reply\\.example\\.test$`));
    expect(receiptMail!.data).toContain(`Reply-To: ${replyTo}`);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/crm/api/webhooks/inbound-email',
      headers: { 'x-webhook-secret': 'inbound-secret-0123456789' },
      payload: {
        from: 'Olga <olga@example.com>',
        to: replyTo,
        subject: 'Re',
        text: 'Can we bring a dog?',
        message_id: '<r1@mail>',
      },
    });
    expect(answer.json()).toEqual({ accepted: true, status: 'posted' });

    // nothing went twice: each event once per recipient
    const rows = await t.database.db.select().from(travellerMessages).where(eq(travellerMessages.request_id, id));
    const keys = rows.map((r) => `${r.kind}|${r.dedupe_key}|${r.channel}|${r.recipient}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.every((r) => r.state === 'composed')).toBe(true);
  });
});

describe('the timeline', () => {
  it('lists what was sent with its status; another tenant sees nothing', async () => {
    const id = await book(anna);
    await settle();
    const list = await call(t, 'GET', `/crm/api/traveller-messages/list?request_id=${id}`, anna);
    expect(list.status, list.raw).toBe(200);
    const items = list.body.items as { id: number; kind: string; status: string; channel: string }[];
    expect(items.map((i) => [i.kind, i.channel, i.status])).toEqual([['request_received', 'email', 'sent']]);
    const view = await call(t, 'GET', `/crm/api/traveller-messages/view?id=${items[0]!.id}`, anna);
    expect(view.status).toBe(200);
    expect((view.body.rendered as { html: string }).html).toContain('<!doctype html>');
    // the provider's look is not the traveller's: no open image in it
    expect((view.body.rendered as { html: string }).html).not.toContain('/opened?token=');
    expect((await call(t, 'GET', `/crm/api/traveller-messages/list?request_id=${id}`, boris)).status).toBe(404);
    expect((await call(t, 'GET', `/crm/api/traveller-messages/view?id=${items[0]!.id}`, boris)).status).toBe(404);
    expect(
      (
        await call(t, 'POST', '/crm/api/traveller-messages/send-again', boris, {
          request_id: id,
          kind: 'request_received',
        })
      ).status,
    ).toBe(404);
  });
});

describe('the organizer’s settings', () => {
  const settings = (who: Who, org = who.organizerId) =>
    call(t, 'GET', `/crm/api/traveller-messages/settings?organizer_id=${org}`, who);
  const update = (who: Who, body: Record<string, unknown>) =>
    call(t, 'POST', '/crm/api/traveller-messages/update-settings', who, { organizer_id: who.organizerId, ...body });

  it('are all on with the shipped texts; a kind turned off is not sent, an edited text is', async () => {
    const s = await settings(anna);
    expect(s.status).toBe(200);
    const kindsOf = s.body.kinds as { kind: string; enabled: boolean; texts: unknown }[];
    expect(kindsOf.every((k) => k.enabled)).toBe(true);
    expect((s.body.placeholders as { key: string }[]).map((p) => p.key)).toEqual(
      expect.arrayContaining(['{tour.name}', '{recipient.name}', '{message.amount}']),
    );

    const off = await update(anna, {
      kinds: [
        { kind: 'request_received', enabled: false, texts: { en: null, ru: null } },
        {
          kind: 'confirmed',
          enabled: true,
          texts: { en: { subject: 'Yes! {tour.name} <script>', body: 'Dear {recipient.name}, see you.' }, ru: null },
        },
      ],
    });
    expect(off.status, off.raw).toBe(200);
    const id = await book(anna, { customer_email: 'zoe@example.com', customer_name: 'Zoe' });
    await settle();
    expect(await sent('zoe@example.com')).toEqual([]);
    expect((await call(t, 'POST', '/crm/api/request/confirm', anna, { id })).status).toBe(200);
    await settle();
    const [confirmed] = await sent('zoe@example.com');
    expect(confirmed!.subject).toBe('Yes! Altai ridge <script>');
    expect(confirmed!.html).toContain('Yes! Altai ridge &lt;script&gt;');
    expect(confirmed!.html).not.toContain('<script>');
    expect(confirmed!.body).toContain('Dear Zoe, see you.');

    // send again goes even with the kind off, and appears on the timeline with who sent it
    const again = await call(t, 'POST', '/crm/api/traveller-messages/send-again', anna, {
      request_id: id,
      kind: 'request_received',
    });
    expect(again.status, again.raw).toBe(200);
    await settle();
    expect(kinds(await sent('zoe@example.com'))).toEqual(['confirmed', 'request_received']);
    const list = await call(t, 'GET', `/crm/api/traveller-messages/list?request_id=${id}`, anna);
    expect((list.body.items as { kind: string; sent_by_name: string | null }[])[0]).toMatchObject({
      kind: 'request_received',
      sent_by_name: expect.any(String),
    });

    // the preview shows the organizer's text
    const preview = await call(
      t,
      'GET',
      `/crm/api/traveller-messages/preview?organizer_id=${anna.organizerId}&kind=confirmed&lang=en`,
      anna,
    );
    expect(preview.body.subject).toBe('Yes! Golden Mountains of Altai <script>');
    await update(anna, {
      kinds: [
        { kind: 'request_received', enabled: true, texts: { en: null, ru: null } },
        { kind: 'confirmed', enabled: true, texts: { en: null, ru: null } },
      ],
    });
  });

  it('refuse bad input and another organizer, and change nothing', async () => {
    const before = (await settings(anna)).raw;
    const cases: [Record<string, unknown>, string][] = [
      [
        { kinds: [{ kind: 'confirmed', enabled: true, texts: { en: { subject: ' ', body: 'x' }, ru: null } }] },
        'kinds.0.texts.en.subject',
      ],
      [
        {
          kinds: [
            { kind: 'confirmed', enabled: true, texts: { en: { subject: 'x', body: 'y'.repeat(5001) }, ru: null } },
          ],
        },
        'kinds.0.texts.en.body',
      ],
      [{ kinds: [{ kind: 'nope', enabled: true, texts: { en: null, ru: null } }] }, 'kinds.0.kind'],
      [{ default_language: 'de' }, 'default_language'],
    ];
    for (const [body, field] of cases) {
      const res = await update(anna, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors as object)).toContain(field);
    }
    expect((await settings(boris, anna.organizerId)).status).toBe(404);
    expect((await update(boris, { organizer_id: anna.organizerId, default_language: 'ru' })).status).toBe(404);
    expect((await settings(anna)).raw).toBe(before);
  });
});

describe('cancellation, refund and the departure reminder', () => {
  it('tells the canceled traveller the refund, then nothing but the refund itself', async () => {
    const id = await book(anna, { customer_email: 'max@example.com', customer_name: 'Max' });
    expect((await call(t, 'POST', '/crm/api/request/confirm', anna, { id })).status).toBe(200);
    const inv = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
      request_id: id,
      amount: 9000,
      payment_type: 'prepayment',
      title: 'Prepayment',
    });
    const token = String(inv.body.payment_url).split('/pay/')[1]!;
    expect((await payOnPage(t, token)).status).toBe(303);
    expect(
      (await call(t, 'POST', '/crm/api/request/cancel', anna, { id, message: 'Road closed', notify_client: true }))
        .status,
    ).toBe(200);
    await settle();
    const canceled = (await sent('max@example.com')).find(
      (m) => (m.meta as { message_kind: string }).message_kind === 'canceled',
    )!;
    expect(canceled.subject).toBe(`Booking No. ${id} is canceled`);
    expect(plain(canceled.body)).toContain('The organizer canceled it. Road closed');
    expect(plain(canceled.body)).toContain('Paid: RUB 9,000.00');

    // a meeting-details send or a reminder no longer goes; the refund does
    const payment = (await call(t, 'GET', `/crm/api/invoice/by-request?request_id=${id}`, anna)).body
      .prepayment_invoice as { payments: { id: number }[] } | null;
    const paymentId =
      payment?.payments[0]?.id ??
      (
        (await call(t, 'GET', `/crm/api/invoice/by-request?request_id=${id}`, anna)).body.additional_invoices as {
          payments: { id: number }[];
        }[]
      )[0]!.payments[0]!.id;
    const refund = await call(t, 'POST', '/crm/api/invoice/refund', anna, { payment_id: paymentId, amount: 9000 });
    expect(refund.status, refund.raw).toBe(200);
    expect(
      (await call(t, 'POST', '/crm/api/traveller-messages/send-again', anna, { request_id: id, kind: 'confirmed' }))
        .status,
    ).toBe(422);
    await settle();
    const after = kinds(await sent('max@example.com'));
    expect(after.filter((k) => k === 'canceled')).toHaveLength(1);
    expect(after.at(-1)).toBe('refund');
  });

  it('a cancellation without notify_client tells nobody', async () => {
    const id = await book(anna, { customer_email: 'quiet@example.com' });
    await settle();
    expect((await call(t, 'POST', '/crm/api/request/cancel', anna, { id, notify_client: false })).status).toBe(200);
    await settle();
    expect(kinds(await sent('quiet@example.com'))).toEqual(['request_received']);
  });

  it('reminds every traveller with an e-mail the day before, once, from 9 in the organizer’s morning', async () => {
    const soon = await tourWithDeparture(t, anna, { name: 'Teletskoye', startIn: 1 });
    const res = await call(t, 'POST', '/crm/api/request/create-request-with-own-type', anna, {
      tour_organizer_id: anna.organizerId,
      tour_id: soon.tourId,
      tour_date_id: soon.dateId,
      tourists_count: 2,
      customer_name: 'Lev',
      customer_email: 'lev@example.com',
      tourists: [
        { first_name: 'Lev', last_name: 'Orlov', email: 'lev@example.com' },
        { first_name: 'Mila', last_name: 'Orlova', email: 'mila@example.com' },
      ],
      idempotency_key: `tm-soon-${Math.random()}`,
    });
    const id = res.body.request_id as number;
    expect((await call(t, 'POST', '/crm/api/request/confirm', anna, { id })).status).toBe(200);
    await settle();
    // the organizer's timezone is UTC here: 08:59 the day before is too early, 09:00 goes, once
    const eve = Date.parse(`${soon.dateStart}T00:00:00Z`) - 86_400_000;
    expect(await t.app.services.travellerMessages.remindDepartures(new Date(eve + 8 * 3_600_000 + 59 * 60_000))).toBe(
      0,
    );
    expect(await t.app.services.travellerMessages.remindDepartures(new Date(eve + 9 * 3_600_000))).toBe(2);
    expect(await t.app.services.travellerMessages.remindDepartures(new Date(eve + 10 * 3_600_000))).toBe(0);
    await settle();
    const lev = kinds(await sent('lev@example.com'));
    expect(lev.filter((k) => k === 'departure_reminder')).toHaveLength(1);
    expect(kinds(await sent('mila@example.com'))).toEqual(['departure_reminder']);
  });
});

describe('a traveller with Telegram linked', () => {
  it('gets the same message there as text, in the link’s language, besides the e-mail', async () => {
    const id = await book(anna, { customer_email: 'tg@example.com' });
    await settle();
    await t.database.db
      .insert(requestMessengerLinks)
      .values({ request_id: id, source_type: 'telegram', chat_id: '777001', language: 'ru' });
    expect((await call(t, 'POST', '/crm/api/request/confirm', anna, { id })).status).toBe(200);
    await settle();
    const [tg] = await sent('777001');
    expect(tg).toMatchObject({ channel: 'telegram', subject: null, html: null });
    expect(tg!.body.split('\n')[0]).toBe('Места подтверждены: Altai ridge');
    expect(tg!.body).not.toContain('Отправлено через');
    expect(kinds(await sent('tg@example.com'))).toEqual(['request_received', 'confirmed']);
    const list = await call(t, 'GET', `/crm/api/traveller-messages/list?request_id=${id}`, anna);
    expect((list.body.items as { kind: string; channel: string }[]).map((i) => [i.kind, i.channel])).toEqual([
      ['confirmed', 'telegram'],
      ['confirmed', 'email'],
      ['request_received', 'email'],
    ]);
  });
});

describe('an event delivered again', () => {
  it('plans nothing more: one message per event, kind, channel and recipient', async () => {
    const id = await book(anna, { customer_email: 'twice@example.com' });
    await settle();
    const [row] = await t.database.db.select().from(travellerMessages).where(eq(travellerMessages.request_id, id));
    // the subscriber handling the same event again (a node died before its cursor moved)
    const again = await planMessages(t.database.db, {
      kind: 'request_received',
      requestId: id,
      dedupeKey: row!.dedupe_key,
      data: {},
    });
    expect(again).toEqual([]);
    await settle();
    expect(kinds(await sent('twice@example.com'))).toEqual(['request_received']);
  });
});

describe('the open image', () => {
  it('marks the message opened; an unknown token answers the same image and marks nothing', async () => {
    const id = await book(anna, { customer_email: 'open@example.com' });
    await settle();
    const [row] = await t.database.db.select().from(travellerMessages).where(eq(travellerMessages.request_id, id));
    const img = await t.app.inject({
      method: 'GET',
      url: `/crm/api/traveller-messages/opened?token=${row!.open_token}`,
    });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/gif']);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/crm/api/traveller-messages/opened?token=AAAAAAAAAAAAAAAAAAAA',
    });
    expect(unknown.rawPayload.equals(img.rawPayload)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/crm/api/traveller-messages/opened?token=<x>' })).statusCode,
    ).toBe(422);
    const list = await call(t, 'GET', `/crm/api/traveller-messages/list?request_id=${id}`, anna);
    expect((list.body.items as { status: string; opened_at: string | null }[])[0]).toMatchObject({
      status: 'opened',
      opened_at: expect.any(String),
    });
  });
});
