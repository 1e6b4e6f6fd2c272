import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages, requestMeetDataSends, requests } from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { fillPlaceholders, textLanguage } from './request-placeholders';

let t: TestApp;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
let boris: Who;
let tourId = 0;
let dateId = 0;
/** Anna's confirmed request (2): the customer, and two tourists (one with the customer's address in capitals) */
let requestId = 0;
/** Anna's ru and en templates, and Boris's */
let ruTemplate = 0;
let enTemplate = 0;
let borisTemplate = 0;
let borisRequestId = 0;

const RU_TEXT =
  'Встречаемся {tour_date.date_start} в 8:00 у входа, тур «{tour.name}», заявка № {request.id}. {tourist.full_name}, возьмите паспорт. {unknown.key} {organizer.sign}';
const EN_TEXT = 'We meet at 8 am on {tour_date.date_start}. Bring your passport.';

const call = (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object, lang: 'en' | 'ru' = 'en') =>
  t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { ...(who ? bearer(who.token) : {}), 'x-language': lang },
    ...(payload ? { payload } : {}),
  });
const post = async (url: string, who: Who, payload: object): Promise<Record<string, unknown>> => {
  const res = await call('POST', url, who, payload);
  if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
};
const preview = (id: number, who: Who | null, templateId?: number, lang: 'en' | 'ru' = 'en') =>
  call(
    'GET',
    `/crm/api/request/meet-data-preview?request_id=${id}${templateId ? `&template_id=${templateId}` : ''}`,
    who,
    undefined,
    lang,
  );
const send = (who: Who | null, body: object, lang: 'en' | 'ru' = 'en') =>
  call('POST', '/crm/api/request/send-meet-data', who, body, lang);

/** Waits until the traveller messages have sent what the sends recorded. */
const settle = async (): Promise<void> => {
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.travellerMessageComposer.idle();
  await t.app.services.travellerMessageComposer.composeDue();
};
/** The meet-data mails in the outbox since `afterId`, once the traveller messages have sent what was recorded. */
const mails = async (afterId = 0) => {
  await settle();
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(and(gt(outboxMessages.id, afterId), eq(outboxMessages.channel, 'email')))
    .orderBy(asc(outboxMessages.id))
    .then((rows) => rows.filter((r) => (r.meta as { message_kind?: string }).message_kind === 'meet_data'));
};
/** The newest outbox row, once what earlier tests recorded has gone out. */
const lastOutboxId = async (): Promise<number> => {
  await settle();
  const rows = await t.database.db.select({ id: outboxMessages.id }).from(outboxMessages);
  return rows.reduce((m, r) => Math.max(m, r.id), 0);
};
const sendsOf = (id: number) =>
  t.database.db
    .select()
    .from(requestMeetDataSends)
    .where(eq(requestMeetDataSends.request_id, id))
    .orderBy(asc(requestMeetDataSends.id));
/** Lets the next send of a request through: its sends moved back past the 30 s. */
const age = (id: number) =>
  t.database.db
    .update(requestMeetDataSends)
    .set({ sent_at: new Date(Date.now() - 31_000) })
    .where(eq(requestMeetDataSends.request_id, id));

