import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  CURRENT_AGREEMENT_VERSION,
  ORGANIZER_MESSAGES,
  organizerChannel,
  type Organizer,
  type Publication,
} from '@tourdesk/contract';
import { bankAccounts, files, organizerMembers, organizers } from '../../db/schema/index';
import {
  bearer,
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  signIn,
  type TestApp,
  listenOnFreePort,
} from '../../test/test-app';
import { runAdmin } from './admin-cli';
import { OPERATOR_TOKEN_FILE } from './operator-token';

let t: TestApp;
let anna: { userId: number; organizerIds: number[]; token: string };
let boris: { userId: number; organizerIds: number[]; token: string };
let base: string;
const sockets: Socket[] = [];

type Method = 'GET' | 'POST';
const call = async (method: Method, url: string, token: string | null, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { errors?: Record<string, string[]> },
  };
};
const info = async (token: string, id: number): Promise<Organizer> =>
  (await call('GET', `/crm/api/organizer/info?id=${id}`, token)).body as unknown as Organizer;
const rowOf = async (id: number) => (await t.database.db.select().from(organizers).where(eq(organizers.id, id)))[0]!;

/** A Socket.IO client subscribed to the user's channels, collecting publications. */
const listen = async (token: string): Promise<Publication[]> => {
  const { socket, got } = await listenAsUser(t.app, base, token);
  sockets.push(socket);
  return got;
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, {
    email: 'anna@org.example',
    organizers: ['Altai Trails', 'Baikal Expeditions'],
  });
  const b = await createUser(t.database, { email: 'boris@org.example', organizers: ['Kamchatka Tours'] });
  await createUser(t.database, { email: 'new@org.example' });
  anna = { ...a, token: (await signIn(t.app, 'anna@org.example')).token };
  boris = { ...b, token: (await signIn(t.app, 'boris@org.example')).token };
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('GET /crm/api/organizer/list', () => {
  it("lists only the signed-in user's organizers, in creation order", async () => {
    const res = await call('GET', '/crm/api/organizer/list', anna.token);
    expect(res.status).toBe(200);
    expect((res.body as unknown as { name: string }[]).slice(0, 2)).toEqual([
      { id: anna.organizerIds[0], name: 'Altai Trails', logo: null, is_internal_check_success: false, role: 'owner' },
      {
        id: anna.organizerIds[1],
        name: 'Baikal Expeditions',
        logo: null,
        is_internal_check_success: false,
        role: 'owner',
      },
    ]);
    const borisList = (await call('GET', '/crm/api/organizer/list', boris.token)).body as unknown as { name: string }[];
    expect(borisList.map((o) => o.name)).toEqual(['Kamchatka Tours']);
    const newcomer = await signIn(t.app, 'new@org.example');
    expect((await call('GET', '/crm/api/organizer/list', newcomer.token)).body).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/crm/api/organizer/list' })).statusCode).toBe(401);
  });
});

