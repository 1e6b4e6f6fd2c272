import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startHttpProvider } from './fake-providers';
import { OUTBOX_BACKOFF_MS, OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS } from './index';
import { createOutbox } from './outbox';

/**
 * The outbox with retries (issue 17): `enqueue` records a message `queued` and returns at once;
 * the delivery run claims due rows (FOR UPDATE SKIP LOCKED), sends them, and a failed attempt is
 * tried again after 30 s, 2 min, 10 min, 1 h, 1 h, then given up after the 6th. The providers
 * are real HTTP servers on 127.0.0.1; time is passed to the sweep as an explicit `now`.
 */
let t: TestApp;
let second: TestApp;
let whatsapp: Awaited<ReturnType<typeof startHttpProvider>>;
let sms: Awaited<ReturnType<typeof startHttpProvider>>;
/** recipients whose messages the WhatsApp provider refuses, and how many times before accepting */
const failuresLeft = new Map<string, number>();

beforeAll(async () => {
  whatsapp = await startHttpProvider((req, n) => {
    const to = (req.body as { to: string }).to;
    const left = failuresLeft.get(to) ?? 0;
    if (left > 0) {
      failuresLeft.set(to, left - 1);
      return { status: 502, body: { error: 'upstream down' } };
    }
    return { status: 200, body: { id: `wa-${n}` } };
  });
  sms = await startHttpProvider((_req, n) => ({ status: 200, body: { id: `sms-${n}` } }));
  const env = {
    NODE_ENV: '',
    WHATSAPP_API_URL: `${whatsapp.url}/messages`,
    WHATSAPP_API_KEY: 'wa-key',
    SMS_API_URL: `${sms.url}/send`,
  };
  t = await createTestApp(env);
  // a second node on the same database: its delivery runs side by side with the first's
  second = await createTestApp(env, undefined, { database: t.database });
});
afterAll(async () => {
  await second.close();
  await t.close();
  await Promise.all([whatsapp.close(), sms.close()]);
});