const book = async (who: Who, body: object, confirm = true): Promise<number> => {
  const r = await post('/crm/api/request/create-request-with-own-type', who, {
    idempotency_key: `meet-data-${who.organizerId}-${Math.random()}`,
    ...body,
  });
  if (confirm) await post('/crm/api/request/confirm', who, { id: r.request_id });
  return r.request_id as number;
};
const annaBooking = (extra: object = {}) => ({
  tour_organizer_id: anna.organizerId,
  tour_id: tourId,
  tour_date_id: dateId,
  tourists_count: 3,
  customer_name: 'Ольга Петрова',
  customer_email: 'olga@example.com',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@meet.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@meet.example', organizers: ['Kamchatka Tours'] });
  anna = { userId: a.userId, organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@meet.example')).token };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@meet.example')).token,
  };
  tourId = (
    await post('/crm/api/tour/create', anna, {
      organizer_id: anna.organizerId,
      name: 'Золотые горы Алтая',
      duration: 3,
      gathering_place: 'Вокзал Горно-Алтайска',
    })
  ).id as number;
  dateId = (
    await post('/crm/api/tour/save-date', anna, {
      tour_id: tourId,
      date_start: '2030-06-12',
      date_end: '2030-06-14',
      price: 1000,
      number_of_seats: 30,
    })
  ).id as number;
  requestId = await book(
    anna,
    annaBooking({
      tourists: [
        { first_name: 'Ольга', last_name: 'Петрова', email: 'OLGA@example.com', is_contact_person: true },
        { first_name: 'Иван', last_name: 'Петров', email: 'ivan@example.com' },
        { first_name: 'Без', last_name: 'Почты' },
      ],
    }),
  );
  ruTemplate = (
    await post('/crm/api/organizer-meet-data-template/create', anna, {
      organizer_id: anna.organizerId,
      name: 'Вокзал',
      text: RU_TEXT,
      place: '{tour.gathering_place}, главный вход',
      contact_phone: '+79991234567',
      is_default: true,
    })
  ).id as number;
  enTemplate = (
    await post('/crm/api/organizer-meet-data-template/create', anna, {
      organizer_id: anna.organizerId,
      name: 'Airport',
      text: EN_TEXT,
      place: 'Gorno-Altaysk airport, arrivals',
      contact_phone: '+79990000001',
    })
  ).id as number;
  borisTemplate = (
    await post('/crm/api/organizer-meet-data-template/create', boris, {
      organizer_id: boris.organizerId,
      name: 'Volcano base',
      text: 'Meet at the base',
      place: 'Base camp',
    })
  ).id as number;
  const borisTour = (await post('/crm/api/tour/create', boris, { organizer_id: boris.organizerId, name: 'Volcanoes' }))
    .id as number;
  const borisDate = (
    await post('/crm/api/tour/save-date', boris, {
      tour_id: borisTour,
      date_start: '2030-08-01',
      date_end: '2030-08-01',
      price: 100,
      number_of_seats: 5,
    })
  ).id as number;
  borisRequestId = await book(boris, {
    tour_organizer_id: boris.organizerId,
    tour_id: borisTour,
    tour_date_id: borisDate,
    tourists_count: 1,
    customer_name: 'Ed',
    customer_email: 'ed@example.com',
  });
});
afterAll(() => t.close());
beforeEach(() => age(requestId));