describe('POST /crm/api/organizer/create', () => {
  it('creates the organizer with the caller as its owner and answers the full organizer', async () => {
    const user = await createUser(t.database, { email: 'creator@org.example' });
    const { token } = await signIn(t.app, 'creator@org.example');
    const res = await call('POST', '/crm/api/organizer/create', token, {
      name: '  Ural Rivers  ',
      country: 'RU',
      contacts: { email: 'team@ural.example', phone: '+79991234567' },
      legal_entity: { legal_form: 'sole_proprietor', inn: '123456789012' },
    });
    expect(res.status).toBe(200);
    const o = res.body as unknown as Organizer;
    expect(o).toMatchObject({
      name: 'Ural Rivers',
      country: 'RU',
      currency: 'RUB',
      contacts: { email: 'team@ural.example', phone: '+79991234567', additional_phone: '', website: '' },
      legal_entity: { legal_form: 'sole_proprietor', inn: '123456789012', kpp: '' },
      internal_check_status: 'not_performed',
      verification_status: 'not_performed',
      is_internal_check_success: false,
      own_request_bank_account_id: null,
    });
    const members = await t.database.db.select().from(organizerMembers).where(eq(organizerMembers.organizer_id, o.id));
    expect(members).toMatchObject([{ user_id: user.userId, role: 'owner' }]);
    expect(
      ((await call('GET', '/crm/api/organizer/list', token)).body as unknown as { id: number }[]).map((x) => x.id),
    ).toEqual([o.id]);
  });

  it('refuses bad input with SPEC field errors and creates nothing', async () => {
    await createUser(t.database, { email: 'bad-creator@org.example' });
    const { token } = await signIn(t.app, 'bad-creator@org.example');
    const res = await call('POST', '/crm/api/organizer/create', token, {
      name: ' ',
      contacts: { email: 'not-an-email', phone: '12345', website: 'ftp://x' },
      legal_entity: { inn: '12ab' },
      legal_address: { post_code: '!' },
      surprise: 1,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      name: ['Required field'],
      'contacts.email': ['Please enter a valid e-mail'],
      'contacts.phone': ['Invalid phone number. Please enter the number in the international format.'],
      'contacts.website': ['Incorrect url'],
      'legal_entity.inn': ['Incorrect value'],
      'legal_address.post_code': ['Incorrect value'],
      surprise: ['Unknown field'],
    });
    expect((await call('GET', '/crm/api/organizer/list', token)).body).toEqual([]);
  });

  it('refuses an image that is not the caller’s upload', async () => {
    const [other] = await t.database.db
      .insert(files)
      .values({
        user_id: boris.userId,
        kind: 'image',
        storage_key: 'images/x/original.png',
        mime: 'image/png',
        size: 1,
      })
      .returning();
    const res = await call('POST', '/crm/api/organizer/create', anna.token, {
      name: 'Stolen Logo',
      logo_id: other!.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ logo_id: [ORGANIZER_MESSAGES.file_not_usable] });
    expect(
      ((await call('GET', '/crm/api/organizer/list', anna.token)).body as unknown as { name: string }[]).map(
        (o) => o.name,
      ),
    ).not.toContain('Stolen Logo');
  });
});

