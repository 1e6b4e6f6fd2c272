import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import { FAST_CAPTCHA_ENV, solveCaptcha } from '../../test/captcha';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { programFileName } from './tour-program.service';

let t: TestApp;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
let boris: Who;
let tourId = 0;
let photoId = 0;

const TOUR_NAME = 'Altai: the Golden Mountains';
const DAY_ONE = 'Прибытие в Горно-Алтайск';
const DAY_TWO = 'Телецкое озеро';

const inject = (
  method: 'GET' | 'POST',
  url: string,
  who: Who | null,
  opts: { payload?: object; lang?: 'en' | 'ru'; ip?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(who ? bearer(who.token) : {}),
      ...(opts.lang ? { 'x-language': opts.lang } : {}),
      ...opts.headers,
    },
    remoteAddress: opts.ip ?? nextIp(),
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
const createPdf = (who: Who | null, payload: object, opts: Parameters<typeof inject>[3] = {}) =>
  inject('POST', '/crm/api/tour-program/create-pdf', who, { ...opts, payload });
const downloadPdf = (who: Who | null, pdfId: number | string) =>
  inject('GET', `/crm/api/tour-program/download-pdf?pdf_id=${pdfId}`, who);
const fileCount = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;
const pdfText = async (bytes: Buffer): Promise<string> =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

beforeAll(async () => {
  t = await createTestApp({ ...FAST_CAPTCHA_ENV });
  const a = await createUser(t.database, { email: 'anna@program.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@program.example', organizers: ['Kamchatka Tours'] });
  anna = {
    userId: a.userId,
    organizerId: a.organizerIds[0]!,
    token: (await signIn(t.app, 'anna@program.example')).token,
  };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@program.example')).token,
  };
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(`setup failed: ${r.statusCode} ${r.body}`);
    return JSON.parse(r.body) as { id: number };
  };
  await ok(
    inject('POST', '/crm/api/organizer/update', anna, {
      payload: {
        id: anna.organizerId,
        contacts: { phone: '+79991234567', email: 'hello@altai-trails.example', website: 'https://altai.example' },
      },
    }),
  );
  // a real photo through the upload API: the PDF's cover is read back from the files storage (WebP)
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'lake.png');
  form.append('organizer_id', String(anna.organizerId));
  const req = new Request('http://local/', { method: 'POST', body: form });
  photoId = (
    await ok(
      inject('POST', '/crm/api/image/upload', anna, {
        headers: { 'content-type': req.headers.get('content-type')! },
        payload: Buffer.from(await req.arrayBuffer()) as unknown as object,
      }),
    )
  ).id;
  tourId = (
    await ok(
      inject('POST', '/crm/api/tour/create', anna, {
        payload: {
          organizer_id: anna.organizerId,
          name: TOUR_NAME,
          description: '<p>Seven lakes &amp; two passes</p>',
          price: 85000,
          duration: 2,
          group_min: 4,
          group_max: 12,
          gathering_place: 'Gorno-Altaysk railway station',
          in_price: 'Guide\nMeals in the mountains',
          not_in_price: 'Flights to Gorno-Altaysk',
          photos: [{ id: photoId, alt: 'Lake' }],
          program: [
            { day: 1, title: DAY_ONE, description: 'Встреча группы и переезд в лагерь.' },
            { day: 2, title: DAY_TWO },
          ],
        },
      }),
    )
  ).id;
  await ok(
    inject('POST', '/crm/api/tour/save-date', anna, {
      payload: { tour_id: tourId, date_start: '2030-06-01', date_end: '2030-06-02', price: 85000, number_of_seats: 12 },
    }),
  );
});
afterAll(() => t.close());

