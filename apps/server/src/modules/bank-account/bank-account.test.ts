import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MESSAGES, CURRENCIES, type BankAccountListItem } from '@tourdesk/contract';
import { bankAccounts, organizers } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let anna: { organizerIds: number[]; token: string };
let boris: { organizerIds: number[]; token: string };
const P = '/crm/api/organization-bank-account';

const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { errors?: Record<string, string[]> },
  };
};
const rows = () => t.database.db.select().from(bankAccounts).orderBy(bankAccounts.id);

const ru = {
  name: 'Main RUB',
  bank_name: 'Sberbank',
  account_number: '40702810900000000001',
  bik: '044525225',
  correspondent_account: '30101810400000000225',
  currency: 'RUB',
};
const eu = {
  name: 'EUR',
  bank_name: 'Deutsche Bank',
  iban: 'DE89 3704 0044 0532 0130 00',
  swift: 'deutdeff',
  currency: 'EUR',
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@bank.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@bank.example', organizers: ['Kamchatka Tours'] });
  anna = { ...a, token: (await signIn(t.app, 'anna@bank.example')).token };
  boris = { ...b, token: (await signIn(t.app, 'boris@bank.example')).token };
});
afterAll(() => t.close());

describe('bank accounts', () => {
  it('popup-data answers empty defaults and the currencies for a new account', async () => {
    const res = await call('GET', `${P}/popup-data?tour_organizer_id=${anna.organizerIds[0]}`, anna.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      bank_account: {
        id: null,
        tour_organizer_id: anna.organizerIds[0],
        name: '',
        bank_name: '',
        account_number: '',
        bik: '',
        correspondent_account: '',
        iban: '',
        swift: '',
        bank_address: '',
        currency: 'RUB',
        // the first account is the default
        is_default: true,
      },
      currencies: [...CURRENCIES],
    });
  });

  it('creates Russian and international accounts, lists them, and keeps one default', async () => {
    const org = anna.organizerIds[0]!;
    const a = await call('POST', `${P}/create`, anna.token, { tour_organizer_id: org, ...ru, is_default: true });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ ...ru, tour_organizer_id: org, is_default: true, is_own_request_account: false });
    const b = await call('POST', `${P}/create`, anna.token, { tour_organizer_id: org, ...eu, is_default: true });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ iban: 'DE89370400440532013000', swift: 'DEUTDEFF', currency: 'EUR' });
    const list = (await call('GET', `${P}/get-list?tour_organizer_id=${org}`, anna.token))
      .body as unknown as BankAccountListItem[];
    expect(list.map((x) => [x.name, x.is_default])).toEqual([
      ['Main RUB', false],
      ['EUR', true],
    ]);
    const popup = await call('GET', `${P}/popup-data?tour_organizer_id=${org}&id=${a.body.id}`, anna.token);
    expect(popup.body.bank_account).toMatchObject({ id: a.body.id, ...ru });
  });

  it('refuses malformed RU and international details on their fields and writes nothing', async () => {
    const before = await rows();
    const res = await call('POST', `${P}/create`, anna.token, {
      tour_organizer_id: anna.organizerIds[0],
      bank_name: '',
      bik: '04452522',
      account_number: '4070281090000000000',
      correspondent_account: '301018104000000002251',
      iban: 'DE89 3704 0044 0532 0130 01',
      swift: 'DEUT',
      colour: 'red',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      bank_name: ['Required field'],
      bik: [BANK_ACCOUNT_MESSAGES.bik],
      account_number: [BANK_ACCOUNT_MESSAGES.account_number],
      correspondent_account: [BANK_ACCOUNT_MESSAGES.correspondent_account],
      iban: [BANK_ACCOUNT_MESSAGES.iban],
      swift: [BANK_ACCOUNT_MESSAGES.swift],
      colour: ['Unknown field'],
    });
    const none = await call('POST', `${P}/create`, anna.token, {
      tour_organizer_id: anna.organizerIds[0],
      bank_name: 'Bank',
    });
    expect(none.body.errors).toEqual({ account_number: [BANK_ACCOUNT_MESSAGES.account_or_iban] });
    expect(await rows()).toEqual(before);
  });

  it('updates an account; deleting the own-request account clears the organizer’s choice', async () => {
    const org = anna.organizerIds[0]!;
    const created = (
      await call('POST', `${P}/create`, anna.token, { tour_organizer_id: org, ...ru, name: 'Own requests' })
    ).body;
    const upd = await call('POST', `${P}/update`, anna.token, {
      tour_organizer_id: org,
      id: created.id,
      ...ru,
      name: 'Own requests (Sber)',
      bank_address: 'Moscow',
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ id: created.id, name: 'Own requests (Sber)', bank_address: 'Moscow' });

    expect(
      (
        await call('POST', '/crm/api/organizer/update', anna.token, {
          id: org,
          own_request_bank_account_id: created.id,
        })
      ).status,
    ).toBe(200);
    const listed = (await call('GET', `${P}/get-list?tour_organizer_id=${org}`, anna.token))
      .body as unknown as BankAccountListItem[];
    expect(listed.find((x) => x.id === created.id)!.is_own_request_account).toBe(true);

    expect((await call('POST', `${P}/delete`, anna.token, { tour_organizer_id: org, id: created.id })).body).toEqual({
      success: true,
    });
    expect((await rows()).map((r) => r.id)).not.toContain(created.id);
    expect(
      (await t.database.db.select().from(organizers).where(eq(organizers.id, org)))[0]!.own_request_bank_account_id,
    ).toBeNull();
    expect((await call('POST', `${P}/delete`, anna.token, { tour_organizer_id: org, id: created.id })).status).toBe(
      404,
    );
  });

  it('makes the first account the default and hands the default on when the default one is deleted', async () => {
    const org = boris.organizerIds[0]!;
    const list = async () =>
      (
        (await call('GET', `${P}/get-list?tour_organizer_id=${org}`, boris.token))
          .body as unknown as BankAccountListItem[]
      ).map((x) => [x.name, x.is_default]);
    const first = (await call('POST', `${P}/create`, boris.token, { tour_organizer_id: org, ...ru, name: 'First' }))
      .body;
    expect(first.is_default).toBe(true);
    expect(
      (
        (await call('GET', `${P}/popup-data?tour_organizer_id=${org}`, boris.token)).body.bank_account as {
          is_default: boolean;
        }
      ).is_default,
    ).toBe(false);
    const second = (await call('POST', `${P}/create`, boris.token, { tour_organizer_id: org, ...eu, name: 'Second' }))
      .body;
    expect(second.is_default).toBe(false);
    const third = (
      await call('POST', `${P}/create`, boris.token, { tour_organizer_id: org, ...eu, name: 'Third', is_default: true })
    ).body;
    expect(await list()).toEqual([
      ['First', false],
      ['Second', false],
      ['Third', true],
    ]);
    // deleting an account that is not the default changes no default
    await call('POST', `${P}/delete`, boris.token, { tour_organizer_id: org, id: second.id });
    expect(await list()).toEqual([
      ['First', false],
      ['Third', true],
    ]);
    await call('POST', `${P}/delete`, boris.token, { tour_organizer_id: org, id: third.id });
    expect(await list()).toEqual([['First', true]]);
    await call('POST', `${P}/delete`, boris.token, { tour_organizer_id: org, id: first.id });
    expect(await list()).toEqual([]);
  });

  it("answers 404 on every route for another user's organizer or account, changing nothing", async () => {
    const org = anna.organizerIds[0]!;
    const id = (await rows())[0]!.id;
    const before = await rows();
    expect((await call('GET', `${P}/popup-data?tour_organizer_id=${org}&id=${id}`, boris.token)).status).toBe(404);
    expect((await call('GET', `${P}/get-list?tour_organizer_id=${org}`, boris.token)).status).toBe(404);
    expect((await call('POST', `${P}/create`, boris.token, { tour_organizer_id: org, ...ru })).status).toBe(404);
    expect(
      (await call('POST', `${P}/update`, boris.token, { tour_organizer_id: org, id, ...ru, name: 'x' })).status,
    ).toBe(404);
    expect((await call('POST', `${P}/delete`, boris.token, { tour_organizer_id: org, id })).status).toBe(404);
    // boris naming his own organizer with anna's account id
    const own = boris.organizerIds[0]!;
    expect((await call('GET', `${P}/popup-data?tour_organizer_id=${own}&id=${id}`, boris.token)).status).toBe(404);
    expect(
      (await call('POST', `${P}/update`, boris.token, { tour_organizer_id: own, id, ...ru, name: 'x' })).status,
    ).toBe(404);
    expect((await call('POST', `${P}/delete`, boris.token, { tour_organizer_id: own, id })).status).toBe(404);
    expect(await rows()).toEqual(before);
  });
});
