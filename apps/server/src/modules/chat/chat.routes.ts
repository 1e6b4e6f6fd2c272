import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import {
  INBOUND_EMAIL_SECRET_HEADER,
  SUPPORT_DESK_ROLES,
  chatApi,
  inboundEmailApi,
  operatorChatApi,
  requestChatApi,
  travellerChatApi,
} from '@tourdesk/contract';
import { AppError, type FieldMessages } from '../../lib/app-error';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { createOperatorGuard, type OperatorAuthService } from '../operator/index';
import { readMultipart } from '../upload';
import type { ChatInboundService } from './chat-inbound.service';
import type { ChatOperatorService } from './chat-operator.service';
import type { ChatTravellerService } from './chat-traveller.service';
import type { ChatService } from './chat.service';
import { contentDisposition } from '../../lib/content-disposition';

const page = (q: { offset: number; before_id?: number; after_id?: number; limit: number }) => ({
  offset: q.offset,
  limit: q.limit,
  ...(q.before_id !== undefined ? { beforeId: q.before_id } : {}),
  ...(q.after_id !== undefined ? { afterId: q.after_id } : {}),
});

/** The chat routes: the provider's (SPEC §7 Chat, request/list-for-chat), the traveller's (/spa/chat) and support's. */
export const chatRoutes = async (
  app: FastifyInstance,
  deps: {
    chats: ChatService;
    travellers: ChatTravellerService;
    operator: ChatOperatorService;
    inbound: ChatInboundService;
    operatorAuth: OperatorAuthService;
    operatorToken: string;
    /** INBOUND_EMAIL_SECRET: the inbound e-mail webhook's shared secret (404 without it) */
    inboundSecret: string | null;
    maxFileBytes: number;
    contextOf: ContextOf;
  },
): Promise<void> => {
  const { chats: s, travellers: t, operator: o, contextOf } = deps;

  registerRoute(app, chatApi.list, ({ request, query }) => s.list(contextOf(request), query));
  registerRoute(app, chatApi.getChat, ({ request, query }) => s.get(contextOf(request), query.chat_id));
  registerRoute(app, chatApi.getMessages, ({ request, query }) =>
    s.messages(contextOf(request), query.chat_id, page(query)),
  );
  registerRoute(app, chatApi.unreadCount, ({ request, query }) =>
    s.unreadCount(contextOf(request), query.organizer_id),
  );
  registerRoute(app, chatApi.markAsRead, ({ request, body }) => s.markAsRead(contextOf(request), body.chat_id));
  registerRoute(app, chatApi.sendMessage, ({ request, body }) => s.send(contextOf(request), body));
  registerRoute(app, chatApi.getChatWithSupport, ({ request, query }) => s.withSupport(contextOf(request), query));
  registerRoute(app, chatApi.getChatWithOrganizer, ({ request, body }) => t.start(contextOf(request), body));
  registerRoute(app, requestChatApi.listForChat, ({ request, query }) => s.requests(contextOf(request), query.chat_id));

  registerRoute(app, travellerChatApi.get, ({ query }) => t.get(query.token));
  registerRoute(app, travellerChatApi.getMessages, ({ query }) => t.messages(query.token, page(query)));
  registerRoute(app, travellerChatApi.sendMessage, ({ request, body }) => t.send(contextOf(request), body));
  registerRoute(app, travellerChatApi.markAsRead, ({ body }) => t.markAsRead(body.token));
  registerRoute(app, travellerChatApi.channelsList, ({ query }) => t.channels(query.token));
  const sendFile = (reply: FastifyReply, file: { mime: string; name: string; data: Buffer }) =>
    reply
      .header('content-type', file.mime)
      .header(
        'content-disposition',
        contentDisposition(file.mime.startsWith('image/') ? 'inline' : 'attachment', file.name),
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      .header('cache-control', 'private, no-store')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(file.data) as unknown as Uint8Array;
  registerRoute(app, travellerChatApi.file, async ({ query, reply }) =>
    sendFile(reply, await t.file(query.token, query.id)),
  );
  registerRoute(app, travellerChatApi.supportFile, async ({ query, reply }) =>
    sendFile(reply, await t.supportFile(query)),
  );
  // multipart in a scope of its own, as the other uploads (upload.routes.ts)
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: deps.maxFileBytes, files: 1 } });
    registerRoute(scope, travellerChatApi.upload, async ({ request, query }) => {
      if (!request.isMultipart()) throw AppError.validation({ file: ['file_or_url'] });
      const { file, fields } = await readMultipart(request, deps.maxFileBytes);
      const unknown: FieldMessages = Object.fromEntries(Object.keys(fields).map((k) => [k, ['unknown_field']]));
      if (Object.keys(unknown).length) throw AppError.validation(unknown);
      return t.upload(contextOf(request), query.token, file);
    });
  });

  // support: an operator's session of role support or admin (or the admin command's shared
  // token), checked before the body is read; each change names the operator
  const desk = createOperatorGuard(deps.operatorAuth, SUPPORT_DESK_ROLES, deps.operatorToken);
  const hooks = { onRequest: desk.onRequest };
  const who = desk.actorOf;
  registerRoute(app, operatorChatApi.list, ({ query }) => o.list(query), hooks);
  registerRoute(app, operatorChatApi.getMessages, ({ query }) => o.messages(query.chat_id, page(query)), hooks);
  registerRoute(
    app,
    operatorChatApi.sendMessage,
    ({ request, body }) => o.send(contextOf(request), who(request), body),
    hooks,
  );
  registerRoute(app, operatorChatApi.markAsRead, ({ body }) => o.markAsRead(body.chat_id), hooks);
  registerRoute(
    app,
    operatorChatApi.editMessage,
    ({ request, body }) => o.edit(contextOf(request), who(request), body),
    hooks,
  );
  registerRoute(
    app,
    operatorChatApi.deleteMessage,
    ({ request, body }) => o.remove(contextOf(request), who(request), body.message_id),
    hooks,
  );
  registerRoute(
    app,
    operatorChatApi.moderateMessage,
    ({ request, body }) => o.moderate(contextOf(request), who(request), body),
    hooks,
  );
  registerRoute(
    app,
    operatorChatApi.freezeChat,
    ({ request, body }) => o.freeze(contextOf(request), who(request), body),
    hooks,
  );
  registerRoute(app, operatorChatApi.channelsList, ({ request }) => o.channels(who(request)), hooks);
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: deps.maxFileBytes, files: 1 } });
    registerRoute(
      scope,
      operatorChatApi.upload,
      async ({ request, query }) => {
        if (!request.isMultipart()) throw AppError.validation({ file: ['file_or_url'] });
        const { file, fields } = await readMultipart(request, deps.maxFileBytes);
        const unknown: FieldMessages = Object.fromEntries(Object.keys(fields).map((k) => [k, ['unknown_field']]));
        if (Object.keys(unknown).length) throw AppError.validation(unknown);
        return o.upload(query.chat_id, file);
      },
      hooks,
    );
  });

  // the mail service posts each e-mail sent to a reply address: its secret checked before the body is read
  registerRoute(app, inboundEmailApi.webhook, ({ body }) => deps.inbound.receive(body), {
    onRequest: async (request) => {
      if (!deps.inboundSecret) throw AppError.notFound();
      if (!secretMatches(request.headers[INBOUND_EMAIL_SECRET_HEADER], deps.inboundSecret))
        throw new AppError('unauthorized');
    },
  });
};

/** Whether a header carries the secret: digests of equal length compared in constant time (no length leak). */
const secretMatches = (given: string | string[] | undefined, secret: string): boolean => {
  if (typeof given !== 'string') return false;
  const digest = (v: string): Buffer => crypto.createHash('sha256').update(v).digest();
  return crypto.timingSafeEqual(digest(given), digest(secret));
};