describe('create-pdf and download-pdf', () => {
  it('render the programme (cover, name, Cyrillic days, departures, inclusions, contacts) as a real PDF in the caller’s language', async () => {
    const made = await createPdf(anna, { tour_id: tourId }, { lang: 'ru' });
    expect(made.statusCode).toBe(200);
    const pdf = made.json() as { id: number; tour_id: number; name: string; size: number };
    expect(pdf).toEqual({
      id: expect.any(Number),
      tour_id: tourId,
      name: 'Altai the Golden Mountains.pdf',
      size: expect.any(Number),
    });

    const got = await downloadPdf(anna, pdf.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Altai the Golden Mountains.pdf"; filename*=UTF-8''Altai%20the%20Golden%20Mountains.pdf`,
    );
    expect(got.headers['cache-control']).toBe('private, no-store');
    const bytes = got.rawPayload;
    expect(bytes.length).toBe(pdf.size);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the cover photo is drawn (an image XObject)
    expect(bytes.includes('/Subtype /Image')).toBe(true);
    const text = await pdfText(bytes);
    for (const expected of [
      TOUR_NAME,
      'Многодневный тур',
      `День 1. ${DAY_ONE}`,
      `День 2. ${DAY_TWO}`,
      'Встреча группы и переезд в лагерь.',
      'Seven lakes & two passes',
      'Ближайшие даты',
      '12 из 12',
      'Входит в стоимость',
      'Meals in the mountains',
      'Не входит в стоимость',
      'Flights to Gorno-Altaysk',
      'Gorno-Altaysk railway station',
      '+79991234567',
      'hello@altai-trails.example',
      'Altai Trails',
    ])
      expect(text).toContain(expected);
  });

  it('labels in English for an English caller', async () => {
    const made = await createPdf(anna, { tour_id: tourId }, { lang: 'en' });
    const text = await pdfText((await downloadPdf(anna, (made.json() as { id: number }).id)).rawPayload);
    for (const expected of [`Day 1. ${DAY_ONE}`, 'Multi-day tour · 2 days', 'Next departures', 'Included', 'Contacts'])
      expect(text).toContain(expected);
    expect(text).not.toContain('Входит в стоимость');
  });

  it('a second tenant gets 404 for the tour and for its PDF; no token is 401; another file is no programme', async () => {
    const made = (await createPdf(anna, { tour_id: tourId })).json() as { id: number };
    const before = await fileCount();
    const foreign = await createPdf(boris, { tour_id: tourId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'Tour not found', code: 'tour_not_found' });
    const stolen = await downloadPdf(boris, made.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ message: 'File not found', code: 'file_not_found' });
    expect(stolen.body).not.toContain('%PDF');
    expect((await createPdf(null, { tour_id: tourId })).statusCode).toBe(401);
    expect((await downloadPdf(null, made.id)).statusCode).toBe(401);
    // an uploaded photo of the same organizer is a file, not a programme PDF
    expect((await downloadPdf(anna, photoId)).statusCode).toBe(404);
    expect((await createPdf(anna, { tour_id: 999_999 })).statusCode).toBe(404);
    expect(await fileCount()).toBe(before);
  });

  it('bad input is 422 on its field and writes nothing', async () => {
    const before = await fileCount();
    const cases: [object, string, string][] = [
      [{}, 'tour_id', 'Required field'],
      [{ tour_id: 'one' }, 'tour_id', 'Incorrect value'],
      [{ tour_id: -3 }, 'tour_id', 'Incorrect value'],
      [{ tour_id: tourId, lang: 'de' }, 'lang', 'Unknown field'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await createPdf(anna, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toEqual([message]);
    }
    for (const q of ['abc', '0', '1.5', '99999999999']) expect((await downloadPdf(anna, q)).statusCode).toBe(422);
    expect(await fileCount()).toBe(before);
  });

  it('carries the invisible captcha: past the limit without a token a captcha is asked for, a solved token passes', async () => {
    const ip = nextIp();
    // refused calls count too (a second tenant's 404s are quick)
    for (let i = 0; i < 30; i++) expect((await createPdf(boris, { tour_id: tourId }, { ip })).statusCode).toBe(404);
    const limited = await createPdf(anna, { tour_id: tourId }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ type: 'captcha' });
    const token = await solveCaptcha(t.app, 'invisible');
    const passed = await createPdf(anna, { tour_id: tourId }, { ip, headers: { 'x-invisible-captcha-token': token } });
    expect(passed.statusCode).toBe(200);
  });
});

describe('programFileName', () => {
  it('keeps the tour’s name, Cyrillic included, without path or reserved characters', () => {
    expect(programFileName('Алтай: Золотые горы')).toBe('Алтай Золотые горы.pdf');
    expect(programFileName('../../etc/passwd')).toBe('.. .. etc passwd.pdf');
    expect(programFileName(' \u0000 ')).toBe('programme.pdf');
  });
});
