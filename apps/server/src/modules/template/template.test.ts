import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TEMPLATE_TYPES, type ContractTemplate, type MeetDataTemplate } from '@tourdesk/contract';
import { contractTemplates, meetDataTemplates } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { PLACEHOLDERS } from './defaults';

let t: TestApp;
let anna: { organizerIds: number[]; token: string };
let boris: { organizerIds: number[]; token: string };
const CT = '/crm/api/organizer-contract-template';
const MT = '/crm/api/organizer-meet-data-template';

const call = async (
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { errors?: Record<string, string[]> },
  };
};
const contracts = () => t.database.db.select().from(contractTemplates).orderBy(contractTemplates.id);
const meetData = () => t.database.db.select().from(meetDataTemplates).orderBy(meetDataTemplates.id);

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@tpl.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@tpl.example', organizers: ['Kamchatka Tours'] });
  anna = { ...a, token: (await signIn(t.app, 'anna@tpl.example')).token };
  boris = { ...b, token: (await signIn(t.app, 'boris@tpl.example')).token };
});
afterAll(() => t.close());

describe('contract templates', () => {
  it('creates, lists, gets, updates and deletes a template with placeholders', async () => {
    const org = anna.organizerIds[0]!;
    const content =
      '<h2>Contract No {request.id}</h2><p style="text-align: center">Between <span data-type="placeholder" data-id="organizer.legal_name">{organizer.legal_name}</span> and {tourist.full_name}</p>';
    const created = await call('POST', `${CT}/create`, anna.token, {
      organizer_id: org,
      name: 'Standard contract',
      content,
      is_default: true,
    });
    expect(created.status).toBe(200);
    // the sanitizer keeps the chips and the alignment, written compactly
    const saved = content.replace('text-align: center', 'text-align:center');
    expect(created.body).toMatchObject({
      tour_organizer_id: org,
      name: 'Standard contract',
      type: 'contract',
      content: saved,
      is_default: true,
    });
    const id = created.body.id as number;

    const second = (
      await call('POST', `${CT}/create`, anna.token, { organizer_id: org, name: 'Summer contract', is_default: true })
    ).body as unknown as ContractTemplate;
    const list = (await call('GET', `${CT}/list?organizer_id=${org}`, anna.token))
      .body as unknown as ContractTemplate[];
    expect(list.map((x) => [x.name, x.is_default])).toEqual([
      ['Standard contract', false],
      ['Summer contract', true],
    ]);
    expect((await call('GET', `${CT}/get?id=${id}`, anna.token)).body).toMatchObject({ id, content: saved });

    const upd = await call('POST', `${CT}/update`, anna.token, {
      id,
      name: 'Standard contract v2',
      type: 'offer',
      content: '<p>{organizer.name}</p>',
    });
    expect(upd.body).toMatchObject({
      id,
      name: 'Standard contract v2',
      type: 'offer',
      content: '<p>{organizer.name}</p>',
    });
    expect((await call('POST', `${CT}/delete`, anna.token, { id: second.id })).body).toEqual({ success: true });
    expect((await contracts()).map((r) => r.id)).toEqual([id]);
  });

  it('strips scripts, event handlers and javascript: URLs from the HTML on save', async () => {
    const payload =
      '<p onclick="alert(1)">Hi<script>alert(document.cookie)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
      '<iframe src="https://evil.example"></iframe><a href="https://ok.example" onmouseover="alert(4)">ok</a><svg onload="alert(5)"></svg><style>body{}</style>' +
      '<img src="data:image/png;base64,AAAA"><span style="position:fixed;text-align:left">{tour.name}</span></p>';
    const res = await call('POST', `${CT}/create`, anna.token, {
      organizer_id: anna.organizerIds[0],
      name: 'XSS',
      content: payload,
    });
    expect(res.status).toBe(200);
    const saved = res.body.content as string;
    expect(saved).toBe(
      '<p>Hi<img src="x" /><a rel="noopener noreferrer">x</a><a href="https://ok.example" rel="noopener noreferrer">ok</a><img /><span style="text-align:left">{tour.name}</span></p>',
    );
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onmouseover',
      'onload',
      'javascript:',
      '<iframe',
      '<svg',
      '<style',
      'data:',
      'position',
    ])
      expect(saved).not.toContain(bad);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await contracts();
    const res = await call('POST', `${CT}/create`, anna.token, {
      organizer_id: anna.organizerIds[0],
      name: '  ',
      type: 'poem',
      content: 5,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!).sort()).toEqual(['content', 'name', 'type']);
    expect(res.body.errors!.name).toEqual(['Required field']);
    expect(await contracts()).toEqual(before);
  });

  it('ships default templates per type in en and ru, with placeholders, and lists the types', async () => {
    const org = anna.organizerIds[0]!;
    const types = (await call('GET', `${CT}/get-default-template-types`, anna.token)).body as unknown as {
      type: string;
      name: string;
    }[];
    expect(types.map((x) => x.type)).toEqual([...CONTRACT_TEMPLATE_TYPES]);
    expect(types[0]).toEqual({ type: 'contract', name: 'Contract for tourist services' });
    const en = await call('GET', `${CT}/get-default-template-by-type?type=contract&organizer_id=${org}`, anna.token);
    expect(en.body.name).toBe('Contract for tourist services');
    expect(en.body.content).toContain('{organizer.legal_name}');
    expect(en.body.content).toContain('{tourist.full_name}');
    const ru = await call(
      'GET',
      `${CT}/get-default-template-by-type?type=voucher&organizer_id=${org}`,
      anna.token,
      undefined,
      { 'x-language': 'ru' },
    );
    expect(ru.body).toMatchObject({ type: 'voucher', name: 'Ваучер' });
    expect(ru.body.content).toContain('Ваучер по заявке № {request.id}');
    // every placeholder a default template uses is one the editor offers
    const known = new Set(Object.values(PLACEHOLDERS).flatMap((m) => Object.keys(m)));
    for (const type of CONTRACT_TEMPLATE_TYPES) {
      const { content } = (
        await call('GET', `${CT}/get-default-template-by-type?type=${type}&organizer_id=${org}`, anna.token)
      ).body as { content: string };
      for (const used of content.match(/\{[a-z_.]+\}/g) ?? []) expect(known).toContain(used);
    }
  });

  it('answers the placeholders map per entity type, translated', async () => {
    const org = await call(
      'GET',
      '/crm/api/organizer-document-template/placeholders-map?entity_type=organizer',
      anna.token,
    );
    expect(org.status).toBe(200);
    expect(org.body.entity_type).toBe('organizer');
    expect(org.body.placeholders).toContainEqual({ key: '{organizer.legal_name}', description: 'Legal name' });
    const req = await call(
      'GET',
      '/crm/api/organizer-document-template/placeholders-map?entity_type=request',
      anna.token,
      undefined,
      { 'x-language': 'ru' },
    );
    expect(req.body.placeholders).toContainEqual({ key: '{request.id}', description: 'Номер заявки' });
    expect(
      (await call('GET', '/crm/api/organizer-document-template/placeholders-map?entity_type=spaceship', anna.token))
        .status,
    ).toBe(422);
  });

  it("answers 404 on every route for another user's organizer or template, changing nothing", async () => {
    const org = anna.organizerIds[0]!;
    const id = (await contracts())[0]!.id;
    const before = await contracts();
    expect((await call('GET', `${CT}/list?organizer_id=${org}`, boris.token)).status).toBe(404);
    expect((await call('GET', `${CT}/get?id=${id}`, boris.token)).status).toBe(404);
    expect((await call('POST', `${CT}/create`, boris.token, { organizer_id: org, name: 'x' })).status).toBe(404);
    expect((await call('POST', `${CT}/update`, boris.token, { id, name: 'hijacked' })).status).toBe(404);
    expect((await call('POST', `${CT}/delete`, boris.token, { id })).status).toBe(404);
    expect(
      (await call('GET', `${CT}/get-default-template-by-type?type=contract&organizer_id=${org}`, boris.token)).status,
    ).toBe(404);
    expect(await contracts()).toEqual(before);
  });
});

