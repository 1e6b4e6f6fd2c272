import type { FastifyInstance } from 'fastify';
import { requestDocsApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { RequestContractService } from './request-contract.service';
import { attachment } from '../../lib/content-disposition';

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