describe('POST /crm/api/organizer/update', () => {
  it('saves one settings tab without wiping the others, merging groups field by field', async () => {
    const id = anna.organizerIds[0]!;
    const main = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      description: 'Horse and hiking tours in the Altai',
      legal_entity: {
        legal_form: 'company',
        legal_name: 'OOO Altai Trails',
        inn: '5401234567',
        kpp: '540101001',
        ogrn: '1025400000000',
      },
      director: { first_name: 'Ivan', last_name: 'Petrov', position: 'General director' },
      legal_address: { country: 'RU', region: 'Altai', city: 'Gorno-Altaysk', street: 'Lenina 1', post_code: '649000' },
    });
    expect(main.status).toBe(200);
    const contacts = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      contacts: { email: 'hello@altai.example', phone: '+79990000011' },
      work_hours: [
        { day_of_week: 1, from: '09:00', to: '18:00' },
        { day_of_week: 0, is_day_off: true },
      ],
      social_links: { telegram: 'https://t.me/altai' },
    });
    expect(contacts.status).toBe(200);
    const cancellation = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      cancellation_terms: 'Free cancellation up to 30 days before the start',
      penalties: [{ days_before: 7, percent: 50 }],
      actual_expenses: 'Permits and transfers',
      contacts: { additional_phone: '+79990000012' },
    });
    expect(cancellation.status).toBe(200);

    const o = await info(anna.token, id);
    expect(o).toMatchObject({
      name: 'Altai Trails',
      description: 'Horse and hiking tours in the Altai',
      legal_entity: { legal_name: 'OOO Altai Trails', inn: '5401234567', kpp: '540101001', ogrn: '1025400000000' },
      director: { first_name: 'Ivan', last_name: 'Petrov', position: 'General director' },
      legal_address: { city: 'Gorno-Altaysk', post_code: '649000' },
      contacts: { email: 'hello@altai.example', phone: '+79990000011', additional_phone: '+79990000012' },
      work_hours: [
        { day_of_week: 1, is_day_off: false, from: '09:00', to: '18:00' },
        { day_of_week: 0, is_day_off: true, from: null, to: null },
      ],
      social_links: { telegram: 'https://t.me/altai' },
      cancellation_terms: 'Free cancellation up to 30 days before the start',
      penalties: [{ days_before: 7, percent: 50 }],
      actual_expenses: 'Permits and transfers',
    });
  });

  it('saves nothing from a half-valid body and names each bad field by its path', async () => {
    const id = anna.organizerIds[0]!;
    const before = await info(anna.token, id);
    const res = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      name: 'Renamed',
      contacts: { email: 'new@altai.example' },
      legal_address: { post_code: '64#000' },
      work_hours: [{ day_of_week: 2, from: '18:00', to: '09:00' }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'legal_address.post_code': ['Incorrect value'],
      'work_hours.0.to': ['The end must be later than the start'],
    });
    expect(await info(anna.token, id)).toEqual(before);
  });

  it('refuses more than 20 penalties and two with the same days_before; saves none of them', async () => {
    const id = anna.organizerIds[0]!;
    const before = await info(anna.token, id);
    const many = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      penalties: Array.from({ length: 5000 }, () => ({ days_before: 7, percent: 50 })),
    });
    expect(many.status).toBe(422);
    expect(many.body).toEqual({
      message: 'The given data was invalid',
      code: 'validation',
      errors: { penalties: ['Maximum 20'] },
      codes: { penalties: [{ code: 'max_value', params: { max: 20 } }] },
    });
    const twice = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      penalties: [
        { days_before: 14, percent: 30 },
        { days_before: 7, percent: 50 },
        { days_before: 14, percent: 40 },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ 'penalties.2.days_before': ['Incorrect value'] });
    const farAhead = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      penalties: [{ days_before: 366, percent: 10 }],
    });
    expect(farAhead.body.errors).toEqual({ 'penalties.0.days_before': ['Maximum 365'] });
    const created = await call('POST', '/crm/api/organizer/create', anna.token, {
      name: 'Too Many Penalties',
      penalties: Array.from({ length: 21 }, (_, i) => ({ days_before: i, percent: 10 })),
    });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ penalties: ['Maximum 20'] });
    expect(await info(anna.token, id)).toEqual(before);

    const twenty = Array.from({ length: 20 }, (_, i) => ({ days_before: 20 - i, percent: 5 * (i + 1) }));
    const ok = await call('POST', '/crm/api/organizer/update', anna.token, { id, penalties: twenty });
    expect(ok.status).toBe(200);
    expect((await info(anna.token, id)).penalties).toEqual(twenty);
    // stored from the most days before the start to the fewest, whatever the order sent
    const unsorted = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      penalties: [
        { days_before: 3, percent: 90 },
        { days_before: 30, percent: 10 },
        { days_before: 10, percent: 50 },
      ],
    });
    expect((unsorted.body as { penalties: unknown }).penalties).toEqual([
      { days_before: 30, percent: 10 },
      { days_before: 10, percent: 50 },
      { days_before: 3, percent: 90 },
    ]);
    await call('POST', '/crm/api/organizer/update', anna.token, { id, penalties: before.penalties });
  });

  it('chooses the own-request bank account only among the organizer’s accounts', async () => {
    const id = anna.organizerIds[0]!;
    const [own] = await t.database.db
      .insert(bankAccounts)
      .values({ organizer_id: id, bank_name: 'Sber', account_number: '40702810900000000001' })
      .returning();
    const [foreign] = await t.database.db
      .insert(bankAccounts)
      .values({ organizer_id: boris.organizerIds[0]!, bank_name: 'VTB' })
      .returning();
    const bad = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      own_request_bank_account_id: foreign!.id,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ own_request_bank_account_id: [ORGANIZER_MESSAGES.bank_account_not_own] });
    expect((await rowOf(id)).own_request_bank_account_id).toBeNull();
    const ok = await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      own_request_bank_account_id: own!.id,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.own_request_bank_account_id).toBe(own!.id);
  });

  it('attaches uploaded sign and stamp images and shows them with their URLs', async () => {
    const id = anna.organizerIds[0]!;
    const [stamp] = await t.database.db
      .insert(files)
      .values({
        user_id: anna.userId,
        kind: 'image',
        storage_key: 'images/s/original.png',
        mime: 'image/png',
        size: 1,
        is_public: false,
      })
      .returning();
    const res = await call('POST', '/crm/api/organizer/update', anna.token, { id, stamp_image_id: stamp!.id });
    expect(res.status).toBe(200);
    expect(res.body.stamp_image).toEqual({ id: stamp!.id, url: `/files/${stamp!.id}`, alt: '' });
    expect((await t.database.db.select().from(files).where(eq(files.id, stamp!.id)))[0]!.organizer_id).toBe(id);
  });

  it("answers 404 for another user's organizer and changes nothing", async () => {
    const id = anna.organizerIds[0]!;
    const before = await rowOf(id);
    const res = await call('POST', '/crm/api/organizer/update', boris.token, {
      id,
      name: 'Hijacked',
      contacts: { email: 'x@y.example' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Organizer not found', code: 'organizer_not_found' });
    expect(await rowOf(id)).toEqual(before);
  });
});

describe('GET info, view, public-info, verification-info', () => {
  it('answers members only: 404 for another tenant', async () => {
    const id = anna.organizerIds[1]!;
    for (const p of ['info', 'view', 'verification-info']) {
      expect((await call('GET', `/crm/api/organizer/${p}?id=${id}`, anna.token)).status).toBe(200);
      expect((await call('GET', `/crm/api/organizer/${p}?id=${id}`, boris.token)).status).toBe(404);
    }
    expect((await call('GET', `/crm/api/organizer/info?id=999999`, anna.token)).status).toBe(404);
  });

  it('view is the card without legal details', async () => {
    const v = (await call('GET', `/crm/api/organizer/view?id=${anna.organizerIds[0]}`, anna.token)).body;
    expect(v).toMatchObject({
      id: anna.organizerIds[0],
      name: 'Altai Trails',
      contacts: { email: 'hello@altai.example' },
    });
    expect(v).not.toHaveProperty('legal_entity');
    expect(v).not.toHaveProperty('director');
  });

  it('public-info is public, shows only public fields, and the tour author only with author_data_from_crm', async () => {
    const id = anna.organizerIds[0]!;
    await call('POST', '/crm/api/organizer/update', anna.token, {
      id,
      tour_author: { first_name: 'Olga', last_name: 'Guide', about: '20 years in the mountains' },
    });
    await t.database.db.update(organizers).set({ verification_status: 'success' }).where(eq(organizers.id, id));
    const plain = await call('GET', `/crm/api/organizer/public-info?id=${id}`, null);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({
      id,
      name: 'Altai Trails',
      tour_author: null,
      contacts: { email: 'hello@altai.example' },
    });
    await t.database.db.update(organizers).set({ verification_status: 'not_performed' }).where(eq(organizers.id, id));
    for (const hidden of [
      'legal_entity',
      'director',
      'legal_address',
      'own_request_bank_account_id',
      'stamp_image',
      'sign_image',
      'penalties',
    ]) {
      expect(plain.body).not.toHaveProperty(hidden);
    }
    const withAuthor = await call('GET', `/crm/api/organizer/public-info?id=${id}&author_data_from_crm=1`, null);
    expect(withAuthor.body.tour_author).toMatchObject({
      first_name: 'Olga',
      last_name: 'Guide',
      about: '20 years in the mountains',
    });
    expect((await call('GET', '/crm/api/organizer/public-info?id=999999', null)).status).toBe(404);
  });

  it('public-info shows an unverified organizer’s e-mail and phones to its members only, not to anyone walking ids', async () => {
    const id = anna.organizerIds[0]!;
    const url = `/crm/api/organizer/public-info?id=${id}`;
    const personal = { email: 'hello@altai.example', phone: '+79990000011', additional_phone: '+79990000012' };
    expect((await call('POST', '/crm/api/organizer/update', anna.token, { id, contacts: personal })).status).toBe(200);
    const blank = { email: '', phone: '', additional_phone: '' };
    for (const status of ['not_performed', 'in_progress', 'failed']) {
      await t.database.db.update(organizers).set({ verification_status: status }).where(eq(organizers.id, id));
      // a guest and another tenant's user see the organizer without them
      for (const token of [null, boris.token]) {
        const res = await call('GET', url, token);
        expect(res.status).toBe(200);
        expect(res.body.contacts).toMatchObject(blank);
        expect(JSON.stringify(res.body)).not.toContain('hello@altai.example');
        expect(JSON.stringify(res.body)).not.toContain('+7999000001');
      }
      expect((await call('GET', url, anna.token)).body.contacts).toMatchObject(personal);
    }
    await t.database.db.update(organizers).set({ verification_status: 'success' }).where(eq(organizers.id, id));
    expect((await call('GET', url, null)).body.contacts).toMatchObject(personal);
    await t.database.db.update(organizers).set({ verification_status: 'not_performed' }).where(eq(organizers.id, id));
  });

  it('verification-info: the failed flag is true for not_performed and failed, with the next step', async () => {
    const id = anna.organizerIds[1]!;
    const get = async () => (await call('GET', `/crm/api/organizer/verification-info?id=${id}`, anna.token)).body;
    expect(await get()).toEqual({
      internal_check_status: 'not_performed',
      verification_status: 'not_performed',
      is_verification_failed: true,
      next_step: 'submit_verification_data',
      reason: null,
    });
    await t.database.db.update(organizers).set({ verification_status: 'failed' }).where(eq(organizers.id, id));
    expect(await get()).toMatchObject({ is_verification_failed: true, next_step: 'resubmit_verification_data' });
    await t.database.db.update(organizers).set({ verification_status: 'success' }).where(eq(organizers.id, id));
    expect(await get()).toMatchObject({ is_verification_failed: false, next_step: 'wait_for_internal_check' });
    await t.database.db.update(organizers).set({ verification_status: 'not_performed' }).where(eq(organizers.id, id));
  });
});

describe('GET /crm/api/user/dashboard and the agreement', () => {
  it('answers SPEC §3 dashboard data, zero counts, and the agreement popup until accepted', async () => {
    const id = anna.organizerIds[0]!;
    await call('POST', '/crm/api/organizer/update', anna.token, { id, country: 'RU' });
    const res = await call('GET', `/crm/api/user/dashboard?orgId=${id}`, anna.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      organizer_country: 'RU',
      should_show_agreement_popup: true,
      agreement_version: CURRENT_AGREEMENT_VERSION,
      organizer_verification: { internal_check_status: 'not_performed', verification_status: 'not_performed' },
      organizer_commission: 10,
      is_verification_failed: true,
      verification_next_step: 'submit_verification_data',
      verification_reason: null,
      figures_shown: true,
      new_requests_count: 0,
      upcoming_departures_count: 0,
      unpaid_invoices_count: 0,
      unpaid_invoices: [],
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      upcoming_departures_to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      // the chart's weeks (dashboard.test.ts): an empty organizer's are all empty
      weeks: expect.arrayContaining([expect.objectContaining({ requests: 0, revenue: [] })]),
    });
    const wrong = await call('POST', '/crm/api/organizer/accept-agreement', anna.token, {
      tour_organizer_id: id,
      version: '1999',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ version: [ORGANIZER_MESSAGES.agreement_version] });
    expect(
      (
        await call('POST', '/crm/api/organizer/accept-agreement', boris.token, {
          tour_organizer_id: id,
          version: CURRENT_AGREEMENT_VERSION,
        })
      ).status,
    ).toBe(404);
    expect((await rowOf(id)).agreement_version_accepted).toBeNull();
    expect(
      (
        await call('POST', '/crm/api/organizer/accept-agreement', anna.token, {
          tour_organizer_id: id,
          version: CURRENT_AGREEMENT_VERSION,
        })
      ).body,
    ).toEqual({ success: true });
    expect(
      (await call('GET', `/crm/api/user/dashboard?orgId=${id}`, anna.token)).body.should_show_agreement_popup,
    ).toBe(false);
  });

  it("answers 404 for another user's organizer", async () => {
    expect((await call('GET', `/crm/api/user/dashboard?orgId=${anna.organizerIds[0]}`, boris.token)).status).toBe(404);
    expect((await call('GET', '/crm/api/user/dashboard?orgId=abc', anna.token)).status).toBe(422);
  });
});

