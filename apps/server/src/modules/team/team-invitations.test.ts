import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { messageText } from '@tourdesk/contract';
import { organizerInvitations, outboxMessages, users } from '../../db/schema/index';
import { sha256 } from '../../lib/tokens';
import { nextIp } from '../auth/test-helpers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgId = 0;
let borisOrg = 0;
const token = { owner: '', ann: '', bob: '', boris: '' };

const call = (method: 'GET' | 'POST', url: string, who: keyof typeof token | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who ? bearer(token[who]) : {},
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
  });

/** The newest mail to `recipient` and the invitation token its link carries. */
const lastMail = async (recipient: string) => {
  const [mail] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const link = /https?:\/\/\S+\/org\/invite\/([\w-]+)/.exec(mail?.body ?? '');
  return { mail: mail!, token: decodeURIComponent(link?.[1] ?? '') };
};
const msg = (res: { statusCode: number; json: <T>() => T }) => [
  res.statusCode,
  res.json<{ message: string }>().message,
];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.database, { email: 'owner@invite.example', organizers: ['Altai Trails'] });
  orgId = owner.organizerIds[0]!;
  await t.database.db.update(users).set({ language: 'ru' }).where(eq(users.id, owner.userId));
  const ann = await createUser(t.database, { email: 'ann@invite.example' });
  await createUser(t.database, { email: 'bob@invite.example' });
  borisOrg = (await createUser(t.database, { email: 'boris@invite.example', organizers: ['Kamchatka'] }))
    .organizerIds[0]!;
  for (const who of ['owner', 'ann', 'bob', 'boris'] as const)
    token[who] = (await signIn(t.app, `${who}@invite.example`)).token;
  // an address kept as typed: the invitation matches it case-insensitively
  await t.database.db.update(users).set({ email: 'Ann@Invite.example' }).where(eq(users.id, ann.userId));
});
afterAll(() => t?.close());

