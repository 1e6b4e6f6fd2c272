import type { FastifyInstance } from 'fastify';
import { travellerMessageApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { TravellerMessageService } from './traveller-message.service';

/** A transparent 1×1 GIF: the e-mail's open image. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The traveller messages' routes: the organizer's settings and previews, a request's timeline, the open image. */
export const travellerMessageRoutes = (
  app: FastifyInstance,
  deps: { messages: TravellerMessageService; contextOf: ContextOf },
): void => {
  const { messages, contextOf } = deps;
  registerRoute(app, travellerMessageApi.settings, ({ request, query }) =>
    messages.settings(contextOf(request), query.organizer_id),
  );
  registerRoute(app, travellerMessageApi.updateSettings, ({ request, body }) =>
    messages.updateSettings(contextOf(request), body),
  );
  registerRoute(app, travellerMessageApi.preview, ({ request, query }) =>
    messages.preview(contextOf(request), query.organizer_id, query.kind, query.lang),
  );
  registerRoute(app, travellerMessageApi.list, ({ request, query }) =>
    messages.list(contextOf(request), query.request_id),
  );
  registerRoute(app, travellerMessageApi.view, ({ request, query }) => messages.view(contextOf(request), query.id));
  registerRoute(app, travellerMessageApi.sendAgain, ({ request, body }) =>
    messages.sendAgain(contextOf(request), body),
  );
  registerRoute(app, travellerMessageApi.setLanguage, ({ request, body }) =>
    messages.setLanguage(contextOf(request), body),
  );
  // the same image whatever the token: a stranger learns nothing from it
  registerRoute(app, travellerMessageApi.opened, async ({ query, reply }) => {
    await messages.opened(query.token);
    return reply
      .status(200)
      .headers({ 'content-type': 'image/gif', 'cache-control': 'no-store, private', 'content-length': PIXEL.length })
      .send(PIXEL) as unknown;
  });
};