describe('verification: access token and verification-data', () => {
  it('submits the data with a valid widget token, sets in_progress and tells the open CRM', async () => {
    const id = anna.organizerIds[1]!;
    const got = await listen(anna.token);
    const tok = await call('GET', `/crm/api/user/get-verification-access-token?orgId=${id}`, anna.token);
    expect(tok.status).toBe(200);
    expect(tok.body.expires_in).toBe(600);
    const data = { orgId: id, full_name: 'Anna Test', document_type: 'passport', document_number: '4510 123456' };

    const forged = await call('POST', '/crm/api/user/verification-data', anna.token, {
      ...data,
      access_token: anna.token,
    });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual({ access_token: [ORGANIZER_MESSAGES.verification_token_invalid] });
    expect(
      (await call('POST', '/crm/api/user/verification-data', boris.token, { ...data, access_token: tok.body.token }))
        .status,
    ).toBe(404);
    expect((await rowOf(id)).verification_status).toBe('not_performed');

    const ok = await call('POST', '/crm/api/user/verification-data', anna.token, {
      ...data,
      access_token: tok.body.token,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      internal_check_status: 'not_performed',
      verification_status: 'in_progress',
      is_verification_failed: false,
      next_step: 'wait_for_verification',
      reason: null,
    });
    await eventually(() =>
      expect(got).toContainEqual({
        channel: organizerChannel(id),
        event: 'organization_requisites_was_changed_event',
        payload: {
          actor: { type: 'user', user_id: anna.userId },
          organizer_id: id,
          internal_check_status: 'not_performed',
          verification_status: 'in_progress',
        },
      }),
    );
    const again = await call('POST', '/crm/api/user/verification-data', anna.token, {
      ...data,
      access_token: tok.body.token,
    });
    expect(again).toEqual({
      status: 400,
      body: { message: ORGANIZER_MESSAGES.verification_in_progress, code: 'verification_in_progress' },
    });
  });

  it("refuses a token for another organizer and another user's organizer", async () => {
    expect(
      (await call('GET', `/crm/api/user/get-verification-access-token?orgId=${anna.organizerIds[0]}`, boris.token))
        .status,
    ).toBe(404);
    const tok = (
      await call('GET', `/crm/api/user/get-verification-access-token?orgId=${anna.organizerIds[0]}`, anna.token)
    ).body.token;
    const res = await call('POST', '/crm/api/user/verification-data', anna.token, {
      orgId: anna.organizerIds[1],
      access_token: tok,
      full_name: 'A',
      document_type: 'passport',
      document_number: '1',
    });
    expect(res.status).toBe(422);
  });
});