describe('meet-data templates', () => {
  it('creates, lists, updates and deletes; validates the phone; one default', async () => {
    const org = anna.organizerIds[0]!;
    const a = await call('POST', `${MT}/create`, anna.token, {
      organizer_id: org,
      name: 'Airport',
      text: 'Meet at arrivals, gate 3',
      place: 'Gorno-Altaysk airport',
      contact_phone: '+79990000011',
      is_default: true,
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      tour_organizer_id: org,
      name: 'Airport',
      place: 'Gorno-Altaysk airport',
      is_default: true,
    });
    const b = await call('POST', `${MT}/create`, anna.token, { organizer_id: org, name: 'Railway', is_default: true });
    const list = (await call('GET', `${MT}/list?organizer_id=${org}`, anna.token))
      .body as unknown as MeetDataTemplate[];
    expect(list.map((x) => [x.name, x.is_default])).toEqual([
      ['Airport', false],
      ['Railway', true],
    ]);
    const upd = await call('POST', `${MT}/update`, anna.token, {
      id: a.body.id,
      name: 'Airport (new)',
      text: 'Gate 5',
    });
    expect(upd.body).toMatchObject({ id: a.body.id, name: 'Airport (new)', text: 'Gate 5', contact_phone: '' });
    const bad = await call('POST', `${MT}/create`, anna.token, { organizer_id: org, name: '', contact_phone: '123' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name: ['Required field'],
      contact_phone: ['Invalid phone number. Please enter the number in the international format.'],
    });
    expect((await call('POST', `${MT}/delete`, anna.token, { id: b.body.id })).body).toEqual({ success: true });
    expect((await meetData()).map((r) => r.name)).toEqual(['Airport (new)']);
  });

  it("answers 404 for another user's organizer or template, changing nothing", async () => {
    const org = anna.organizerIds[0]!;
    const id = (await meetData())[0]!.id;
    const before = await meetData();
    expect((await call('GET', `${MT}/list?organizer_id=${org}`, boris.token)).status).toBe(404);
    expect((await call('POST', `${MT}/create`, boris.token, { organizer_id: org, name: 'x' })).status).toBe(404);
    expect((await call('POST', `${MT}/update`, boris.token, { id, name: 'hijacked' })).status).toBe(404);
    expect((await call('POST', `${MT}/delete`, boris.token, { id })).status).toBe(404);
    expect(await meetData()).toEqual(before);
  });
});
