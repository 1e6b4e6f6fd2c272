import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxAttachments, outboxMessages, requests, travellerMessages } from '../../db/schema/index';
import { startFakeSmtp } from '../../lib/transports/fake-providers';
import { createTestApp, type TestApp } from '../../test/test-app';
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