describe('meet-data-preview', () => {
  it('fills the default template with the request’s values, lists the templates and every recipient once', async () => {
    const res = await preview(requestId, anna);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.can_send).toBe(true);
    expect(p.status).toBe(2);
    expect(p.templates).toEqual([
      { id: ruTemplate, name: 'Вокзал', is_default: true },
      { id: enTemplate, name: 'Airport', is_default: false },
    ]);
    expect(p.template).toEqual({
      id: ruTemplate,
      name: 'Вокзал',
      // Russian text: Russian dates; the contact tourist's name (surname first); an unknown key kept; no signature
      text: `Встречаемся 12 июня 2030 г. в 8:00 у входа, тур «Золотые горы Алтая», заявка № ${requestId}. Петрова Ольга, возьмите паспорт. {unknown.key} `,
      place: 'Вокзал Горно-Алтайска, главный вход',
      contact_phone: '+79991234567',
    });
    // the customer's address once (a tourist has it in capitals), the tourist without one left out
    expect(p.recipients).toEqual([
      { email: 'olga@example.com', name: 'Ольга Петрова', role: 'customer' },
      { email: 'ivan@example.com', name: 'Иван Петров', role: 'tourist' },
    ]);
  });

  it('fills the template asked for, in its own language', async () => {
    const p = (await preview(requestId, anna, enTemplate, 'ru')).json();
    expect(p.template.id).toBe(enTemplate);
    expect(p.template.text).toBe('We meet at 8 am on June 12, 2030. Bring your passport.');
    expect(p.template.place).toBe('Gorno-Altaysk airport, arrivals');
  });

  it('answers no template when the organizer has none, and says a pending request cannot get it yet', async () => {
    const fresh = await createUser(t.database, { email: 'cleo@meet.example', organizers: ['Empty'] });
    const cleo = {
      userId: fresh.userId,
      organizerId: fresh.organizerIds[0]!,
      token: (await signIn(t.app, 'cleo@meet.example')).token,
    };
    const tour = (await post('/crm/api/tour/create', cleo, { organizer_id: cleo.organizerId, name: 'Lake' }))
      .id as number;
    const date = (
      await post('/crm/api/tour/save-date', cleo, {
        tour_id: tour,
        date_start: '2030-09-01',
        date_end: '2030-09-01',
        price: 10,
        number_of_seats: 5,
      })
    ).id as number;
    const id = await book(
      cleo,
      { tour_organizer_id: cleo.organizerId, tour_id: tour, tour_date_id: date, tourists_count: 1, customer_name: 'X' },
      false,
    );
    const p = (await preview(id, cleo)).json();
    expect([p.templates, p.template, p.recipients, p.sends, p.can_send, p.status]).toEqual([
      [],
      null,
      [],
      [],
      false,
      1,
    ]);
  });

  it('another tenant’s request or template is not found; without a token 401', async () => {
    const theirs = await preview(requestId, boris);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('request_not_found');
    expect(JSON.stringify(theirs.json())).not.toContain('olga');
    const foreign = await preview(requestId, anna, borisTemplate);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('template_not_found');
    expect((await preview(borisRequestId, boris, ruTemplate)).statusCode).toBe(404);
    expect((await preview(requestId, null)).statusCode).toBe(401);
  });
});

