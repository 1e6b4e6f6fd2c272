import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractTemplates, invoices, requests } from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { DEFAULT_TEMPLATES } from '../template/defaults';
import { htmlToPdfContent, parseHtml } from './request-contract.html';
import { NO_VALUE, PLACEHOLDER_KEYS } from './request-contract.values';

let t: TestApp;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
let boris: Who;
let tourId = 0;
let dateId = 0;
let requestId = 0;
let bareRequestId = 0;

const TOUR = 'Золотые горы Алтая';
const inject = (url: string, who: Who | null, lang: 'en' | 'ru' = 'en') =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: nextIp(),
    headers: { ...(who ? bearer(who.token) : {}), 'x-language': lang },
  });
const download = (id: number | string, who: Who | null, opts: { stamp?: 0 | 1; lang?: 'en' | 'ru' } = {}) =>
  inject(`/crm/api/request/download-contract?id=${id}&use_stamp=${opts.stamp ?? 0}`, who, opts.lang);
const post = async (url: string, who: Who, payload: object): Promise<Record<string, unknown>> => {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(who.token), payload, remoteAddress: nextIp() });
  if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
};
/** The PDF's text on one line: line breaks and (no-break) spaces as single spaces. */
const pdfText = async (bytes: Buffer): Promise<string> =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, ' ');
/**
 * How many images the PDF holds: its image objects less the soft masks (a transparent PNG's alpha is an
 * image of its own). The writer leaves object dictionaries uncompressed and embeds an image once.
 * (pdf.js's operator list would count drawings, but it needs Node 22's ArrayBuffer#transferToFixedLength.)
 */