describe('operator endpoints and npm run admin', () => {
  const operatorToken = () => fs.readFileSync(path.join(t.dataDir, OPERATOR_TOKEN_FILE), 'utf8');

  it('refuses calls without the operator token, before reading the body', async () => {
    expect((await call('GET', '/crm/api/operator/organizers', null)).status).toBe(401);
    expect((await call('GET', '/crm/api/operator/organizers', anna.token)).status).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/operator/set-verification',
      headers: { 'x-operator-token': 'wrong' },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('the admin command sets verification on the running server and an open CRM hears it at once', async () => {
    const id = boris.organizerIds[0]!;
    const got = await listen(boris.token);
    const out: string[] = [];
    const opts = { baseUrl: base, token: operatorToken(), out: (l: string) => out.push(l) };

    expect(await runAdmin(['list-organizers'], opts)).toBe(0);
    expect(out.join('\n')).toMatch(
      new RegExp(
        `^${id}\\s+Kamchatka Tours\\s+internal_check=not_performed\\s+verification=not_performed\\s+commission=10% members=boris@org.example$`,
        'm',
      ),
    );

    out.length = 0;
    expect(
      await runAdmin(
        [
          'set-verification',
          '--organizer',
          String(id),
          '--internal-check',
          'success',
          '--verification',
          'success',
          '--commission',
          '12.5',
        ],
        opts,
      ),
    ).toBe(0);
    expect(out[0]).toMatch(/internal_check=success\s+verification=success\s+commission=12.5%/);
    await eventually(() =>
      expect(got).toContainEqual({
        channel: organizerChannel(id),
        event: 'organization_requisites_was_changed_event',
        payload: {
          actor: { type: 'operator', user_id: null },
          organizer_id: id,
          internal_check_status: 'success',
          verification_status: 'success',
        },
      }),
    );
    expect((await call('GET', `/crm/api/user/dashboard?orgId=${id}`, boris.token)).body).toMatchObject({
      organizer_verification: { internal_check_status: 'success', verification_status: 'success' },
      organizer_commission: 12.5,
      is_verification_failed: false,
      verification_next_step: 'none',
    });
    expect(
      (
        (await call('GET', '/crm/api/organizer/list', boris.token)).body as unknown as {
          is_internal_check_success: boolean;
        }[]
      )[0]!.is_internal_check_success,
    ).toBe(true);
  });

  it('the admin command reports bad input and a wrong token with a non-zero exit code', async () => {
    const out: string[] = [];
    expect(
      await runAdmin(['set-verification', '--organizer', '1', '--verification', 'maybe'], {
        baseUrl: base,
        token: operatorToken(),
        out: (l) => out.push(l),
      }),
    ).toBe(1);
    expect(out[0]).toMatch(/^Error 422/);
    expect(await runAdmin(['list-organizers'], { baseUrl: base, token: 'x'.repeat(40), out: (l) => out.push(l) })).toBe(
      1,
    );
    expect(out[1]).toMatch(/^Error 401/);
    expect(
      await runAdmin(['set-verification', '--organizer', '999999', '--verification', 'failed'], {
        baseUrl: base,
        token: operatorToken(),
        out: (l) => out.push(l),
      }),
    ).toBe(1);
    expect(out[2]).toMatch(/^Error 404/);
    expect(
      await runAdmin(['no-such-command'], { baseUrl: base, token: operatorToken(), out: (l) => out.push(l) }),
    ).toBe(1);
  });
});
