import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  organizerChannel,
  type Publication,
  type Questionnaire,
  type QuestionnaireSaveResponse,
  type TouristsInfo,
} from '@tourdesk/contract';
import { requests, requestTourists } from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import {
  bearer,
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  listenOnFreePort,
  signIn,
  throughMarker,
  type TestApp,
} from '../../test/test-app';

/*
 * The tourists' questionnaire link (SPEC §7 get-by-uuid, update-tourists-questionnaires,
 * add-tourists, /spa/tourists-info): no account, the request's uuid is the key; the group's
 * names and who has filled in, never anyone's personal data; writes closed once the trip is over
 * or canceled, limited per client address, and heard by the organizer as update_tourists_info.
 */
let t: TestApp;
type Who = { organizerId: number; token: string };
let anna: Who;
let got: Publication[];
const sockets: Socket[] = [];
let tourId = 0;
let dateId = 0;

type Body = Record<string, unknown> & {
  message?: string;
  code?: string;
  type?: string;
  errors?: Record<string, string[]>;
  codes?: Record<string, { code: string; params?: Record<string, unknown> }[]>;
};
/** A guest's call (no token) from its own address unless one is given. */
const guest = async (method: 'GET' | 'POST', url: string, payload?: unknown, ip = nextIp()) => {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: ip,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body, headers: res.headers };
};
const getByUuid = (uuid: string) => guest('GET', `/crm/api/request/get-by-uuid?uuid=${encodeURIComponent(uuid)}`);
const fill = (payload: unknown, ip?: string) =>
  guest('POST', '/crm/api/request/update-tourists-questionnaires', payload, ip);
const add = (payload: unknown, ip?: string) => guest('POST', '/crm/api/request/add-tourists', payload, ip);
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A request for the departure with its provider-entered tourists; answers its id and uuid. */
const makeRequest = async (
  touristsCount: number,
  names: [string, string][] = [],
  status = 2,
): Promise<{ id: number; uuid: string }> => {
  const [row] = await t.database.db
    .insert(requests)
    .values({
      organizer_id: anna.organizerId,
      tour_id: tourId,
      tour_date_id: dateId,
      date_start: day(40),
      date_end: day(44),
      status,
      tourists_count: touristsCount,
      customer_name: 'Ivan Petrov',
    })
    .returning({ id: requests.id, uuid: requests.uuid });
  if (names.length > 0)
    await t.database.db.insert(requestTourists).values(
      names.map(([first_name, last_name], position) => ({
        request_id: row!.id,
        position,
        first_name,
        last_name,
        // what the provider already knows of them: never shown through the link
        passport: `PROVIDER-PASSPORT-${position}`,
        email: `known${position}@example.com`,
        phone: `+7999000000${position}`,
      })),
    );
  return row!;
};
const touristRows = (requestId: number) =>
  t.database.db
    .select()
    .from(requestTourists)
    .where(eq(requestTourists.request_id, requestId))
    .orderBy(asc(requestTourists.position), asc(requestTourists.id));
