import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest, RoomingList } from '@tourdesk/contract';
import { requests } from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { ROOMING_COLUMNS } from './rooming-list.columns';
import { placeCategories } from './traveller-categories';
import { ageOn } from './rooming-list.service';

let t: TestApp;
type Who = { organizerId: number; token: string };
let anna: Who;
let boris: Who;
let tourId = 0;
let dateId = 0;
let otherDateId = 0;
const ids: Record<'olga' | 'ivan' | 'done' | 'canceled' | 'pending' | 'elsewhere', number> = {
  olga: 0,
  ivan: 0,
  done: 0,
  canceled: 0,
  pending: 0,
  elsewhere: 0,
};
const R = '/crm/api/request';
const START = '2030-07-10';

const get = (path: string, who: Who | null, lang: 'en' | 'ru' = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `${R}/${path}`,
    remoteAddress: nextIp(),
    headers: { ...(who ? bearer(who.token) : {}), 'x-language': lang },
  });
const post = async (url: string, who: Who, payload: object): Promise<Record<string, unknown>> => {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(who.token), payload, remoteAddress: nextIp() });
  if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
};
let keyN = 0;
/** A request through the core's own route, confirmed unless asked not to be. */
const book = async (
  departure: number,
  count: number,
  tourists: object[],
  contact: string,
  confirm = true,
): Promise<number> => {
  const r = (await post(`${R}/create-request-with-own-type`, anna, {
    tour_organizer_id: anna.organizerId,
    tour_id: tourId,
    tour_date_id: departure,
    tourists_count: count,
    customer_name: contact,
    customer_email: `${contact.split(' ')[0]!.toLowerCase()}@example.com`,
    customer_phone: '+79160000001',
    tourists,
    idempotency_key: `rooming-key-${++keyN}`,
  })) as unknown as BookingRequest;
  if (confirm) await post(`${R}/confirm`, anna, { id: r.request_id });
  return r.request_id;
};
const setStatus = (id: number, status: number) =>
  t.database.db.update(requests).set({ status }).where(eq(requests.id, id));

/** RFC 4180 with the language's separator: quoted fields may hold separators, quotes (doubled) and line breaks. */
const parseCsv = (text: string, sep = ';'): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@rooming.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@rooming.example', organizers: ['Kamchatka Tours'] });
  anna = { organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@rooming.example')).token };
  boris = { organizerId: b.organizerIds[0]!, token: (await signIn(t.app, 'boris@rooming.example')).token };
  tourId = (
    await post('/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Altai; the "Golden" Mountains' })
  ).id as number;
  const departure = (date_start: string, date_end: string) =>
    post('/crm/api/tour/save-date', anna, { tour_id: tourId, date_start, date_end, price: 50000, number_of_seats: 20 });
  dateId = (await departure(START, '2030-07-15')).id as number;
  otherDateId = (await departure('2030-08-01', '2030-08-03')).id as number;

  ids.olga = await book(
    dateId,
    2,
    [
      {
        first_name: 'Olga',
        last_name: 'Petrova',
        middle_name: 'Ivanovna',
        birthday: '1988-07-11', // turns 42 the day after the start
        passport: '45 10 123456',
        phone: '+79161234567',
        email: 'olga@example.com',
        food_restriction: 'vegetarian; no nuts',
        is_contact_person: true,
        needs_transfer: true,
      },
      // a child: no phone of its own is needed
      { first_name: 'Masha', last_name: 'Petrova', birthday: '2020-07-10', is_child: true },
    ],
    'Olga Petrova',
  );
  // three places, one named, without a passport, birthday or phone
  ids.ivan = await book(
    dateId,
    3,
    [{ first_name: 'Ivan', last_name: 'Sidorov', food_restriction: '=HYPERLINK("x")' }],
    'Ivan Sidorov',
  );
  await setStatus(ids.ivan, 3); // prepaid
  ids.done = await book(
    dateId,
    1,
    [{ first_name: 'Anna', last_name: 'Kim', birthday: '1990-01-01', passport: 'P1', phone: '+79160000009' }],
    'Anna Kim',
  );
  await setStatus(ids.done, 4); // after the trip
  ids.canceled = await book(dateId, 1, [{ first_name: 'Gone', last_name: 'Away' }], 'Gone Away');
  await post(`${R}/cancel`, anna, { id: ids.canceled, message: 'plans changed', notify_client: false });
  ids.pending = await book(dateId, 1, [{ first_name: 'Not', last_name: 'Yet' }], 'Not Yet', false);
  ids.elsewhere = await book(otherDateId, 1, [{ first_name: 'Other', last_name: 'Date' }], 'Other Date');
});
afterAll(() => t.close());