const rowOf = async (id: number) =>
  (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
const requestsTo = (to: string) => whatsapp.requests.filter((r) => (r.body as { to: string }).to === to);
const at = (d: Date | null, ms = 0): Date => new Date(d!.getTime() + ms);

describe('enqueue and the delivery sweep', () => {
  it('retries a provider that fails twice with backoff, then records the message sent with its provider id', async () => {
    const to = '+79990000001';
    failuresLeft.set(to, 2);
    const delivery = t.app.services.delivery;
    const { outboxId } = await delivery.enqueue({ channel: 'whatsapp', recipient: to, body: 'New request No. 1' });
    await delivery.idle();
    // the first attempt ran in the background at once and failed
    let row = await rowOf(outboxId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('502');
    const firstFailure = row.next_attempt_at!.getTime() - OUTBOX_BACKOFF_MS[0]!;
    expect(Math.abs(firstFailure - Date.now())).toBeLessThan(10_000);
    expect(requestsTo(to)).toHaveLength(1);

    // not due yet: nothing happens
    expect(await delivery.deliverDue(at(row.next_attempt_at, -1000))).toEqual({
      sent: 0,
      retry: 0,
      gave_up: 0,
      stored: 0,
    });
    expect(requestsTo(to)).toHaveLength(1);

    // due: the second attempt fails too and waits 2 minutes
    const second = at(row.next_attempt_at);
    expect((await delivery.deliverDue(second)).retry).toBe(1);
    row = await rowOf(outboxId);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row.next_attempt_at!.getTime()).toBe(second.getTime() + OUTBOX_BACKOFF_MS[1]!);

    // the third goes through
    const third = at(row.next_attempt_at);
    expect((await delivery.deliverDue(third)).sent).toBe(1);
    row = await rowOf(outboxId);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, next_attempt_at: null });
    expect(row.sent_at!.getTime()).toBe(third.getTime());
    expect(row.meta.provider_id).toBe(`wa-${whatsapp.requests.indexOf(requestsTo(to)[2]!) + 1}`);
    expect(requestsTo(to)).toHaveLength(3);
    expect(requestsTo(to)[2]!.headers.authorization).toBe('Bearer wa-key');
    expect(requestsTo(to)[2]!.body).toMatchObject({ to, text: 'New request No. 1', channel: 'whatsapp' });
    // sent is final
    await delivery.deliverDue(at(third, 24 * 3_600_000));
    expect(requestsTo(to)).toHaveLength(3);
  });

  it('waits 30 s, 2 min, 10 min, 1 h, 1 h and gives up after the 6th attempt as failed', async () => {
    const to = '+79990000002';
    failuresLeft.set(to, 100);
    const delivery = t.app.services.delivery;
    const { outboxId } = await delivery.enqueue({ channel: 'whatsapp', recipient: to, body: 'Payment received' });
    await delivery.idle();
    let row = await rowOf(outboxId);
    const waits: number[] = [];
    let now = new Date();
    while (row.next_attempt_at) {
      now = at(row.next_attempt_at);
      const previous = row.next_attempt_at;
      await delivery.deliverDue(now);
      row = await rowOf(outboxId);
      if (row.next_attempt_at) waits.push(row.next_attempt_at.getTime() - previous.getTime());
    }
    expect(waits).toEqual(OUTBOX_BACKOFF_MS.slice(1));
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS, next_attempt_at: null });
    expect(row.last_error).toContain('502');
    expect(requestsTo(to)).toHaveLength(OUTBOX_MAX_ATTEMPTS);
    // given up: no more tries
    expect((await delivery.deliverDue(at(now, 7 * 24 * 3_600_000))).gave_up).toBe(0);
    expect(requestsTo(to)).toHaveLength(OUTBOX_MAX_ATTEMPTS);
  });

  it('answers before the provider does: enqueue never waits for the transport', async () => {
    // a provider that takes 1.5 s to answer
    const slowServer = http.createServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"slow-1"}'), 1500);
    });
    await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
    const slowProvider = {
      url: `http://127.0.0.1:${(slowServer.address() as net.AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => slowServer.close(() => resolve())),
    };
    const node = await createTestApp({ SMS_API_URL: slowProvider.url }, undefined, { database: t.database });
    try {
      const started = Date.now();
      const { outboxId } = await node.app.services.delivery.enqueue({
        channel: 'sms',
        recipient: '+79990000003',
        body: 'x',
      });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(['queued', 'sending']).toContain((await rowOf(outboxId)).status);
      await node.app.services.delivery.idle();
      expect((await rowOf(outboxId)).status).toBe('sent');
    } finally {
      await node.close();
      await slowProvider.close();
    }
  });

  it('keeps a message of a channel without a transport in the outbox at once (stored)', async () => {
    const { outboxId } = await t.app.services.delivery.enqueue({
      channel: 'email',
      recipient: 'nobody@example.com',
      subject: 'Hi',
      body: 'stored',
    });
    expect(await rowOf(outboxId)).toMatchObject({ status: 'stored', attempts: 0, next_attempt_at: null });
  });

  it('a message enqueued inside a transaction exists only if it commits', async () => {
    const delivery = t.app.services.delivery;
    let inside = 0;
    await expect(
      t.database.db.transaction(async (tx) => {
        inside = (
          await delivery.enqueue({ channel: 'sms', recipient: '+79990000004', body: 'rolled back' }, { q: tx as never })
        ).outboxId;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside).toBeGreaterThan(0);
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, inside))).toEqual([]);
  });

  it('two nodes sweeping at once send every message exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const before = sms.requests.length;
    const ids: number[] = [];
    const now = new Date(Date.now() + 60_000);
    // enqueued inside a transaction so no background run starts: the two sweeps below race for them
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 45; i++)
        ids.push(
          (
            await t.app.services.delivery.enqueue(
              { channel: 'sms', recipient: `+7999100${String(i).padStart(4, '0')}`, body: `race ${i}` },
              { q: tx as never, now },
            )
          ).outboxId,
        );
    });
    const [a, b] = await Promise.all([
      t.app.services.delivery.deliverDue(now),
      second.app.services.delivery.deliverDue(now),
    ]);
    expect(a.sent + b.sent).toBe(45);
    const got = sms.requests.slice(before).map((r) => (r.body as { text: string }).text);
    expect(got).toHaveLength(45);
    expect(new Set(got).size).toBe(45);
    const rows = await t.database.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a message claimed by a node that died is claimed again once its lease has passed', async () => {
    const to = '+79990000005';
    const now = new Date(Date.now() + 120_000);
    const { outboxId } = await t.database.db.transaction(async (tx) =>
      t.app.services.delivery.enqueue({ channel: 'whatsapp', recipient: to, body: 'lease' }, { q: tx as never, now }),
    );
    // a node claims it and dies before sending
    const claimed = await createOutbox(t.database.db, t.app.log).claimDue(now, 100);
    expect(claimed.map((r) => r.id)).toContain(outboxId);
    expect(await rowOf(outboxId)).toMatchObject({ status: 'sending', attempts: 1 });
    // while the lease lasts nobody else takes it
    await t.app.services.delivery.deliverDue(at(now, OUTBOX_LEASE_MS - 1000));
    expect(requestsTo(to)).toHaveLength(0);
    await t.app.services.delivery.deliverDue(at(now, OUTBOX_LEASE_MS));
    expect(requestsTo(to)).toHaveLength(1);
    expect(await rowOf(outboxId)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('the debug outbox lists how each delivery stands', () => {
  it('shows the status, attempts, next try and last error', async () => {
    const to = '+79990000006';
    failuresLeft.set(to, 1);
    const { outboxId } = await t.app.services.delivery.enqueue({ channel: 'whatsapp', recipient: to, body: 'debug' });
    await t.app.services.delivery.idle();
    const res = await t.app.inject({
      method: 'GET',
      url: '/crm/api/debug/outbox?limit=200',
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    const item = (res.json() as { items: Record<string, unknown>[] }).items.find((i) => i.id === outboxId)!;
    const row = await rowOf(outboxId);
    expect(item).toMatchObject({
      status: 'failed',
      attempts: 1,
      next_attempt_at: row.next_attempt_at!.toISOString(),
      sent_at: null,
    });
    expect(item.last_error).toContain('whatsapp provider answered 502');
  });
});
