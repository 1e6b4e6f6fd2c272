import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { lastCode, post } from '../../modules/auth/test-helpers';
import { startFakeSmtp, startHttpProvider } from './fake-providers';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let sms: Awaited<ReturnType<typeof startHttpProvider>>;
let whatsapp: Awaited<ReturnType<typeof startHttpProvider>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  sms = await startHttpProvider();
  // a provider that is down: every message fails
  whatsapp = await startHttpProvider(() => ({ status: 500, body: { error: 'down' } }));
  t = await createTestApp({
    PUBLIC_URL: 'https://crm.example.test',
    SMTP_URL: `smtp://user:pass@127.0.0.1:${smtp.port}`,
    SMTP_FROM: 'Tourdesk <robot@tourdesk.test>',
    SMS_API_URL: `${sms.url}/send`,
    SMS_API_KEY: 'sms-key-123',
    WHATSAPP_API_URL: `${whatsapp.url}/messages`,
    WHATSAPP_API_KEY: 'wa-key',
  });
  await createUser(t.database, { email: 'mailbox@example.com', phone: '+79995550001', isEmailConfirmed: true });
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), sms.close(), whatsapp.close()]);
});

const outboxRow = async (recipient: string) =>
  (
    await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient))
      .orderBy(desc(outboxMessages.id))
      .limit(1)
  )[0];

describe('SMTP transport (nodemailer against a local SMTP server)', () => {
  it('delivers the reset e-mail through SMTP and records it in the outbox as sent', async () => {
    const res = await post(t.app, '/crm/api/user/password-recovery', { email: 'mailbox@example.com' });
    expect(res.json()).toEqual({ success: true });
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.from).toBe('robot@tourdesk.test');
    expect(mail.to).toEqual(['mailbox@example.com']);
    expect(mail.data).toContain('Subject: Password recovery');
    expect(mail.data.replace(/=\r?\n/g, '')).toContain('https://crm.example.test/org/reset-password?token=');
    const row = await outboxRow('mailbox@example.com');
    expect(row).toMatchObject({ channel: 'email', status: 'sent' });
    expect(row!.sent_at).toBeInstanceOf(Date);
  });
});

describe('SMS HTTP provider', () => {
  it('posts { to, text } with the bearer key; the code it carries signs in', async () => {
    expect(
      (await post(t.app, '/crm/api/user/send-auth-code', { login: '+79995550001', code_sender: 'sms' })).json(),
    ).toEqual({ success: true });
    expect(sms.requests).toHaveLength(1);
    const req = sms.requests[0]!;
    expect(req).toMatchObject({ method: 'POST', url: '/send', headers: { authorization: 'Bearer sms-key-123' } });
    const body = req.body as { to: string; text: string; channel: string };
    expect(body).toMatchObject({ to: '+79995550001', channel: 'sms' });
    const code = /\b(\d{6})\b/.exec(body.text)![1]!;
    expect(await lastCode(t.app, '+79995550001')).toBe(code);
    expect((await outboxRow('+79995550001'))!.meta).toMatchObject({ provider_id: 'msg-1' });
    expect((await post(t.app, '/crm/api/user/auth-via-code', { login: '+79995550001', code })).statusCode).toBe(200);
  });
});

describe('a provider that fails', () => {
  it('answers 503 with a message and marks the outbox row failed', async () => {
    await createUser(t.database, { email: 'unlucky@example.com', phone: '+79995550002' });
    const { token } = await signIn(t.app, 'unlucky@example.com');
    const res = await post(
      t.app,
      '/crm/api/user/send-confirmation-code',
      { code_sender: 'whatsapp' },
      { headers: bearer(token) },
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The message could not be sent. Try again later.', code: 'delivery_failed' });
    expect(whatsapp.requests).toHaveLength(1);
    expect(whatsapp.requests[0]!.headers.authorization).toBe('Bearer wa-key');
    const row = await outboxRow('+79995550002');
    expect(row).toMatchObject({ channel: 'whatsapp', status: 'failed' });
    expect(String(row!.meta.error)).toContain('500');
  });

  it('the Telegram webhook does not exist without a bot token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/messenger/telegram/webhook',
      payload: { update_id: 1 },
    });
    expect(res.statusCode).toBe(404);
  });
});