describe('rooming-list', () => {
  it('lists every traveller of the confirmed, prepaid and completed requests, unnamed places too, with missing data flagged', async () => {
    const res = await get(`rooming-list?tour_date_id=${dateId}`, anna);
    expect(res.statusCode).toBe(200);
    const list = res.json() as RoomingList;
    expect(list.departure).toEqual({
      id: dateId,
      tour_id: tourId,
      tour_name: 'Altai; the "Golden" Mountains',
      tour_organizer_id: anna.organizerId,
      date_start: START,
      date_end: '2030-07-15',
      time_start: '',
      tour_variant: '',
      number_of_seats: 20,
      number_of_free_seats: 20 - 2 - 3 - 1 - 1, // the pending request holds its seat; the canceled one gave it back
    });
    expect(list.rows.map((r) => [r.request_id, r.request_status, r.position, r.full_name])).toEqual([
      [ids.olga, 2, 1, 'Petrova Olga Ivanovna'],
      [ids.olga, 2, 2, 'Petrova Masha'],
      [ids.ivan, 3, 1, 'Sidorov Ivan'],
      [ids.ivan, 3, 2, ''],
      [ids.ivan, 3, 3, ''],
      [ids.done, 4, 1, 'Kim Anna'],
    ]);
    const [olga, masha, ivan, unnamed] = list.rows;
    expect(olga).toEqual({
      tourist_id: expect.any(Number),
      request_id: ids.olga,
      request_status: 2,
      position: 1,
      full_name: 'Petrova Olga Ivanovna',
      first_name: 'Olga',
      last_name: 'Petrova',
      middle_name: 'Ivanovna',
      birthday: '1988-07-11',
      age: 41,
      passport: '45 10 123456',
      phone: '+79161234567',
      email: 'olga@example.com',
      food_restriction: 'vegetarian; no nuts',
      is_contact_person: true,
      is_child: false,
      needs_transfer: true,
      category: { code: 'adult', name_en: 'Adult', name_ru: 'Взрослый' },
      contact_name: 'Olga Petrova',
      contact_phone: '+79160000001',
      contact_email: 'olga@example.com',
      missing: { name: false, passport: false, birthday: false, phone: false },
    });
    expect(masha).toMatchObject({
      age: 10,
      is_child: true,
      missing: { name: false, passport: true, birthday: false, phone: false },
    });
    expect(ivan).toMatchObject({ age: null, missing: { name: false, passport: true, birthday: true, phone: true } });
    expect(unnamed).toMatchObject({
      tourist_id: null,
      contact_name: 'Ivan Sidorov',
      missing: { name: true, passport: true, birthday: true, phone: true },
    });
    expect(list.totals).toEqual({
      requests: 3,
      tourists: 6,
      children: 1,
      needs_transfer: 1,
      with_food_restriction: 2,
      missing_name: 2,
      missing_passport: 4,
      missing_birthday: 3,
      missing_phone: 3,
      with_missing_data: 4,
    });
    // nothing of the canceled, pending or other departure's requests
    const text = res.body;
    for (const name of ['Gone', 'Not', 'Other']) expect(text).not.toContain(`"${name}"`);
  });

  it('answers an empty list for a departure nobody has booked', async () => {
    const fresh = (await post('/crm/api/tour/save-date', anna, {
      tour_id: tourId,
      date_start: '2030-09-01',
      date_end: '2030-09-02',
      price: 100,
      number_of_seats: 4,
    })) as { id: number };
    const list = (await get(`rooming-list?tour_date_id=${fresh.id}`, anna)).json() as RoomingList;
    expect(list.rows).toEqual([]);
    expect(list.totals).toMatchObject({ requests: 0, tourists: 0, with_missing_data: 0 });
  });

  it('exports CSV for Excel: UTF-8 with a BOM, semicolons, CRLF, quoted where needed, formulas neutralised; parses back', async () => {
    const res = await get(`rooming-list-csv?tour_date_id=${dateId}`, anna, 'ru');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="______ ________ Altai; the Golden Mountains 2030-07-10.csv"; filename*=UTF-8''${encodeURIComponent('Список туристов Altai; the Golden Mountains 2030-07-10')}.csv`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      '№',
      'Заявка',
      'Фамилия',
      'Имя',
      'Отчество',
      'Дата рождения',
      'Возраст на начало',
      'Категория',
      'Ребёнок',
      'Паспорт',
      'Телефон',
      'E-mail',
      'Ограничения в питании',
      'Трансфер',
      'Контактное лицо',
      'Телефон контакта',
      'E-mail контакта',
      'Не хватает данных',
    ]);
    expect(rows).toHaveLength(7);
    expect(rows[1]).toEqual([
      '1',
      String(ids.olga),
      'Petrova',
      'Olga',
      'Ivanovna',
      '11.07.1988',
      '41',
      'Взрослый',
      'нет',
      '45 10 123456',
      '+79161234567', // a phone number stays as it is
      'olga@example.com',
      'vegetarian; no nuts',
      'да',
      'Olga Petrova',
      '+79160000001',
      'olga@example.com',
      '',
    ]);
    expect(rows[2]![15]).toBe('+79160000001');
    expect(rows[2]![17]).toBe('паспорт');
    // a formula is text in a spreadsheet: a leading apostrophe
    expect(rows[3]![12]).toBe(`'=HYPERLINK("x")`);
    expect(rows[3]![17]).toBe('паспорт, дата рождения, телефон');
    expect(rows[4]!.slice(2, 5)).toEqual(['', '', '']);
    expect(rows[4]![17]).toBe('ФИО, паспорт, дата рождения, телефон');
    // in English the dates are ISO
    const en = parseCsv(
      (await get(`rooming-list-csv?tour_date_id=${dateId}`, anna, 'en')).rawPayload.subarray(3).toString('utf8'),
      ',',
    );
    expect(en[0]![0]).toBe('No');
    expect(en[1]![5]).toBe('1988-07-11');
    expect(en[1]![7]).toBe('Adult');
    expect(en[1]![8]).toBe('no');
  });

  it('exports XLSX: a bold frozen heading row, sized columns, real dates and numbers, the departure on a second sheet', async () => {
    const res = await get(`rooming-list-xlsx?tour_date_id=${dateId}`, anna, 'ru');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Список туристов', 'Заезд']);
    const sheet = wb.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = sheet.getRow(1);
    expect(header.getCell(1).value).toBe('№');
    expect(header.getCell(6).value).toBe('Дата рождения');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(18).font?.bold).toBe(true);
    expect(sheet.columns.map((c) => c.width)).toEqual(ROOMING_COLUMNS.map((c) => c.width));
    expect(sheet.rowCount).toBe(7);
    const olga = sheet.getRow(2);
    expect(olga.getCell(2).value).toBe(ids.olga);
    expect(olga.getCell(3).value).toBe('Petrova');
    const birthday = olga.getCell(6);
    expect(birthday.value).toBeInstanceOf(Date);
    expect((birthday.value as Date).toISOString()).toBe('1988-07-11T00:00:00.000Z');
    expect(birthday.numFmt).toBe('dd.mm.yyyy');
    expect(olga.getCell(7).value).toBe(41);
    expect(olga.getCell(8).value).toBe('Взрослый');
    expect(olga.getCell(13).value).toBe('vegetarian; no nuts');
    // a formula stays text in a workbook: no cell holds a formula
    expect(sheet.getRow(4).getCell(13).value).toBe('=HYPERLINK("x")');
    expect(sheet.getRow(4).getCell(13).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(5).getCell(6).value).toBeNull();
    expect(sheet.getRow(5).getCell(18).value).toBe('ФИО, паспорт, дата рождения, телефон');

    const info = wb.worksheets[1]!;
    const pairs = Object.fromEntries(
      info.getSheetValues().flatMap((row) => (Array.isArray(row) ? [[row[1] as string, row[2] as unknown]] : [])),
    );
    expect(pairs['Тур']).toBe('Altai; the "Golden" Mountains');
    expect(pairs['Начало']).toEqual(new Date(`${START}T00:00:00Z`));
    expect(pairs['Свободно мест']).toBe(13);
    expect(pairs['Туристов']).toBe(6);
    expect(pairs['Без паспорта']).toBe(4);
  });

  it('is the departure’s organizer’s only: 404 to another tenant and for an unknown departure, 422 for a bad id, 401 without a token', async () => {
    for (const path of ['rooming-list', 'rooming-list-csv', 'rooming-list-xlsx']) {
      const other = await get(`${path}?tour_date_id=${dateId}`, boris);
      expect(other.statusCode, path).toBe(404);
      expect(other.json()).toEqual(expect.objectContaining({ message: 'Departure not found' }));
      expect(other.body).not.toContain('Petrova');
      expect((await get(`${path}?tour_date_id=2000000`, anna)).statusCode).toBe(404);
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999'])
        expect((await get(`${path}?tour_date_id=${bad}`, anna)).statusCode, `${path} ${bad}`).toBe(422);
      expect((await get(path, anna)).statusCode).toBe(422);
      expect((await get(`${path}?tour_date_id=${dateId}`, null)).statusCode).toBe(401);
    }
  });
});

