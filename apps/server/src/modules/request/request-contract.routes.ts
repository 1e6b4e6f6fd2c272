import type { FastifyInstance } from 'fastify';
import { requestDocsApi } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { Tenancy } from '../../lib/tenancy';
import type { UploadService } from '../upload';
import { createRequestContractRepository } from './request-contract.repository';
import { createRequestContractService, type RequestContractService } from './request-contract.service';
import { createRoomingListRepository } from './rooming-list.repository';
import { attachment } from '../../lib/content-disposition';
import { roomingListRoutes } from './rooming-list.routes';
import { createRoomingListService } from './rooming-list.service';

/** GET download-contract: the PDF, made on each call (with its length, so a download can show progress). */
export const requestContractRoutes = (
  app: FastifyInstance,
  deps: { contracts: RequestContractService; contextOf: ContextOf },
): void => {
  const { contracts, contextOf } = deps;
  registerRoute(app, requestDocsApi.downloadContract, async ({ request, query, reply }) => {
    const pdf = await contracts.download(contextOf(request), query.id, query.use_stamp === 1);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(pdf.name))
      .header('content-length', pdf.data.length)
      .header('cache-control', 'private, no-store')
      .header('x-contract-template', pdf.source)
      .send(pdf.data) as unknown as Uint8Array;
  });
};

/** The documents of bookings (app.ts): the contract PDF of a request and the rooming list of a departure. */
export const registerRequestDocs = (
  app: FastifyInstance,
  deps: { db: Db; tenancy: Tenancy; uploads: Pick<UploadService, 'serve'>; brandName: string; contextOf: ContextOf },
): void => {
  const { db, tenancy, uploads, brandName, contextOf } = deps;
  requestContractRoutes(app, {
    contracts: createRequestContractService({ repo: createRequestContractRepository(db), tenancy, uploads, brandName }),
    contextOf,
  });
  roomingListRoutes(app, {
    roomingList: createRoomingListService({ repo: createRoomingListRepository(db), tenancy }),
    contextOf,
  });
};