describe('team invitations', () => {
  it('the owner invites by e-mail: the mail (in the inviter’s language) links /org/invite/<token>, only its hash is kept; the preview shows organizer, role, e-mail', async () => {
    const res = await call('POST', '/crm/api/team/invite', 'owner', {
      organizer_id: orgId,
      email: ' ANN@invite.example ',
      role: 'manager',
    });
    expect(res.statusCode).toBe(200);
    const inv = res.json<{ id: number; email: string; role: string; invited_by: string; expired: boolean }>();
    expect([inv.email, inv.role, inv.invited_by, inv.expired]).toEqual([
      'ann@invite.example',
      'manager',
      'Test User',
      false,
    ]);
    const { mail, token: link } = await lastMail('ann@invite.example');
    expect(mail.subject).toMatch(/^Приглашение в команду Altai Trails в \w+$/);
    expect(mail.body).toContain('роль — менеджер');
    expect(link.length).toBeGreaterThan(30);
    const [row] = await t.database.db.select().from(organizerInvitations).where(eq(organizerInvitations.id, inv.id));
    expect(row!.token_hash).toBe(sha256(link));
    expect(JSON.stringify(row)).not.toContain(link);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(7 * 24 * 3600 * 1000);

    const preview = await call('GET', `/crm/api/team/invitation?token=${link}`, null);
    expect(preview.json()).toEqual({
      organizer_id: orgId,
      organizer_name: 'Altai Trails',
      role: 'manager',
      email: 'ann@invite.example',
      expires_at: row!.expires_at.toISOString(),
    });
    const list = await call('GET', `/crm/api/team/members?organizer_id=${orgId}`, 'owner');
    expect(list.json<{ invitations: { id: number }[] }>().invitations.map((i) => i.id)).toEqual([inv.id]);
  });

  it('accepting: another e-mail gets 422 naming the invited one; the invitee joins once; the link is single-use; a member again gets 422', async () => {
    await call('POST', '/crm/api/team/invite', 'owner', {
      organizer_id: orgId,
      email: 'ann@invite.example',
      role: 'guide',
    });
    const { token: link } = await lastMail('ann@invite.example');
    const wrong = await call('POST', '/crm/api/team/accept', 'bob', { token: link });
    expect(msg(wrong)).toEqual([
      422,
      'This invitation was sent to ann@invite.example: sign in with that e-mail to accept it',
    ]);
    expect(wrong.json<{ code: string }>().code).toBe('invitation_email_mismatch');
    const ok = await call('POST', '/crm/api/team/accept', 'ann', { token: link });
    expect(ok.json()).toEqual({ organizer_id: orgId, role: 'guide' });
    const members = await call('GET', `/crm/api/team/members?organizer_id=${orgId}`, 'owner');
    const body = members.json<{ items: { email: string; role: string }[]; invitations: unknown[] }>();
    expect(body.items.map((m) => [m.email, m.role])).toEqual([
      ['owner@invite.example', 'owner'],
      ['Ann@Invite.example', 'guide'],
    ]);
    expect(body.invitations).toEqual([]);
    expect(msg(await call('POST', '/crm/api/team/accept', 'ann', { token: link }))).toEqual([
      422,
      messageText('invitation_used'),
    ]);
    expect(msg(await call('GET', `/crm/api/team/invitation?token=${link}`, null))).toEqual([
      422,
      messageText('invitation_used'),
    ]);
    const again = await call('POST', '/crm/api/team/invite', 'owner', {
      organizer_id: orgId,
      email: 'ann@INVITE.example',
      role: 'manager',
    });
    expect(msg(again)).toEqual([422, messageText('invitation_already_member')]);
  });

  it('re-send gives a new link (the old one opens nothing) and 7 more days; revoke ends it; an expired link gets 422', async () => {
    const first = (
      await call('POST', '/crm/api/team/invite', 'owner', {
        organizer_id: orgId,
        email: 'bob@invite.example',
        role: 'accountant',
      })
    ).json<{ id: number }>();
    const { token: old } = await lastMail('bob@invite.example');
    await t.database.db
      .update(organizerInvitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(organizerInvitations.id, first.id));
    expect(msg(await call('POST', '/crm/api/team/accept', 'bob', { token: old }))).toEqual([
      422,
      messageText('invitation_expired'),
    ]);
    const listed = await call('GET', `/crm/api/team/members?organizer_id=${orgId}`, 'owner');
    expect(listed.json<{ invitations: { id: number; expired: boolean }[] }>().invitations).toMatchObject([
      { id: first.id, expired: true },
    ]);
    const resent = await call('POST', '/crm/api/team/resend-invitation', 'owner', {
      organizer_id: orgId,
      invitation_id: first.id,
    });
    expect(resent.json<{ expired: boolean }>().expired).toBe(false);
    const { token: fresh } = await lastMail('bob@invite.example');
    expect(fresh).not.toBe(old);
    expect(msg(await call('GET', `/crm/api/team/invitation?token=${old}`, null))).toEqual([
      404,
      messageText('invitation_not_found'),
    ]);
    expect((await call('GET', `/crm/api/team/invitation?token=${fresh}`, null)).statusCode).toBe(200);
    const revoked = await call('POST', '/crm/api/team/revoke-invitation', 'owner', {
      organizer_id: orgId,
      invitation_id: first.id,
    });
    expect(revoked.json()).toEqual({ success: true });
    expect(msg(await call('POST', '/crm/api/team/accept', 'bob', { token: fresh }))).toEqual([
      404,
      messageText('invitation_not_found'),
    ]);
    expect(
      (await call('POST', '/crm/api/team/revoke-invitation', 'owner', { organizer_id: orgId, invitation_id: first.id }))
        .statusCode,
    ).toBe(404);
  });

  it('another tenant, a manager and bad input: 404, 403, 422; an invitation is bound to its organizer; the preview needs no sign-in but a token', async () => {
    const inv = (
      await call('POST', '/crm/api/team/invite', 'owner', {
        organizer_id: orgId,
        email: 'carol@invite.example',
        role: 'owner',
      })
    ).json<{ id: number }>();
    for (const [url, body] of [
      ['/crm/api/team/invite', { organizer_id: orgId, email: 'x@invite.example', role: 'guide' }],
      ['/crm/api/team/resend-invitation', { organizer_id: orgId, invitation_id: inv.id }],
      ['/crm/api/team/revoke-invitation', { organizer_id: orgId, invitation_id: inv.id }],
    ] as const)
      expect([url, (await call('POST', url, 'boris', body)).statusCode]).toEqual([url, 404]);
    // another organizer's owner names the invitation under its own organizer: not found
    for (const url of ['/crm/api/team/resend-invitation', '/crm/api/team/revoke-invitation'])
      expect(msg(await call('POST', url, 'boris', { organizer_id: borisOrg, invitation_id: inv.id }))).toEqual([
        404,
        messageText('invitation_not_found'),
      ]);
    // ann is a guide of orgId now
    expect(
      msg(
        await call('POST', '/crm/api/team/invite', 'ann', {
          organizer_id: orgId,
          email: 'y@invite.example',
          role: 'guide',
        }),
      ),
    ).toEqual([403, messageText('member_role_forbidden')]);
    const bad = await call('POST', '/crm/api/team/invite', 'owner', {
      organizer_id: orgId,
      email: 'nope',
      role: 'boss',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: Record<string, unknown> }>().errors).sort()).toEqual(['email', 'role']);
    expect((await call('GET', '/crm/api/team/invitation', null)).statusCode).toBe(422);
    expect(msg(await call('GET', '/crm/api/team/invitation?token=not-a-token', null))).toEqual([
      404,
      messageText('invitation_not_found'),
    ]);
    expect((await call('POST', '/crm/api/team/accept', null, { token: 'x' })).statusCode).toBe(401);
    const list = await call('GET', `/crm/api/team/members?organizer_id=${orgId}`, 'owner');
    expect(list.json<{ invitations: { id: number; role: string }[] }>().invitations).toMatchObject([
      { id: inv.id, role: 'owner' },
    ]);
  });
});