const allTourists = () => t.database.db.select().from(requestTourists).orderBy(asc(requestTourists.id));
const FILLED = {
  first_name: 'Anna',
  last_name: 'Ivanova',
  middle_name: 'Sergeevna',
  birthday: '1991-03-08',
  passport: '4510 654321',
  email: 'anna.ivanova@example.com',
  phone: '+7 999 765-43-21',
  food_restriction: 'no nuts',
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@questionnaire.example', organizers: ['Altai Trails'] });
  anna = { organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@questionnaire.example')).token };
  const inject = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url, headers: bearer(anna.token), payload })).json() as { id: number };
  await inject('/crm/api/organizer/update', {
    id: anna.organizerId,
    contacts: { email: 'team@altai.example', phone: '+79991112233', website: 'https://altai.example' },
  });
  tourId = (
    await inject('/crm/api/tour/create', {
      organizer_id: anna.organizerId,
      name: 'Altai lakes',
      gathering_place: 'Gorno-Altaysk bus station, 08:00',
      in_price: 'Guides\nMeals',
      not_in_price: 'Flights',
      duration: 5,
    })
  ).id;
  dateId = (
    await inject('/crm/api/tour/save-date', {
      tour_id: tourId,
      date_start: day(40),
      date_end: day(44),
      time_start: '08:00',
      price: 50000,
      number_of_seats: 12,
    })
  ).id;
  const listener = await listenAsUser(t.app, await listenOnFreePort(t.app), anna.token);
  sockets.push(listener.socket);
  got = listener.got;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe('GET get-by-uuid', () => {
  it('shows the trip, the organizer and the group by name with who has filled in, no one’s personal data', async () => {
    const { id, uuid } = await makeRequest(3, [
      ['Anna', 'Ivanova'],
      ['Oleg', 'Ivanov'],
    ]);
    await t.database.db
      .update(requestTourists)
      .set({ is_questionnaire_filled: true })
      .where(eq(requestTourists.first_name, 'Oleg'));
    // booked by category (issue 26): 2 adults and a child, Oleg counted as the child
    const line = (category_id: number, code: string, name_en: string, name_ru: string, count: number) => ({
      category_id,
      code,
      name_en,
      name_ru,
      count,
      unit_minor: 100,
      takes_seat: true,
    });
    await t.database.db
      .update(requests)
      .set({ travellers: [line(901, 'adult', 'Adult', 'Взрослый', 2), line(902, 'child', 'Child', 'Ребёнок', 1)] })
      .where(eq(requests.id, id));
    await t.database.db
      .update(requestTourists)
      .set({ category_id: 902 })
      .where(and(eq(requestTourists.request_id, id), eq(requestTourists.first_name, 'Oleg')));
    const res = await getByUuid(uuid);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await touristRows(id);
    expect(res.body as unknown as Questionnaire).toEqual({
      uuid,
      status: 2,
      is_closed: false,
      trip: { tour_name: 'Altai lakes', tour_type: 1, date_start: day(40), date_end: day(44), time_start: '08:00' },
      organizer: {
        id: anna.organizerId,
        name: 'Altai Trails',
        email: 'team@altai.example',
        phone: '+79991112233',
        website: 'https://altai.example',
      },
      tourists_count: 3,
      places_left: 1,
      travellers: [
        { code: 'adult', name_en: 'Adult', name_ru: 'Взрослый', count: 2 },
        { code: 'child', name_en: 'Child', name_ru: 'Ребёнок', count: 1 },
      ],
      tourists: [
        {
          id: rows[0]!.id,
          full_name: 'Ivanova Anna',
          first_name: 'Anna',
          last_name: 'Ivanova',
          middle_name: '',
          is_questionnaire_filled: false,
          category: { code: 'adult', name_en: 'Adult', name_ru: 'Взрослый' },
        },
        {
          id: rows[1]!.id,
          full_name: 'Ivanov Oleg',
          first_name: 'Oleg',
          last_name: 'Ivanov',
          middle_name: '',
          is_questionnaire_filled: true,
          category: { code: 'child', name_en: 'Child', name_ru: 'Ребёнок' },
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/PROVIDER-PASSPORT|known\d@example|\+7999000000|customer|Ivan Petrov/);
    // no Telegram bot configured: the page offers none (modules/messenger/traveller-links.test.ts has one)
    expect(res.body).not.toHaveProperty('telegram');
    // the uuid is matched in any letter case
    expect((await getByUuid(uuid.toUpperCase())).status).toBe(200);
  });

  it('an unknown or malformed uuid: 404 questionnaire_not_found, the same for both', async () => {
    for (const uuid of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '',
      "' or 1=1 --",
      `${crypto.randomUUID()}x`,
    ]) {
      const res = await getByUuid(uuid);
      expect(res.status, uuid).toBe(404);
      expect(res.body).toEqual({ message: 'This link is no longer valid', code: 'questionnaire_not_found' });
      const info = await guest('GET', `/spa/tourists-info?uuid=${encodeURIComponent(uuid)}`);
      expect(info.status, uuid).toBe(404);
      expect(info.body.code).toBe('questionnaire_not_found');
    }
    // writes with a well-formed body for a link that is not there
    for (const res of [
      await fill({ uuid: crypto.randomUUID(), id: 1, first_name: 'A', last_name: 'B' }),
      await add({ uuid: 'not-a-uuid', tourists: [{ first_name: 'A', last_name: 'B' }] }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('questionnaire_not_found');
    }
  });
});

describe('POST update-tourists-questionnaires', () => {
  it('a listed tourist fills in their data: saved, marked filled, answered to them alone, the organizer told', async () => {
    const { id, uuid } = await makeRequest(2, [
      ['Anna', ''],
      ['Oleg', 'Ivanov'],
    ]);
    const [annaRow] = await touristRows(id);
    const res = await fill({ uuid, id: annaRow!.id, ...FILLED });
    expect(res.status).toBe(200);
    const body = res.body as unknown as QuestionnaireSaveResponse;
    expect(body.saved).toEqual([
      {
        id: annaRow!.id,
        full_name: 'Ivanova Anna Sergeevna',
        first_name: 'Anna',
        last_name: 'Ivanova',
        middle_name: 'Sergeevna',
        birthday: '1991-03-08',
        passport: '4510 654321',
        email: 'anna.ivanova@example.com',
        phone: '+79997654321',
        food_restriction: 'no nuts',
        is_questionnaire_filled: true,
      },
    ]);
    expect(body.questionnaire.tourists.map((x) => [x.full_name, x.is_questionnaire_filled])).toEqual([
      ['Ivanova Anna Sergeevna', true],
      ['Ivanov Oleg', false],
    ]);
    // the other tourist's data stays out of the answer too
    expect(JSON.stringify(body)).not.toContain('PROVIDER-PASSPORT-1');
    // stored for the provider; the provider's own flags are untouched
    const [stored] = await touristRows(id);
    expect(stored).toMatchObject({
      passport: '4510 654321',
      is_questionnaire_filled: true,
      is_contact_person: false,
      food_restriction: 'no nuts',
    });
    // …and nothing of it comes back through the link afterwards
    const after = await getByUuid(uuid);
    expect(JSON.stringify(after.body)).not.toMatch(/4510 654321|anna\.ivanova|1991-03-08|no nuts/);
    await eventually(() =>
      expect(
        got.filter((p) => p.event === 'update_tourists_info' && p.payload.request_id === id).map((p) => p.payload),
      ).toEqual([
        // a tourist through the link: no user acted
        {
          actor: { type: 'tourist', user_id: null },
          organizer_id: anna.organizerId,
          request_id: id,
          source: 'questionnaire',
        },
      ]),
    );
    expect(got.find((p) => p.event === 'update_tourists_info' && p.payload.request_id === id)!.channel).toBe(
      organizerChannel(anna.organizerId),
    );
  });

  it('a field left blank keeps what the provider entered: sending the questionnaire erases nothing', async () => {
    const { id, uuid } = await makeRequest(1, [['Anna', 'Ivanova']]);
    const [row] = await touristRows(id);
    const res = await fill({ uuid, id: row!.id, first_name: 'Anna', last_name: 'Ivanova', birthday: '1991-03-08' });
    expect(res.status).toBe(200);
    expect((res.body as unknown as QuestionnaireSaveResponse).saved[0]).toMatchObject({
      birthday: '1991-03-08',
      passport: 'PROVIDER-PASSPORT-0',
      email: 'known0@example.com',
    });
    expect((await touristRows(id))[0]).toMatchObject({
      birthday: '1991-03-08',
      passport: 'PROVIDER-PASSPORT-0',
      phone: '+79990000000',
      is_questionnaire_filled: true,
    });
  });

  it('names are required, the birthday not in the future, the tourist one of this request: else nothing written', async () => {
    const { id, uuid } = await makeRequest(2, [['Anna', 'Ivanova']]);
    const other = await makeRequest(2, [['Not', 'Yours']]);
    const [annaRow] = await touristRows(id);
    const [otherRow] = await touristRows(other.id);
    const before = await allTourists();

    const blank = await fill({ uuid, id: annaRow!.id, ...FILLED, first_name: '  ', last_name: '' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ first_name: ['Required field'], last_name: ['Required field'] });

    const future = await fill({ uuid, id: annaRow!.id, ...FILLED, birthday: day(1) });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ birthday: ['The birthday cannot be in the future'] });
    expect(future.body.codes).toEqual({ birthday: [{ code: 'birthday_in_future' }] });

    const bad = await fill({ uuid, id: annaRow!.id, ...FILLED, email: 'anna@', phone: '123' });
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['email', 'phone']);

    // the provider's flags are not the tourist's to set
    const flags = await fill({ uuid, id: annaRow!.id, ...FILLED, is_contact_person: true });
    expect(flags.status).toBe(422);
    expect(flags.body.codes).toEqual({ is_contact_person: [{ code: 'unknown_field' }] });

    // another request's tourist (its link known or not) is not on this one
    const foreign = await fill({ uuid, id: otherRow!.id, ...FILLED });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Tourist not found', code: 'tourist_not_found' });

    expect(await allTourists()).toEqual(before);
  });
});

describe('POST add-tourists', () => {
  it('tourists not listed add themselves, filled, while places remain; one over the count refuses the call', async () => {
    const { id, uuid } = await makeRequest(3, [['Anna', 'Ivanova']]);
    const res = await add({
      uuid,
      tourists: [
        { first_name: 'Boris', last_name: 'Orlov', birthday: '1980-01-01' },
        { first_name: 'Vera', last_name: 'Orlova', phone: '+7 (912) 000-11-22' },
      ],
    });
    expect(res.status).toBe(200);
    const body = res.body as unknown as QuestionnaireSaveResponse;
    expect(body.saved.map((x) => [x.full_name, x.is_questionnaire_filled, x.phone])).toEqual([
      ['Orlov Boris', true, ''],
      ['Orlova Vera', true, '+79120001122'],
    ]);
    expect(body.questionnaire.places_left).toBe(0);
    expect((await touristRows(id)).map((r) => r.first_name)).toEqual(['Anna', 'Boris', 'Vera']);
    // the provider's list finds the request by a name added through the link
    const list = await t.app.inject({
      method: 'GET',
      url: `/crm/api/request/list-for-org?organizer_id=${anna.organizerId}&filters=${encodeURIComponent(
        JSON.stringify({ query: 'Orlova' }),
      )}`,
      headers: bearer(anna.token),
    });
    expect((list.json() as { items: { id: number }[] }).items.map((i) => i.id)).toContain(id);

    const before = await allTourists();
    const over = await add({ uuid, tourists: [{ first_name: 'Gleb', last_name: 'Late' }] });
    expect(over.status).toBe(422);
    expect(over.body.codes).toEqual({ tourists: [{ code: 'tourists_over_count', params: { count: 3 } }] });
    const blank = await add({ uuid, tourists: [] });
    expect(blank.status).toBe(422);
    const future = await add({ uuid: (await makeRequest(3)).uuid, tourists: [{ ...FILLED, birthday: day(3) }] });
    expect(future.status).toBe(422);
    expect(future.body.codes).toEqual({ 'tourists.0.birthday': [{ code: 'birthday_in_future' }] });
    expect(await allTourists()).toEqual(before);
  });

  it('two tourists taking the last place at once: one gets it', async () => {
    const { id, uuid } = await makeRequest(2, [['Anna', 'Ivanova']]);
    const answers = await Promise.all(
      ['Boris', 'Vera'].map((first_name) => add({ uuid, tourists: [{ first_name, last_name: 'Orlov' }] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(await touristRows(id)).toHaveLength(2);
  });
});

describe('a trip that is over or canceled', () => {
  it('shows the questionnaire closed and refuses every write with 422 questionnaire_closed', async () => {
    const closedIds: number[] = [];
    for (const status of [4, 5, 6, 7, 8]) {
      const { id, uuid } = await makeRequest(3, [['Anna', 'Ivanova']], status);
      closedIds.push(id);
      const [row] = await touristRows(id);
      const before = await allTourists();
      const view = await getByUuid(uuid);
      expect(view.status).toBe(200);
      expect((view.body as unknown as Questionnaire).is_closed).toBe(true);
      for (const res of [
        await fill({ uuid, id: row!.id, ...FILLED }),
        await add({ uuid, tourists: [{ first_name: 'B', last_name: 'C' }] }),
      ]) {
        expect(res.status, String(status)).toBe(422);
        expect(res.body.message).toBe('The trip is over or canceled: the questionnaire is closed');
        expect(res.body.code).toBe('questionnaire_closed');
      }
      expect(await allTourists()).toEqual(before);
    }
    await throughMarker(t.app, got, organizerChannel(anna.organizerId));
    expect(got.filter((p) => 'request_id' in p.payload && closedIds.includes(p.payload.request_id))).toEqual([]);
  });

  it('a pending request (not confirmed yet) is open', async () => {
    const { uuid } = await makeRequest(1, [], 1);
    expect((await add({ uuid, tourists: [{ first_name: 'A', last_name: 'B' }] })).status).toBe(200);
  });
});

describe('GET /spa/tourists-info', () => {
  it('the trip as the tourists need it: meeting point, what is and is not in the price, days, contacts', async () => {
    const { uuid } = await makeRequest(2);
    const res = await guest('GET', `/spa/tourists-info?uuid=${uuid}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body as unknown as TouristsInfo).toEqual({
      uuid,
      status: 2,
      is_closed: false,
      trip: { tour_name: 'Altai lakes', tour_type: 1, date_start: day(40), date_end: day(44), time_start: '08:00' },
      organizer: {
        id: anna.organizerId,
        name: 'Altai Trails',
        email: 'team@altai.example',
        phone: '+79991112233',
        website: 'https://altai.example',
      },
      gathering_place: 'Gorno-Altaysk bus station, 08:00',
      in_price: 'Guides\nMeals',
      not_in_price: 'Flights',
      days: 5,
      duration_hours: null,
    });
  });
});

describe('rate limit', () => {
  it('writes from one address past 30 in 15 minutes need a captcha; another address is not held up', async () => {
    const { id, uuid } = await makeRequest(1, [['Anna', 'Ivanova']]);
    const [row] = await touristRows(id);
    const ip = '10.250.250.1';
    for (let i = 0; i < 30; i += 1) expect((await fill({ uuid, id: row!.id, ...FILLED }, ip)).status).toBe(200);
    const limited = await fill({ uuid, id: row!.id, ...FILLED, passport: 'AFTER-LIMIT' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.type).toBe('captcha');
    expect((await touristRows(id))[0]!.passport).not.toBe('AFTER-LIMIT');
    // unknown links count too (guessing), and reads are not limited
    expect((await add({ uuid: crypto.randomUUID(), tourists: [{ first_name: 'A', last_name: 'B' }] }, ip)).status).toBe(
      429,
    );
    expect((await guest('GET', `/crm/api/request/get-by-uuid?uuid=${uuid}`, undefined, ip)).status).toBe(200);
    expect((await fill({ uuid, id: row!.id, ...FILLED }, '10.250.250.2')).status).toBe(200);
  });
});
