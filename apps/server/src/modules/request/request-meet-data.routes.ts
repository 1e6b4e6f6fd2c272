import type { FastifyInstance } from 'fastify';
import { requestMeetDataApi } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { Tenancy } from '../../lib/tenancy';
import type { OutgoingMessage } from '../../lib/transports/index';
import { createRequestContractRepository } from './request-contract.repository';
import { createRequestMeetDataRepository } from './request-meet-data.repository';
import { createRequestMeetDataService, type RequestMeetDataService } from './request-meet-data.service';

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

/** The meet data of a request (app.ts): its service over the request's and the templates' tables, and its routes. */
export const registerRequestMeetData = (
  app: FastifyInstance,
  deps: { db: Db; tenancy: Tenancy; send: (message: OutgoingMessage) => Promise<unknown>; contextOf: ContextOf },
): RequestMeetDataService => {
  const meetData = createRequestMeetDataService({
    repo: createRequestMeetDataRepository(deps.db),
    contracts: createRequestContractRepository(deps.db),
    tenancy: deps.tenancy,
    send: deps.send,
  });
  requestMeetDataRoutes(app, { meetData, contextOf: deps.contextOf });
  return meetData;
};
