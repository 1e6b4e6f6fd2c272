import type { FastifyInstance } from 'fastify';
import { manifestApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { ManifestService } from './manifest.service';

/** A departure's manifest for the guide's phone, and checking its travellers in (issue 29). */
export const manifestRoutes = (
  app: FastifyInstance,
  deps: { manifest: ManifestService; contextOf: ContextOf },
): void => {
  const { manifest: s, contextOf } = deps;
  registerRoute(app, manifestApi.manifest, ({ request, query }) => s.get(contextOf(request), query.tour_date_id));
  registerRoute(app, manifestApi.checkin, ({ request, body }) => s.checkin(contextOf(request), body));
};