describe('send-meet-data', () => {
  it('mails exactly the chosen recipients in the text’s language, records the send, and the preview shows it', async () => {
    const before = await lastOutboxId();
    const text = 'Встречаемся {tour_date.date_start} в 8:00.\nВозьмите паспорт.';
    const res = await send(
      anna,
      {
        request_id: requestId,
        template_id: ruTemplate,
        text,
        emails: ['IVAN@example.com'],
      },
      // a Russian interface lists tourists surname first; the mail greets them given name first
      'ru',
    );
    expect(res.statusCode).toBe(200);
    const sent = res.json();
    expect(sent).toMatchObject({
      request_id: requestId,
      template_id: ruTemplate,
      template_name: 'Вокзал',
      text: 'Встречаемся 12 июня 2030 г. в 8:00.\nВозьмите паспорт.',
      place: 'Вокзал Горно-Алтайска, главный вход',
      contact_phone: '+79991234567',
      emails: ['ivan@example.com'],
      sent_by: anna.userId,
      sent_by_name: 'Test User',
      not_delivered: [],
    });
    const out = await mails(before);
    expect(out.map((m) => m.recipient)).toEqual(['ivan@example.com']);
    expect(out[0]!.subject).toBe('Информация о встрече: Золотые горы Алтая, 12 июня 2030 г.');
    expect(out[0]!.body).toContain(
      [
        'Здравствуйте, Иван Петров!',
        `Информация о встрече на туре «Золотые горы Алтая» (заявка № ${requestId}):`,
        'Где и когда встречаемся:\nВстречаемся 12 июня 2030 г. в 8:00.\nВозьмите паспорт.\nМесто встречи: Вокзал Горно-Алтайска, главный вход\nКонтактный телефон: +79991234567',
      ].join('\n\n'),
    );
    expect(out[0]!.body).toContain('Altai Trails');
    expect(out[0]!.meta).toMatchObject({ kind: 'traveller_message', message_kind: 'meet_data', request_id: requestId });
    const rows = await sendsOf(requestId);
    expect(rows.at(-1)).toMatchObject({
      id: sent.id,
      organizer_id: anna.organizerId,
      template_id: ruTemplate,
      emails: ['ivan@example.com'],
      sent_by: anna.userId,
    });
    const p = (await preview(requestId, anna)).json();
    expect(p.sends[0]).toEqual(Object.fromEntries(Object.entries(sent).filter(([k]) => k !== 'not_delivered')));
  });

  it('writes an English text’s mail in English, to everyone chosen', async () => {
    const before = await lastOutboxId();
    const res = await send(
      anna,
      {
        request_id: requestId,
        template_id: enTemplate,
        text: EN_TEXT,
        emails: ['olga@example.com', 'ivan@example.com'],
      },
      'ru',
    );
    expect(res.statusCode).toBe(200);
    const out = await mails(before);
    expect(out.map((m) => [m.recipient, m.subject])).toEqual([
      ['olga@example.com', 'Meeting details: Золотые горы Алтая, June 12, 2030'],
      ['ivan@example.com', 'Meeting details: Золотые горы Алтая, June 12, 2030'],
    ]);
    expect(out[0]!.body).toContain('Hello, Ольга Петрова!');
    expect(out[0]!.body).toContain('We meet at 8 am on June 12, 2030. Bring your passport.');
    expect(out[0]!.body).toContain('Meeting point: Gorno-Altaysk airport, arrivals\nContact phone: +79990000001');
    expect(out[0]!.html).toContain('Gorno-Altaysk airport, arrivals');
  });

  it('a text of figures only is in the traveller’s language (the organizer’s default here), not the sender’s', async () => {
    const before = await lastOutboxId();
    expect(
      (
        await send(
          anna,
          { request_id: requestId, template_id: enTemplate, text: '08:00', emails: ['olga@example.com'] },
          'ru',
        )
      ).statusCode,
    ).toBe(200);
    expect((await mails(before))[0]!.subject).toBe('Meeting details: Золотые горы Алтая, June 12, 2030');
  });

  it('sends once per request in 30 s: a second send (a double click) is refused and mails nothing', async () => {
    const body = {
      request_id: requestId,
      template_id: ruTemplate,
      text: 'Встреча в 8:00',
      emails: ['olga@example.com'],
    };
    const before = await lastOutboxId();
    const rowsBefore = (await sendsOf(requestId)).length;
    // both at once: the first records under the request's lock, the second waits for it and is refused
    const [a, b] = await Promise.all([send(anna, body), send(anna, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const refused = (a.statusCode === 422 ? a : b).json();
    expect(refused.code).toBe('meet_data_sent_recently');
    expect(refused.params.seconds).toBeGreaterThanOrEqual(29);
    expect(refused.params.seconds).toBeLessThanOrEqual(30);
    expect(refused.message).toMatch(/again in \d+ s/);
    expect(await mails(before)).toHaveLength(1);
    expect(await sendsOf(requestId)).toHaveLength(rowsBefore + 1);
    // 31 s later it goes
    await age(requestId);
    expect((await send(anna, body)).statusCode).toBe(200);
  });

  it('refuses addresses the request does not name (and an empty choice, an empty or long text), sending nothing', async () => {
    const before = await lastOutboxId();
    const rowsBefore = (await sendsOf(requestId)).length;
    const base = { request_id: requestId, template_id: ruTemplate, text: 'Встреча' };
    const cases: [object, string, string][] = [
      [{ ...base, emails: ['olga@example.com', 'stranger@example.com'] }, 'emails', 'meet_data_email_unknown'],
      [{ ...base, emails: ['ed@example.com'] }, 'emails', 'meet_data_email_unknown'],
      [{ ...base, emails: [] }, 'emails', 'required'],
      [{ ...base, text: '   ', emails: ['olga@example.com'] }, 'text', 'required'],
      [{ ...base, text: 'x'.repeat(5001), emails: ['olga@example.com'] }, 'text', 'max_length'],
    ];
    for (const [body, field, code] of cases) {
      const res = await send(anna, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().codes[field][0].code).toBe(code);
    }
    expect(await mails(before)).toEqual([]);
    expect(await sendsOf(requestId)).toHaveLength(rowsBefore);
  });

  it('a second tenant, a foreign template and no token: nothing sent', async () => {
    const before = await lastOutboxId();
    const rowsBefore = (await sendsOf(requestId)).length;
    const body = { request_id: requestId, template_id: ruTemplate, text: 'x', emails: ['olga@example.com'] };
    const theirs = await send(boris, body);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('request_not_found');
    // Boris's own request with Anna's template, and Anna's request with Boris's
    const foreign1 = await send(boris, { ...body, request_id: borisRequestId, emails: ['ed@example.com'] });
    expect([foreign1.statusCode, foreign1.json().code]).toEqual([404, 'template_not_found']);
    const foreign2 = await send(anna, { ...body, template_id: borisTemplate });
    expect([foreign2.statusCode, foreign2.json().code]).toEqual([404, 'template_not_found']);
    expect((await send(null, body)).statusCode).toBe(401);
    expect(await mails(before)).toEqual([]);
    expect(await sendsOf(requestId)).toHaveLength(rowsBefore);
    expect(await sendsOf(borisRequestId)).toHaveLength(0);
  });

  it('only a confirmed request that is not canceled: pending (1), canceled by the tourist (5) or the author (6) refused', async () => {
    const pending = await book(anna, annaBooking({ tourists_count: 1 }), false);
    const byTourist = await book(anna, annaBooking({ tourists_count: 1 }));
    await t.database.db.update(requests).set({ status: 5 }).where(eq(requests.id, byTourist));
    const byAuthor = await book(anna, annaBooking({ tourists_count: 1 }));
    await post('/crm/api/request/cancel', anna, { id: byAuthor });
    const prepaid = await book(anna, annaBooking({ tourists_count: 1 }));
    await t.database.db.update(requests).set({ status: 3 }).where(eq(requests.id, prepaid));
    const before = await lastOutboxId();
    for (const [id, status] of [
      [pending, 1],
      [byTourist, 5],
      [byAuthor, 6],
    ] as const) {
      expect((await preview(id, anna)).json()).toMatchObject({ status, can_send: false });
      const res = await send(anna, {
        request_id: id,
        template_id: ruTemplate,
        text: 'x',
        emails: ['olga@example.com'],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('meet_data_not_confirmed');
      expect(res.json().codes.request_id[0].code).toBe('meet_data_not_confirmed');
      expect(await sendsOf(id)).toHaveLength(0);
    }
    expect(await mails(before)).toEqual([]);
    // prepaid (3) takes it
    expect((await preview(prepaid, anna)).json()).toMatchObject({ status: 3, can_send: true });
    expect(
      (await send(anna, { request_id: prepaid, template_id: ruTemplate, text: 'x', emails: ['olga@example.com'] }))
        .statusCode,
    ).toBe(200);
  });

  it('a deleted template leaves its sends with its name', async () => {
    const tmp = (
      await post('/crm/api/organizer-meet-data-template/create', anna, {
        organizer_id: anna.organizerId,
        name: 'Temporary',
        text: 'Soon',
      })
    ).id as number;
    const sent = (
      await send(anna, { request_id: requestId, template_id: tmp, text: 'Soon', emails: ['olga@example.com'] })
    ).json();
    await post('/crm/api/organizer-meet-data-template/delete', anna, { id: tmp });
    const p = (await preview(requestId, anna)).json();
    expect(p.sends[0]).toMatchObject({ id: sent.id, template_id: null, template_name: 'Temporary' });
  });
});

describe('text helpers', () => {
  it('tells the language of a text by its letters, placeholders aside', () => {
    expect(textLanguage('Встреча {tour.name}', 'en')).toBe('ru');
    expect(textLanguage('Meet {tour.name}', 'ru')).toBe('en');
    expect(textLanguage('{tour.name} 08:00', 'ru')).toBe('ru');
    expect(textLanguage('', 'en')).toBe('en');
  });
  it('fills single and doubled braces, keeps unknown keys, drops images', () => {
    expect(
      fillPlaceholders('{tour.name} / {{ tour.name }} / {x.y} / {organizer.stamp}', { '{tour.name}': 'Altai' }),
    ).toBe('Altai / Altai / {x.y} / ');
  });
});