const imagesDrawn = (bytes: Buffer): number => {
  const raw = bytes.toString('latin1');
  return (raw.match(/\/Subtype\s*\/Image\b/g) ?? []).length - (raw.match(/\/SMask\s+\d+\s+0\s+R/g) ?? []).length;
};
const uploadImage = async (who: Who, color: { r: number; g: number; b: number }, name: string): Promise<number> => {
  // a transparent PNG, as signatures and stamps are scanned
  const png = await sharp({ create: { width: 320, height: 160, channels: 4, background: { ...color, alpha: 0.6 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  form.append('organizer_id', String(who.organizerId));
  form.append('is_public', 'false');
  const req = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/crm/api/image/upload',
    headers: { ...bearer(who.token), 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
};
const setTemplate = async (content: string, isDefault = true, name = 'Contract'): Promise<number> =>
  (
    await post('/crm/api/organizer-contract-template/create', anna, {
      organizer_id: anna.organizerId,
      name,
      type: 'contract',
      content,
      is_default: isDefault,
    })
  ).id as number;
const dropTemplates = () => t.database.db.delete(contractTemplates);

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@contract.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@contract.example', organizers: ['Kamchatka Tours'] });
  anna = {
    userId: a.userId,
    organizerId: a.organizerIds[0]!,
    token: (await signIn(t.app, 'anna@contract.example')).token,
  };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@contract.example')).token,
  };
  const sign = await uploadImage(anna, { r: 20, g: 40, b: 160 }, 'sign.png');
  const stamp = await uploadImage(anna, { r: 160, g: 20, b: 60 }, 'stamp.png');
  await post('/crm/api/organizer/update', anna, {
    id: anna.organizerId,
    timezone: 'Asia/Barnaul',
    legal_entity: {
      legal_form: 'company',
      legal_name: 'ООО «Алтай Трейлс»',
      inn: '2224123456',
      kpp: '222401001',
      ogrn: '1022200123456',
      vat_id: 'RU2224123456',
    },
    director: {
      first_name: 'Анна',
      last_name: 'Соколова',
      middle_name: 'Петровна',
      position: 'Генеральный директор',
      acts_on_basis_of: 'Устава',
    },
    contacts: { email: 'hello@altai-trails.example', phone: '+79991234567' },
    legal_address: {
      country: 'RU', // as the profile form stores it: a code, printed by its name
      region: 'Алтайский край',
      city: 'Барнаул',
      street: 'ул. Ленина, 12',
      post_code: '656000',
    },
    is_postal_address_same_as_legal: false,
    postal_address: { country: 'Россия', city: 'Бийск', street: 'а/я 7', post_code: '659300' },
    sign_image_id: sign,
    stamp_image_id: stamp,
  });
  await post('/crm/api/organization-bank-account/create', anna, {
    tour_organizer_id: anna.organizerId,
    bank_name: 'Сбербанк',
    account_number: '40702810000000000001',
    bik: '044525225',
    correspondent_account: '30101810400000000225',
    iban: 'DE89370400440532013000',
    swift: 'SABRRUMM',
  });
  tourId = (
    await post('/crm/api/tour/create', anna, {
      organizer_id: anna.organizerId,
      name: TOUR,
      duration: 3,
      gathering_place: 'Вокзал Горно-Алтайска',
      in_price: 'Гид\nПитание в горах.',
      not_in_price: 'Авиабилеты.',
      use_standard_cancellation_terms: false,
      penalties: [
        { days_before: 7, percent: 50 },
        { days_before: 30, percent: 20 },
      ],
      program: [
        { day: 1, title: 'Прибытие', description: '<p>Встреча группы.</p>' },
        { day: 2, title: 'Телецкое озеро' },
        { day: 3, title: 'Отъезд' },
      ],
    })
  ).id as number;
  dateId = (
    await post('/crm/api/tour/save-date', anna, {
      tour_id: tourId,
      date_start: '2030-06-12',
      date_end: '2030-06-14',
      price: 85000,
      number_of_seats: 12,
      prepayment_type: 'percent',
      prepayment_size: 30,
      full_payment_days: 10,
    })
  ).id as number;
  // the request through the core's own route (priced: 85 000.50 × 3, no discount), then confirmed
  const book = async (who: Who, body: object): Promise<number> => {
    const r = await post('/crm/api/request/create-request-with-own-type', who, {
      idempotency_key: `contract-test-${who.organizerId}-${Date.now()}`,
      ...body,
    });
    await post('/crm/api/request/confirm', who, { id: r.request_id });
    return r.request_id as number;
  };
  requestId = await book(anna, {
    tour_organizer_id: anna.organizerId,
    tour_id: tourId,
    tour_date_id: dateId,
    tourists_count: 3,
    unit_price: 85000.5,
    customer_name: 'Ольга Петрова',
    customer_email: 'olga@example.com',
    customer_phone: '+79161234567',
    tourists: [
      {
        first_name: 'Ольга',
        last_name: 'Петрова',
        middle_name: 'Ивановна',
        birthday: '1988-03-14',
        passport: '45 10 123456',
        phone: '+79161234567',
        email: 'olga@example.com',
        is_contact_person: true,
      },
      { first_name: 'Иван', last_name: 'Петров', birthday: '1986-11-02' },
    ],
  });
  // the contract's date is the request's: fixed, so the text is known (2 March in Barnaul, UTC+7)
  await t.database.db
    .update(requests)
    .set({ created_at: new Date('2030-03-01T20:30:00Z') })
    .where(eq(requests.id, requestId));
  const stored = (await t.database.db.select().from(requests).where(eq(requests.id, requestId)))[0]!;
  expect([stored.status, stored.total_minor, stored.unit_price_minor]).toEqual([2, 25_500_150, 8_500_050]);
  // a request of a bare organizer: nothing but its name (Boris's), to see every gap become a dash
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
  bareRequestId = await book(boris, {
    tour_organizer_id: boris.organizerId,
    tour_id: borisTour,
    tour_date_id: borisDate,
    tourists_count: 1,
    customer_name: 'Ed',
  });
});
afterAll(() => t.close());

describe('download-contract', () => {
  it('renders the shipped contract when the organizer has none, filled from the request, in the caller’s language', async () => {
    const res = await download(requestId, anna, { lang: 'ru' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-contract-template']).toBe('shipped');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_______ _ ${requestId}.pdf"; filename*=UTF-8''${encodeURIComponent(`Договор № ${requestId}`)}.pdf`,
    );
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      `Договор № ${requestId} о реализации туристского продукта`,
      '2 марта 2030 г.', // created in the organizer's time zone
      // the position and the name declined after «в лице»
      'ООО «Алтай Трейлс» в лице Генерального директора Соколовой Анны Петровны, действующего на основании Устава',
      'и Петрова Ольга Ивановна (Заказчик)',
      `по туру «${TOUR}» с 12 июня 2030 г. по 14 июня 2030 г. для 3 туристов`,
      'Петрова Ольга Ивановна (14 марта 1988 г.), Петров Иван (2 ноября 1986 г.), и ещё 1',
      'Общая стоимость — 255 001,50 RUB, предоплата — 76 500,45 RUB', // 30 % of the total, half up
      'Входит в стоимость: Гид; Питание в горах. Не входит: Авиабилеты. ', // one full stop each
      // the tour's own penalties, listed
      'Штрафы при отказе Заказчика от тура: 20 % от общей стоимости при отказе за 30 дней и менее до начала; 50 % от общей стоимости при отказе за 7 дней и менее до начала.',
      'ООО «Алтай Трейлс», ИНН 2224123456, КПП 222401001, ОГРН 1022200123456, VAT RU2224123456, 656000, Россия, Алтайский край, Барнаул, ул. Ленина, 12',
      'Банк: Сбербанк, р/с 40702810000000000001, БИК 044525225, к/с 30101810400000000225, IBAN DE89370400440532013000, SWIFT SABRRUMM',
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/[{}]/);
    expect(text).not.toContain('..');
    expect(text).not.toContain('RU,');
    // the shipped template places the signature; without use_stamp the stamp is not drawn
    expect(imagesDrawn(res.rawPayload)).toBe(1);

    const en = await download(requestId, anna, { lang: 'en' });
    expect(en.headers['content-disposition']).toContain(`filename="Contract No ${requestId}.pdf"`);
    const enText = await pdfText(en.rawPayload);
    expect(enText).toContain(`Contract No ${requestId} for tourist services`);
    expect(enText).toContain(
      'from June 12, 2030 to June 14, 2030 for 3 tourist(s): Ольга Ивановна Петрова (March 14, 1988), Иван Петров (November 2, 1986), and 1 more.',
    );
    expect(enText).toContain('The total price is 255,001.50 RUB; the prepayment is 76,500.45 RUB');
    // names in the English order: given name first
    expect(enText).toContain('and Ольга Ивановна Петрова (the Customer)');
    expect(enText).toContain(
      'Penalties if the Customer cancels: 20 % of the total price 30 days or fewer before the start; 50 % of the total price 7 days or fewer before the start.',
    );
    // the English contract keeps the Russian company's KPP and OGRN; the country in English
    expect(enText).toContain(
      'ООО «Алтай Трейлс», TIN 2224123456, KPP 222401001, OGRN 1022200123456, VAT ID RU2224123456, 656000, Russia, Алтайский край',
    );
    expect(enText).toContain('Bank: Сбербанк, account 40702810000000000001, BIK 044525225');
    expect(enText).not.toContain('..');
  });

  it('draws one more image with use_stamp=1: the stamp beside the signature', async () => {
    const without = await download(requestId, anna, { stamp: 0 });
    const withStamp = await download(requestId, anna, { stamp: 1 });
    expect(withStamp.statusCode).toBe(200);
    expect(imagesDrawn(without.rawPayload)).toBe(1);
    expect(imagesDrawn(withStamp.rawPayload)).toBe(2);
  });

  it('fills every placeholder the editor offers from a template of the organizer (plain, chips, doubled braces), leaving none', async () => {
    await dropTemplates();
    // each placeholder on a line of its own, labelled: as plain text, as the editor's chip, or {{doubled}}
    const lines = PLACEHOLDER_KEYS.map((key, i) => {
      const id = key.slice(1, -1);
      const ph = [key, `<span data-type="placeholder" data-id="${id}">${key}</span>`, `{${key}}`][i % 3]!;
      return `<p>${id}=${ph};</p>`;
    });
    await setTemplate(`<h2>Договор</h2>${lines.join('')}`);
    // a prepayment invoice: the invoice placeholders read it
    const [invoice] = await t.database.db
      .insert(invoices)
      .values({
        request_id: requestId,
        organizer_id: anna.organizerId,
        payment_type: 'prepayment',
        title: 'Предоплата по договору',
        amount_minor: 5_000_000,
        currency: 'RUB',
        public_token: 'contract-test-token-1',
      })
      .returning();
    try {
      const res = await download(requestId, anna, { stamp: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-contract-template']).toBe('default');
      const text = await pdfText(res.rawPayload);
      expect(text).not.toMatch(/[{}]/);
      const expected: Record<string, string> = {
        'organizer.name': 'Altai Trails',
        'organizer.legal_name': 'ООО «Алтай Трейлс»',
        'organizer.inn': '2224123456',
        'organizer.kpp': '222401001',
        'organizer.ogrn': '1022200123456',
        'organizer.vat_id': 'RU2224123456',
        'organizer.legal_address': '656000, Россия, Алтайский край, Барнаул, ул. Ленина, 12',
        'organizer.requisites':
          'ИНН 2224123456, КПП 222401001, ОГРН 1022200123456, VAT RU2224123456, 656000, Россия, Алтайский край, Барнаул, ул. Ленина, 12',
        'organizer.director_position_genitive': 'Генерального директора',
        'organizer.director_full_name_genitive': 'Соколовой Анны Петровны',
        'organizer.postal_address': '659300, Россия, Бийск, а/я 7',
        'organizer.director_full_name': 'Соколова Анна Петровна',
        'organizer.director_position': 'Генеральный директор',
        'organizer.acts_on_basis_of': 'Устава',
        'organizer.email': 'hello@altai-trails.example',
        'organizer.phone': '+79991234567',
        'organizer.sign': '', // drawn: an image
        'organizer.stamp': '', // drawn: an image
        'tour.name': TOUR,
        'tour.duration': '3',
        'tour.gathering_place': 'Вокзал Горно-Алтайска',
        'tour.in_price': 'Гид; Питание в горах',
        'tour.not_in_price': 'Авиабилеты',
        'tour.program': 'День 1. Прибытие Встреча группы. День 2. Телецкое озеро День 3. Отъезд',
        'tour.penalties':
          '20 % от общей стоимости при отказе за 30 дней и менее до начала; 50 % от общей стоимости при отказе за 7 дней и менее до начала',
        'tour_date.date_start': '12 июня 2030 г.',
        'tour_date.date_end': '14 июня 2030 г.',
        'tour_date.price': '85 000,50',
        'request.id': String(requestId),
        'request.created_at': '2 марта 2030 г.',
        'request.tourists_count': '3',
        'request.total_price': '255 001,50',
        'request.price_lines': 'Взрослый × 3: 255 001,50',
        'request.prepayment': '50 000', // the prepayment invoice's amount
        'request.currency': 'RUB',
        'tourist.full_name': 'Петрова Ольга Ивановна',
        'tourist.birthday': '14 марта 1988 г.',
        'tourist.passport': '45 10 123456',
        'tourist.phone': '+79161234567',
        'tourist.email': 'olga@example.com',
        'tourists.list': 'Петрова Ольга Ивановна (14 марта 1988 г.), Петров Иван (2 ноября 1986 г.), и ещё 1',
        'invoice.id': String(invoice!.id),
        'invoice.amount': '50 000',
        'invoice.title': 'Предоплата по договору',
        'invoice.due_date': '2 июня 2030 г.', // full_payment_days 10 before the start
        'bank_account.bank_name': 'Сбербанк',
        'bank_account.account_number': '40702810000000000001',
        'bank_account.bik': '044525225',
        'bank_account.correspondent_account': '30101810400000000225',
        'bank_account.iban': 'DE89370400440532013000',
        'bank_account.swift': 'SABRRUMM',
        'bank_account.requisites':
          'Банк: Сбербанк, р/с 40702810000000000001, БИК 044525225, к/с 30101810400000000225, IBAN DE89370400440532013000, SWIFT SABRRUMM',
      };
      expect(Object.keys(expected).sort()).toEqual(PLACEHOLDER_KEYS.map((k) => k.slice(1, -1)).sort());
      for (const [id, value] of Object.entries(expected)) expect(text).toContain(`${id}=${value};`.replace('=;', '='));
      // the signature and the stamp are drawn where the template places them, no block added
      expect(imagesDrawn(res.rawPayload)).toBe(2);
    } finally {
      await t.database.db.delete(invoices).where(eq(invoices.id, invoice!.id));
    }
  });

  it('puts a dash for what the organizer has not given, a line to sign on without a signature, and unknown placeholders go', async () => {
    const res = await download(bareRequestId, boris, { stamp: 1, lang: 'en' });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).not.toMatch(/[{}]/);
    expect(text).toContain(`Contract No ${bareRequestId} for tourist services`);
    expect(text).toContain(
      `Kamchatka Tours, represented by ${NO_VALUE} ${NO_VALUE}, acting on the basis of ${NO_VALUE}`,
    );
    expect(text).toContain('and Ed (the Customer)');
    // no requisites, no bank account, no penalties: a dash each, no label before a gap
    expect(text).toContain(`Kamchatka Tours, ${NO_VALUE}`);
    expect(text).not.toContain('TIN');
    expect(text).not.toContain('IBAN');
    expect(text).toContain('Penalties if the Customer cancels: none.');
    expect(text).toContain('____________________');
    // no stored signature or stamp: nothing to draw, use_stamp or not
    expect(imagesDrawn(res.rawPayload)).toBe(0);
  });

  it('takes the template an invoice names over the default one, and the default over the shipped one', async () => {
    await dropTemplates();
    const defaultId = await setTemplate('<p>Default contract {request.id}</p>', true, 'Default');
    const named = await setTemplate('<p>Invoice contract {request.id}</p>', false, 'Named');
    // a template of another type, even default, is no contract
    await post('/crm/api/organizer-contract-template/create', anna, {
      organizer_id: anna.organizerId,
      name: 'Voucher',
      type: 'voucher',
      content: '<p>Voucher</p>',
      is_default: true,
    });
    let res = await download(requestId, anna);
    expect(res.headers['x-contract-template']).toBe('default');
    expect(await pdfText(res.rawPayload)).toContain(`Default contract ${requestId}`);

    const [invoice] = await t.database.db
      .insert(invoices)
      .values({
        request_id: requestId,
        organizer_id: anna.organizerId,
        payment_type: 'payment',
        amount_minor: 100_000,
        currency: 'RUB',
        contract_id: named,
        public_token: 'contract-test-token-2',
      })
      .returning();
    res = await download(requestId, anna);
    expect(res.headers['x-contract-template']).toBe('invoice');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Invoice contract ${requestId}`);
    // that template places no signature: a signature block closes the contract, with the director
    // (an English template: the director's name in the English order)
    expect(text).toContain('Генеральный директор Анна Петровна Соколова');
    expect(imagesDrawn(res.rawPayload)).toBe(1);
    expect(imagesDrawn((await download(requestId, anna, { stamp: 1 })).rawPayload)).toBe(2);

    // a canceled invoice names nothing any more
    await t.database.db.update(invoices).set({ status: 3 }).where(eq(invoices.id, invoice!.id));
    expect((await download(requestId, anna)).headers['x-contract-template']).toBe('default');

    // no default template of type contract: the shipped one
    await t.database.db.update(contractTemplates).set({ is_default: false }).where(eq(contractTemplates.id, defaultId));
    res = await download(requestId, anna, { lang: 'ru' });
    expect(res.headers['x-contract-template']).toBe('shipped');
    await dropTemplates();
  });

  it('answers 404 for another organizer’s or an unknown request, 422 for a bad id or use_stamp, 401 without a token', async () => {
    const other = await download(requestId, boris);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'Request not found' });
    expect(other.headers['content-type']).toMatch(/^application\/json/);
    expect((await download(2_000_000, anna)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999'])
      expect((await download(bad, anna)).statusCode, bad).toBe(422);
    const badStamp = await inject(`/crm/api/request/download-contract?id=${requestId}&use_stamp=2`, anna);
    expect(badStamp.statusCode).toBe(422);
    expect(Object.keys((badStamp.json() as { errors: object }).errors)).toEqual(['use_stamp']);
    expect((await inject(`/crm/api/request/download-contract`, anna)).statusCode).toBe(422);
    expect((await download(requestId, null)).statusCode).toBe(401);
  });

  it('renders in well under a second', async () => {
    await download(requestId, anna, { stamp: 1 }); // warm
    // the best of three: a busy test machine delays a run, not the route
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await download(requestId, anna, { stamp: 1 });
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
    }
    expect(Math.min(...times)).toBeLessThan(1000);
  });
});

describe('template HTML to PDF content', () => {
  it('parses the sanitizer’s output: entities, attributes, void and unclosed tags', () => {
    expect(
      parseHtml('<p style="text-align:center">A &amp; B &laquo;x&raquo;<br />C</p><ul><li>one<li>two</ul>'),
    ).toEqual([
      {
        tag: 'p',
        attrs: { style: 'text-align:center' },
        children: ['A & B «x»', { tag: 'br', attrs: {}, children: [] }, 'C'],
      },
      {
        tag: 'ul',
        attrs: {},
        children: [{ tag: 'li', attrs: {}, children: ['one', { tag: 'li', attrs: {}, children: ['two'] }] }],
      },
    ]);
  });

  it('keeps headings, bold, italic, underline, links, lists, quotes, tables with spans, and fills placeholders in them', () => {
    const content = htmlToPdfContent(
      '<h2 style="text-align:center">Title {x.y}</h2><p><strong>Bold</strong> and <em>italic <u>under</u></em> <a href="https://a.example">link</a></p>' +
        '<ol><li><p>First</p></li><li>Second<ul><li>Inner</li></ul></li></ol><blockquote><p>Quote</p></blockquote>' +
        '<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td rowspan="2">A</td><td>B</td></tr><tr><td>C</td></tr></tbody></table><p></p><p>{a.b}</p><p>{{ x.y }} and {{x.y}}</p>',
      { values: { '{x.y}': 'filled' }, unknown: '—' },
    );
    expect(content[0]).toMatchObject({
      alignment: 'center',
      fontSize: 15,
      text: [{ text: 'Title filled', bold: true }],
    });
    expect(content[1]).toMatchObject({
      text: [
        { text: 'Bold', bold: true },
        { text: ' and ' },
        { text: 'italic ', italics: true },
        { text: 'under', italics: true, decoration: 'underline' },
        { text: ' ' },
        { text: 'link', link: 'https://a.example', decoration: 'underline' },
      ],
    });
    expect(content[2]).toMatchObject({
      ol: [
        { text: [{ text: 'First' }] },
        { stack: [{ text: [{ text: 'Second' }] }, { ul: [{ text: [{ text: 'Inner' }] }] }] },
      ],
    });
    expect(content[3]).toMatchObject({ stack: [{ text: [{ text: 'Quote' }] }], margin: [14, 0, 0, 6] });
    const table = content[4] as { table: { headerRows: number; widths: string[]; body: unknown[][] } };
    expect(table.table.headerRows).toBe(1);
    expect(table.table.widths).toEqual(['*', '*']);
    expect(table.table.body).toMatchObject([
      [{ colSpan: 2, stack: [{ text: [{ text: 'Head', bold: true }] }] }, {}],
      [{ rowSpan: 2, stack: [{ text: [{ text: 'A' }] }] }, { stack: [{ text: [{ text: 'B' }] }] }],
      [{}, { stack: [{ text: [{ text: 'C' }] }] }],
    ]);
    // an empty paragraph keeps its line; an unknown placeholder is replaced, never left
    expect(content[5]).toMatchObject({ text: '\u00a0' });
    expect(content[6]).toMatchObject({ text: [{ text: '—' }] });
    // the double-brace spelling is the same placeholder
    expect(content[7]).toMatchObject({ text: [{ text: 'filled and filled' }] });
  });

  it('the shipped contracts use only placeholders that get a value', () => {
    for (const html of Object.values(DEFAULT_TEMPLATES.contract))
      for (const used of html.match(/\{[a-z_.]+\}/g) ?? []) expect(PLACEHOLDER_KEYS).toContain(used);
  });
});
