import { createHmac } from 'node:crypto';
import { SUPPORT_CHANNEL, SUPPORT_DESK_ROLES } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { ServerModule } from '../../lib/modules';
import type { Tenancy } from '../../lib/tenancy';
import type { TokenSigner } from '../../lib/tokens';
import type { Limits } from '../../plugins/rate-limit';
import type { UploadService } from '../upload';
import { createChatCore } from './chat-core';
import { createReplyAddresses } from './chat-inbound-mail';
import { createChatInboundRepository } from './chat-inbound.repository';
import { createChatInboundService } from './chat-inbound.service';
import { ATTACHMENT_SWEEP_INTERVAL_MS, createChatMessengerReplies } from './chat-messenger-replies';
import { createChatOperatorService } from './chat-operator.service';
import { createChatTokens } from './chat-token';
import { createChatTravellerService } from './chat-traveller.service';
import { createChatViews } from './chat-view';
import { createChatRepository } from './chat.repository';
import { chatRoutes } from './chat.routes';
import { createChatService } from './chat.service';
import { createRequestChatPoster } from './chat-request-post';

/**
 * Chats (issue 17), wired from the app's parts: the provider's service (CRM routes), the
 * traveller's (their link, no account), support's (the operator token), sharing one core that
 * writes messages with their domain events and says what the channels are told of them.
 */
export const createChatServices = (deps: {
  db: Db;
  tenancy: Tenancy;
  signer: TokenSigner;
  /** the key the travellers' link tokens are made with (derived here, never stored) */
  secret: Uint8Array;
  limits: Pick<Limits, 'enforce' | 'hit'>;
  uploads: UploadService;
  /** drops the guests' real-time connections to a channel (the realtime plugin's endGuests) */
  endGuests?: (channel: string) => void;
  /** INBOUND_EMAIL_DOMAIN: the domain of the requests' reply addresses (none without it) */
  inboundDomain?: string | null;
}) => {
  const repo = createChatRepository(deps.db);
  const tokens = createChatTokens(createHmac('sha256', deps.secret).update('tourdesk chat links').digest());
  const views = createChatViews(repo, (fileId) => tokens.supportFileUrl(fileId));
  const core = createChatCore({ repo, views, tokens });
  const chats = createChatService({ repo, tenancy: deps.tenancy, core, views });
  const messengerReplies = createChatMessengerReplies({
    repo,
    core,
    uploads: deps.uploads,
    accessible: chats.accessible,
  });
  return {
    chats,
    /** members' replies typed in a messenger (Telegram), files included; its sweep fails downloads a node lost */
    messengerReplies,
    travellers: createChatTravellerService({
      repo,
      core,
      views,
      tokens,
      signer: deps.signer,
      limits: deps.limits,
      uploads: deps.uploads,
      endGuests: deps.endGuests,
    }),
    operator: createChatOperatorService({
      repo,
      core,
      views,
      signer: deps.signer,
      uploads: deps.uploads,
      supportFileUrl: (fileId) => tokens.supportFileUrl(fileId),
    }),
    /**
     * Replies to the e-mails travellers are sent: `replyAddress(requestId)` is the Reply-To of the
     * request's messages (`reply+<request id>-<signature>@INBOUND_EMAIL_DOMAIN`, null without the
     * domain); `receive` takes what the inbound e-mail webhook is posted (into the request's chat,
     * or held for the provider as a note).
     */
    inbound: createChatInboundService({
      repo: { ...repo, ...createChatInboundRepository(deps.db) },
      core,
      // the addresses' key, derived from the app's secret as the link tokens' (never stored)
      addresses: createReplyAddresses(createHmac('sha256', deps.secret).update('tourdesk reply addresses').digest()),
      domain: deps.inboundDomain ?? null,
    }),
    tokens,
    /** a member's message into a request's chat, made if none (issue 29: a message to a whole departure) */
    requestPoster: createRequestChatPoster({ repo: { ...repo, ...createChatInboundRepository(deps.db) }, core }),
    /** what the real-time subscriber publishes for the chats' domain events */
    realtime: { ...core.realtime, ...messengerReplies.realtime },
  };
};
export type ChatServices = ReturnType<typeof createChatServices>;
export type { IncomingAttachment, MessengerReply } from './chat-messenger-replies';

declare module '../../lib/modules' {
  interface Services {
    /**
     * chats: the provider's, the traveller's (by link) and support's; `chats.inbound` the replies
     * travellers send by e-mail (`replyAddress(requestId): string | null`, the Reply-To of the
     * request's messages; null without INBOUND_EMAIL_DOMAIN)
     */
    chats: ChatServices;
  }
}

export const chatModule: ServerModule = {
  name: 'chat',
  needs: ['uploads'],
  create: ({ db, tenancy, signer, secrets, limits, realtime, config }, services) => {
    const { uploads } = services;
    const chats = createChatServices({
      db,
      tenancy,
      signer,
      secret: secrets.jwtSecret,
      limits,
      uploads,
      endGuests: realtime.endGuests,
      inboundDomain: config.INBOUND_EMAIL_DOMAIN ?? null,
    });
    // a traveller's real-time token opens its chat's channel only while its link is the current
    // one; support's, only while the operator's session (its `fam`) is live and may use the desk
    realtime.checkGuestsWith((channel, generation) =>
      channel === SUPPORT_CHANNEL
        ? services.operatorAuth.isSessionLiveFor(generation, SUPPORT_DESK_ROLES)
        : chats.travellers.isGuestLive(channel, generation),
    );
    return { chats };
  },
  routes: async (app, { chats, uploads, operatorAuth }, { operatorToken, contextOf, config }) => {
    await chatRoutes(app, {
      ...chats,
      operatorAuth,
      operatorToken,
      inboundSecret: config.INBOUND_EMAIL_SECRET ?? null,
      maxFileBytes: uploads.maxFileBytes(),
      contextOf,
    });
    // a server closing gives up its messenger files in flight (failed: nothing resumes them)
    app.addHook('onClose', async () => chats.messengerReplies.close());
  },
  realtime: ({ chats }) => chats.realtime,
  sweeps: ({ chats }) => [
    // messenger files a lost node left in progress, failed (at the start too)
    {
      name: 'chat attachments',
      sweep: () => chats.messengerReplies.sweepStale(new Date()),
      intervalMs: ATTACHMENT_SWEEP_INTERVAL_MS,
    },
  ],
};
