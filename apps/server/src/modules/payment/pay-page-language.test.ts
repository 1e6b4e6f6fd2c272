import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@tourdesk/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, formOf, insertRequest, payOnPage, tenant, tourWithDeparture, type Who } from './payment.fixtures';

/**
 * Issue 23 items 13 and 19: the payer reads /org/success and /org/fail in the language the payment
 * page was in (its ?lang=, else the browser's), not whatever the SPA's stored choice is.
 */
let t: TestApp;
let anna: Who;
let departure: { tourId: number; dateId: number; dateStart: string };
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tourdesk.example' });
  anna = await tenant(t, 'anna@paylang.example', 'Altai Trails');
  departure = await tourWithDeparture(t, anna, { price: 10000, seats: 50 });
});
afterAll(() => t.close());

const newInvoiceToken = async (): Promise<string> => {
  const requestId = await insertRequest(t, anna, departure);
  const res = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
    request_id: requestId,
    amount: 6000,
    payment_type: 'prepayment',
    title: 'Prepayment',
  });
  return (res.body as unknown as Invoice).payment_url!.split('/pay/')[1]!;
};

describe("the payer's language after the payment page", () => {
  it('a page read in Russian (?lang=ru) sends the payer to /org/success in Russian', async () => {
    const token = await newInvoiceToken();
    expect(await payOnPage(t, token, { lang: 'ru' })).toEqual({
      status: 303,
      location: `/org/success?invoice=${token}&lang=ru`,
    });
  });

  it('a failed attempt goes to /org/fail in the same language', async () => {
    const token = await newInvoiceToken();
    expect((await payOnPage(t, token, { outcome: 'fail', lang: 'ru' })).location).toBe(
      `/org/fail?invoice=${token}&lang=ru`,
    );
  });

  it("a page in the browser's language (no ?lang=) passes that language on", async () => {
    const token = await newInvoiceToken();
    const page = await t.app.inject({
      method: 'GET',
      url: `/pay/${token}`,
      headers: { accept: 'text/html', 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(page.body).toContain('<html lang="ru">');
    const form = new URLSearchParams(formOf(page.body));
    form.delete('lang'); // an older page without the field: the browser's language decides
    const res = await t.app.inject({
      method: 'POST',
      url: `/pay/${token}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'accept-language': 'ru-RU,ru;q=0.9',
      },
      payload: form.toString(),
    });
    expect(res.headers.location).toBe(`/org/success?invoice=${token}&lang=ru`);
  });

  it("a provider's return carries the page language on; without one it adds none", async () => {
    const token = await newInvoiceToken();
    const back = await t.app.inject({ method: 'GET', url: `/pay/${token}/return?lang=ru` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/org/success?invoice=${token}&lang=ru`);
    const plain = await t.app.inject({ method: 'GET', url: `/pay/${token}/return` });
    expect(plain.headers.location).toBe(`/org/success?invoice=${token}`);
    const bad = await t.app.inject({ method: 'GET', url: `/pay/${token}/return?lang=de` });
    expect(bad.statusCode).toBe(422);
  });
});