describe('ageOn', () => {
  it.each([
    ['1988-07-11', '2030-07-10', 41],
    ['1988-07-10', '2030-07-10', 42],
    ['2000-02-29', '2030-02-28', 29],
    ['2000-02-29', '2030-03-01', 30],
    ['2030-07-11', '2030-07-10', null],
    [null, '2030-07-10', null],
  ])('%s on %s → %s', (birthday, day, age) => expect(ageOn(birthday, day)).toBe(age));
});

describe('each traveller’s category', () => {
  const line = (category_id: number, code: string, count: number) => ({
    category_id,
    code,
    name_en: code,
    name_ru: code,
    count,
    unit_minor: 0,
    takes_seat: true,
  });
  it('a named tourist has its own; the places not named yet take what the named left, in the lines’ order', () => {
    const lines = [line(1, 'adult', 2), line(2, 'child', 1), line(3, 'infant', 1)];
    const { named, unnamed } = placeCategories(lines, [{ category_id: 2 }, { category_id: null }], 2);
    expect(named.map((c) => c?.code)).toEqual(['child', 'adult']);
    expect(unnamed.map((c) => c?.code)).toEqual(['adult', 'infant']);
    // a request without lines (no tour) has no category
    expect(placeCategories([], [{ category_id: null }], 1)).toEqual({ named: [null], unnamed: [null] });
  });
});
