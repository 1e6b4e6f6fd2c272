import { asc, eq } from 'drizzle-orm';
import type { HelpRequestBody, HelpRequestResponse } from '@tourdesk/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { organizerMembers, partnerSites, users } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import type { Delivery } from '../../lib/transports/index';
import type { Guard, Limits } from '../../plugins/rate-limit';
import type { ChatServices } from '../chat/index';

/** Help requests per client address in an hour: a few pass, then the captcha, then the hard one. */
export const HELP_REQUEST_GUARD: Guard = { name: 'help-ip', soft: 3, hard: 10, windowMs: 60 * 60_000 };

type HelpData = HelpRequestBody['data'];

/** The e-mail support gets: who asks, how to answer, from where, and what. */
export const helpEmailText = (data: HelpData, extra: { lang: string; account: string | null }): string =>
  [
    `Name: ${data.name}`,
    `E-mail: ${data.email}`,
    ...(data.phone ? [`Phone: ${data.phone}`] : []),
    ...(extra.account ? [`Account: ${extra.account}`] : []),
    ...(data.page ? [`Page: ${data.page}`] : []),
    `Language: ${extra.lang}`,
    '',
    data.message,
  ].join('\n');

/**
 * POST /spa/submit-help-request (issue 28). A signed-in member's request goes into its
 * organizer's support chat (made on the first call, as get-chat-with-support does) on the
 * brand's own marketplace site; anyone else's, or a member's without an organizer, is e-mailed
 * to SUPPORT_EMAIL with the sender's address as Reply-To. Rate limited per client address.
 */
export const createHelpService = (deps: {
  db: Db;
  config: Pick<Config, 'BRAND_ID' | 'SUPPORT_EMAIL'>;
  delivery: Pick<Delivery, 'enqueue'>;
  limits: Pick<Limits, 'enforce' | 'hit'>;
  chats: () => Pick<ChatServices['chats'], 'withSupport' | 'send'>;
}) => {
  const { db, config, delivery, limits } = deps;

  /** The site whose support answers: the brand's own marketplace, else the first one. */
  const supportSiteId = async (): Promise<number | null> => {
    const sites = await db
      .select({ id: partnerSites.id, brand_id: partnerSites.brand_id })
      .from(partnerSites)
      .orderBy(asc(partnerSites.id));
    return (sites.find((s) => s.brand_id === config.BRAND_ID) ?? sites[0])?.id ?? null;
  };
  const isMemberOfAny = async (userId: number): Promise<boolean> =>
    (
      await db
        .select({ id: organizerMembers.organizer_id })
        .from(organizerMembers)
        .where(eq(organizerMembers.user_id, userId))
        .limit(1)
    ).length > 0;
  const accountOf = async (userId: number): Promise<string | null> => {
    const row = (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0];
    return row ? `#${userId} ${row.email ?? ''}`.trim() : null;
  };

  return {
    submit: async (ctx: ServiceContext, data: HelpData): Promise<HelpRequestResponse> => {
      await limits.enforce(ctx, [[HELP_REQUEST_GUARD, ctx.ip]]);
      const siteId = ctx.userId > 0 && (await isMemberOfAny(ctx.userId)) ? await supportSiteId() : null;
      if (siteId !== null) {
        const chats = deps.chats();
        // withSupport checks the caller is a member of the organizer named
        const chat = await chats.withSupport(ctx, {
          site_id: siteId,
          ...(data.organizer_id ? { organizer_id: data.organizer_id } : {}),
        });
        const lines = [data.message, '', `— ${data.name}, ${data.email}${data.phone ? `, ${data.phone}` : ''}`];
        if (data.page) lines.push(data.page);
        await chats.send(ctx, { chat_id: chat.id, message: lines.join('\n') });
        await limits.hit([[HELP_REQUEST_GUARD, ctx.ip]]);
        return { success: true, channel: 'chat', chat_id: chat.id };
      }
      await delivery.enqueue({
        channel: 'email',
        recipient: config.SUPPORT_EMAIL,
        subject: `Help request: ${data.name}`,
        body: helpEmailText(data, {
          lang: ctx.lang,
          account: ctx.userId > 0 ? await accountOf(ctx.userId) : null,
        }),
        replyTo: data.email,
        fromName: data.name,
      });
      await limits.hit([[HELP_REQUEST_GUARD, ctx.ip]]);
      return { success: true, channel: 'email', chat_id: null };
    },
  };
};
export type HelpService = ReturnType<typeof createHelpService>;
