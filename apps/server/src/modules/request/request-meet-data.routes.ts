import type { FastifyInstance } from 'fastify';
import { requestMeetDataApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { RequestMeetDataService } from './request-meet-data.service';

/** GET meet-data-preview, POST send-meet-data. */
export const requestMeetDataRoutes = (
  app: FastifyInstance,
  deps: { meetData: RequestMeetDataService; contextOf: ContextOf },
): void => {
  const { meetData, contextOf } = deps;
  registerRoute(app, requestMeetDataApi.meetDataPreview, ({ request, query }) =>
    meetData.preview(contextOf(request), query.request_id, query.template_id),
  );
  registerRoute(app, requestMeetDataApi.sendMeetData, ({ request, body }) => meetData.send(contextOf(request), body));
};
