import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { organizerChannel, type Publication, type RequestTourists } from '@tourdesk/contract';
import { requests, requestTourists } from '../../db/schema/index';
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
 * The provider's side of a request's tourists (SPEC §7 create-tourist, update-tourist,
 * remove-tourist, update-tourists): the organizer's own requests only, TOURIST_FIELD_RULES,
 * never more tourists than tourists_count, full_name derived, nothing written on any error, and
 * `update_tourists_info` on the organizer's channel after every change.
 */
let t: TestApp;
let base: string;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
let boris: Who;
let got: Publication[];
const sockets: Socket[] = [];

type Body = Record<string, unknown> & {
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
  codes?: Record<string, { code: string; params?: Record<string, unknown> }[]>;
};
const post = async (path: string, who: Who | null, payload: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/crm/api/request/${path}`,
    headers: who ? bearer(who.token) : {},
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A request of the organizer on a real tour and departure (made through the tour API). The row
 * itself is written here: the tourist routes take any request, however it was made.
 */
const makeRequest = async (who: Who, touristsCount: number, status = 1): Promise<number> => {
  const tour = await t.app.inject({
    method: 'POST',
    url: '/crm/api/tour/create',
    headers: bearer(who.token),
    payload: { organizer_id: who.organizerId, name: 'Altai lakes' },
  });
  const tourId = (tour.json() as { id: number }).id;
  const date = await t.app.inject({
    method: 'POST',
    url: '/crm/api/tour/save-date',
    headers: bearer(who.token),
    payload: { tour_id: tourId, date_start: day(40), date_end: day(45), price: 50000, number_of_seats: 12 },
  });
  const dateId = (date.json() as { id: number }).id;
  const [row] = await t.database.db
    .insert(requests)
    .values({
      organizer_id: who.organizerId,
      tour_id: tourId,
      tour_date_id: dateId,
      date_start: day(40),
      date_end: day(45),
      status,
      tourists_count: touristsCount,
      customer_name: 'Ivan Petrov',
    })
    .returning({ id: requests.id });
  return row!.id;
};
const touristRows = (requestId: number) =>
  t.database.db
    .select()
    .from(requestTourists)
    .where(eq(requestTourists.request_id, requestId))
    .orderBy(asc(requestTourists.position), asc(requestTourists.id));
const allTourists = () => t.database.db.select().from(requestTourists).orderBy(asc(requestTourists.id));
const events = (requestId: number) =>
  got.filter((p) => p.event === 'update_tourists_info' && p.payload.request_id === requestId);

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@tourists.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@tourists.example', organizers: ['Kamchatka Tours'] });
  anna = {
    userId: a.userId,
    organizerId: a.organizerIds[0]!,
    token: (await signIn(t.app, 'anna@tourists.example')).token,
  };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@tourists.example')).token,
  };
  base = await listenOnFreePort(t.app);
  const listener = await listenAsUser(t.app, base, anna.token);
  sockets.push(listener.socket);
  got = listener.got;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe('create-tourist', () => {
  it('adds a tourist with full_name made of last, first and middle name, answers the list, tells the organizer', async () => {
    const requestId = await makeRequest(anna, 3);
    const res = await post('create-tourist', anna, {
      request_id: requestId,
      first_name: ' Anna ',
      last_name: 'Ivanova',
      middle_name: 'Sergeevna',
      birthday: '1990-04-12',
      passport: '4510 123456',
      email: 'anna@example.com',
      phone: '+7 (999) 123-45-67',
      food_restriction: 'vegetarian',
      is_contact_person: true,
    });
    expect(res.status).toBe(200);
    const body = res.body as unknown as RequestTourists;
    expect(body).toEqual({
      request_id: requestId,
      tourists_count: 3,
      tourists: [
        {
          id: expect.any(Number),
          request_id: requestId,
          full_name: 'Ivanova Anna Sergeevna',
          first_name: 'Anna',
          last_name: 'Ivanova',
          middle_name: 'Sergeevna',
          birthday: '1990-04-12',
          passport: '4510 123456',
          email: 'anna@example.com',
          phone: '+79991234567',
          food_restriction: 'vegetarian',
          is_contact_person: true,
          is_child: false,
          is_questionnaire_filled: false,
          needs_transfer: false,
          // not set: counted as an adult (issue 26)
          category_id: null,
        },
      ],
    });
    // a second one goes after the first; a tourist without a middle name has none in full_name
    const second = await post('create-tourist', anna, {
      request_id: requestId,
      first_name: 'Oleg',
      last_name: 'Ivanov',
    });
    expect((second.body as unknown as RequestTourists).tourists.map((x) => x.full_name)).toEqual([
      'Ivanova Anna Sergeevna',
      'Ivanov Oleg',
    ]);
    await eventually(() =>
      expect(events(requestId).map((p) => p.payload)).toEqual([
        {
          actor: { type: 'user', user_id: anna.userId },
          organizer_id: anna.organizerId,
          request_id: requestId,
          source: 'provider',
        },
        {
          actor: { type: 'user', user_id: anna.userId },
          organizer_id: anna.organizerId,
          request_id: requestId,
          source: 'provider',
        },
      ]),
    );
    expect(events(requestId)[0]!.channel).toBe(organizerChannel(anna.organizerId));
  });

  it('never more tourists than tourists_count: 422 tourists_over_count, nothing written, nothing published', async () => {
    const requestId = await makeRequest(anna, 1);
    expect((await post('create-tourist', anna, { request_id: requestId, first_name: 'One' })).status).toBe(200);
    const before = await allTourists();
    const res = await post('create-tourist', anna, { request_id: requestId, first_name: 'Two' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The request is for 1 tourist(s); raise the number first');
    expect(res.body.codes?.tourists).toEqual([{ code: 'tourists_over_count', params: { count: 1 } }]);
    expect(await allTourists()).toEqual(before);
    await throughMarker(t.app, got, organizerChannel(anna.organizerId));
    expect(events(requestId)).toHaveLength(1);
  });

  it('a birthday in the future, a bad e-mail or phone, a field too long or unknown: 422 by field, nothing written', async () => {
    const requestId = await makeRequest(anna, 5);
    const before = await allTourists();
    const future = await post('create-tourist', anna, { request_id: requestId, first_name: 'A', birthday: day(1) });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ birthday: ['The birthday cannot be in the future'] });
    expect(future.body.codes?.birthday).toEqual([{ code: 'birthday_in_future' }]);

    const bad = await post('create-tourist', anna, {
      request_id: requestId,
      email: 'not-an-email',
      phone: '12345',
      passport: 'x'.repeat(101),
      birthday: '1899-12-31',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['birthday', 'email', 'passport', 'phone']);
    expect(bad.body.codes?.email?.[0]?.code).toBe('email');
    expect(bad.body.codes?.passport?.[0]).toEqual({ code: 'max_length', params: { length: 100 } });

    for (const payload of [
      { request_id: requestId, full_name: 'Set by hand' },
      { request_id: requestId, is_questionnaire_filled: true },
      { request_id: requestId, birthday: '12.04.1990' },
      { request_id: requestId, first_name: 42 },
      { request_id: 'one' },
      {},
    ]) {
      const res = await post('create-tourist', anna, payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
    }
    expect(await allTourists()).toEqual(before);
  });
});

describe('the request list finds a request by its tourists', () => {
  it('a tourist added, renamed or removed is found by their name and phone, then no more', async () => {
    const requestId = await makeRequest(anna, 3);
    const found = async (query: string): Promise<boolean> => {
      const filters = encodeURIComponent(JSON.stringify({ query }));
      const res = await t.app.inject({
        method: 'GET',
        url: `/crm/api/request/list-for-org?organizer_id=${anna.organizerId}&filters=${filters}`,
        headers: bearer(anna.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { id: number }[] }).items.some((i) => i.id === requestId);
    };
    expect(await found('Zhukovskaya')).toBe(false);
    const created = await post('create-tourist', anna, {
      request_id: requestId,
      first_name: 'Lidia',
      last_name: 'Zhukovskaya',
      phone: '+7 916 555-12-34',
    });
    const id = (created.body as unknown as RequestTourists).tourists[0]!.id;
    expect(await found('Zhukovskaya')).toBe(true);
    expect(await found('916 555')).toBe(true);
    await post('update-tourist', anna, { id, last_name: 'Orlova' });
    expect(await found('Zhukovskaya')).toBe(false);
    expect(await found('Orlova')).toBe(true);
    await post('remove-tourist', anna, { id });
    expect(await found('Orlova')).toBe(false);
    // the customer's own words stay
    expect(await found('Petrov')).toBe(true);
  });
});

describe('update-tourist and remove-tourist', () => {
  it('update changes only the fields sent; remove takes the tourist off; each answers the list', async () => {
    const requestId = await makeRequest(anna, 2);
    const created = (
      await post('create-tourist', anna, {
        request_id: requestId,
        first_name: 'Anna',
        last_name: 'Ivanova',
        passport: '4510 123456',
        is_child: true,
      })
    ).body as unknown as RequestTourists;
    const id = created.tourists[0]!.id;
    const updated = await post('update-tourist', anna, { id, last_name: 'Smirnova', birthday: '2015-01-31' });
    expect(updated.status).toBe(200);
    expect((updated.body as unknown as RequestTourists).tourists).toEqual([
      expect.objectContaining({
        id,
        full_name: 'Smirnova Anna',
        last_name: 'Smirnova',
        birthday: '2015-01-31',
        passport: '4510 123456',
        is_child: true,
      }),
    ]);
    // the birthday can be taken off again
    const cleared = await post('update-tourist', anna, { id, birthday: null });
    expect((cleared.body as unknown as RequestTourists).tourists[0]!.birthday).toBeNull();

    const future = await post('update-tourist', anna, { id, birthday: day(30) });
    expect(future.status).toBe(422);
    expect(future.body.codes?.birthday).toEqual([{ code: 'birthday_in_future' }]);
    expect((await touristRows(requestId))[0]!.birthday).toBeNull();

    const removed = await post('remove-tourist', anna, { id });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ request_id: requestId, tourists_count: 2, tourists: [] });
    expect(await touristRows(requestId)).toEqual([]);
    // gone: the same id again is a 404
    const again = await post('remove-tourist', anna, { id });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Tourist not found');
    await eventually(() => expect(events(requestId)).toHaveLength(4));
  });
});

describe('update-tourists', () => {
  it('updates the rows with an id, adds those without, removes the missing, in the order sent', async () => {
    const requestId = await makeRequest(anna, 3);
    for (const first_name of ['Anna', 'Boris', 'Vera'])
      await post('create-tourist', anna, { request_id: requestId, first_name, last_name: 'Ivanov' });
    const [a, b, v] = await touristRows(requestId);
    const res = await post('update-tourists', anna, {
      request_id: requestId,
      tourists: [
        { id: v!.id, passport: 'V-1' },
        { first_name: 'Gleb', last_name: 'Petrov', birthday: '1985-05-05' },
        { id: a!.id, last_name: 'Ivanova' },
      ],
    });
    expect(res.status).toBe(200);
    const list = (res.body as unknown as RequestTourists).tourists;
    expect(list.map((x) => [x.full_name, x.passport])).toEqual([
      ['Ivanov Vera', 'V-1'],
      ['Petrov Gleb', ''],
      ['Ivanova Anna', ''],
    ]);
    expect(list[0]!.id).toBe(v!.id);
    expect(list[2]!.id).toBe(a!.id);
    const rows = await touristRows(requestId);
    expect(rows.map((r) => r.id)).toEqual(list.map((x) => x.id));
    expect(rows.some((r) => r.id === b!.id)).toBe(false);
    // an empty list removes everyone
    const none = await post('update-tourists', anna, { request_id: requestId, tourists: [] });
    expect((none.body as unknown as RequestTourists).tourists).toEqual([]);
    await eventually(() => expect(events(requestId)).toHaveLength(5));
  });

  it('any bad row refuses the whole list: nothing written, the errors on their rows', async () => {
    const requestId = await makeRequest(anna, 2);
    await post('create-tourist', anna, { request_id: requestId, first_name: 'Anna' });
    const [a] = await touristRows(requestId);
    const other = await makeRequest(anna, 2);
    await post('create-tourist', anna, { request_id: other, first_name: 'Elsewhere' });
    const [foreign] = await touristRows(other);
    const before = await allTourists();

    const future = await post('update-tourists', anna, {
      request_id: requestId,
      tourists: [
        { id: a!.id, first_name: 'Anya' },
        { first_name: 'Kid', birthday: day(2) },
      ],
    });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ 'tourists.1.birthday': ['The birthday cannot be in the future'] });

    const over = await post('update-tourists', anna, {
      request_id: requestId,
      tourists: [{ id: a!.id }, { first_name: 'B' }, { first_name: 'C' }],
    });
    expect(over.status).toBe(422);
    expect(over.body.codes?.tourists).toEqual([{ code: 'tourists_over_count', params: { count: 2 } }]);

    // a tourist of another request (even the organizer's own), or one listed twice
    const wrongIds = await post('update-tourists', anna, {
      request_id: requestId,
      tourists: [{ id: foreign!.id, first_name: 'Stolen' }],
    });
    expect(wrongIds.status).toBe(422);
    expect(wrongIds.body.codes).toEqual({ 'tourists.0.id': [{ code: 'tourist_not_found' }] });
    const twice = await post('update-tourists', anna, {
      request_id: requestId,
      tourists: [{ id: a!.id }, { id: a!.id, first_name: 'X' }],
    });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors ?? {})).toEqual(['tourists.1.id']);

    expect(await allTourists()).toEqual(before);
  });
});

describe('tenancy, sign-in and the request status', () => {
  it("another organizer's request or tourist does not exist: 404, nothing written", async () => {
    const requestId = await makeRequest(anna, 3);
    await post('create-tourist', anna, { request_id: requestId, first_name: 'Anna', passport: 'SECRET-PASSPORT' });
    const [a] = await touristRows(requestId);
    const before = await allTourists();
    const calls: [string, unknown, string][] = [
      ['create-tourist', { request_id: requestId, first_name: 'Intruder' }, 'Request not found'],
      ['update-tourists', { request_id: requestId, tourists: [] }, 'Request not found'],
      ['update-tourist', { id: a!.id, first_name: 'Intruder' }, 'Tourist not found'],
      ['remove-tourist', { id: a!.id }, 'Tourist not found'],
      // ids never made answer the same
      ['create-tourist', { request_id: 999_999, first_name: 'X' }, 'Request not found'],
      ['update-tourist', { id: 999_999, first_name: 'X' }, 'Tourist not found'],
    ];
    for (const [path, payload, message] of calls) {
      const res = await post(path, boris, payload);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe(message);
      expect(JSON.stringify(res.body)).not.toContain('SECRET-PASSPORT');
    }
    expect(await allTourists()).toEqual(before);
  });

  it('without a token every provider route is 401', async () => {
    const requestId = await makeRequest(anna, 3);
    for (const [path, payload] of [
      ['create-tourist', { request_id: requestId, first_name: 'X' }],
      ['update-tourist', { id: 1, first_name: 'X' }],
      ['remove-tourist', { id: 1 }],
      ['update-tourists', { request_id: requestId, tourists: [] }],
    ] as const) {
      const res = await post(path, null, payload);
      expect(res.status, path).toBe(401);
    }
    expect(await touristRows(requestId)).toEqual([]);
  });

  it("a canceled request's tourists stay as they were: 422 request_canceled", async () => {
    const requestId = await makeRequest(anna, 3, 6);
    const res = await post('create-tourist', anna, { request_id: requestId, first_name: 'Late' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The request is canceled');
    expect(await touristRows(requestId)).toEqual([]);
    // a completed trip's list may still be corrected (the provider's records)
    const complete = await makeRequest(anna, 3, 4);
    expect((await post('create-tourist', anna, { request_id: complete, first_name: 'Fixed' })).status).toBe(200);
  });
});
