import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest, Invoice } from '@tourdesk/contract';
import { requestStatusHistory } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, insertRequest, payOnPage, tenant, tourWithDeparture, type Who } from '../payment/payment.fixtures';

/**
 * Issue 23 item 19: the system's status-history lines carry a code the web shows in the reader's
 * language ("Prepayment received" was English on Russian screens); old rows keep reading.
 */
let t: TestApp;
let anna: Who;
let departure: { tourId: number; dateId: number; dateStart: string };
beforeAll(async () => {
  t = await createTestApp();
  anna = await tenant(t, 'anna@history.example', 'Altai Trails');
  departure = await tourWithDeparture(t, anna, { price: 10000, seats: 50 });
});
afterAll(() => t.close());

const historyOf = async (id: number): Promise<BookingRequest['history']> => {
  const res = await call(t, 'GET', `/crm/api/request/get?id=${id}`, anna);
  expect(res.status).toBe(200);
  return (res.body as unknown as BookingRequest).history;
};

describe('status history notes', () => {
  it('a paid prepayment writes the prepayment_received note, with its English text beside it', async () => {
    const id = await insertRequest(t, anna, departure);
    const created = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
      request_id: id,
      amount: 6000,
      payment_type: 'prepayment',
      title: 'Prepayment',
    });
    const token = (created.body as unknown as Invoice).payment_url!.split('/pay/')[1]!;
    await payOnPage(t, token);
    const history = await historyOf(id);
    expect(history[0]).toMatchObject({
      status: 3,
      previous_status: 2,
      user_name: '',
      note: 'prepayment_received',
      message: 'Prepayment received',
    });
    // the row keeps the code, not a text in one language
    const rows = await t.database.db
      .select({ message: requestStatusHistory.message })
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.request_id, id));
    expect(rows.map((r) => r.message)).toContain('prepayment_received');
  });

  it("an older row's English text reads as its note; a person's words stay theirs, even the same words", async () => {
    const id = await insertRequest(t, anna, departure);
    await t.database.db.insert(requestStatusHistory).values([
      { request_id: id, previous_status: 2, status: 3, user_id: null, message: 'Prepayment received' },
      { request_id: id, previous_status: 3, status: 6, user_id: anna.userId, message: 'Prepayment received' },
      { request_id: id, previous_status: 1, status: 7, user_id: null, message: 'The prepayment was not paid in time' },
      { request_id: id, previous_status: 1, status: 2, user_id: null, message: 'something else' },
    ]);
    const byStatus = Object.fromEntries((await historyOf(id)).map((h) => [h.status, h]));
    expect(byStatus[3]).toMatchObject({ note: 'prepayment_received', message: 'Prepayment received' });
    expect(byStatus[6]).toMatchObject({ note: null, message: 'Prepayment received' });
    expect(byStatus[7]).toMatchObject({
      note: 'prepayment_not_paid_in_time',
      message: 'The prepayment was not paid in time',
    });
    expect(byStatus[2]).toMatchObject({ note: null, message: 'something else' });
  });
});
