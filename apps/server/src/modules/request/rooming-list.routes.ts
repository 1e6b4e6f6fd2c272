import type { FastifyInstance } from 'fastify';
import { requestDocsApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { attachment } from '../../lib/content-disposition';
import { registerRoute } from '../../lib/route';
import { roomingFileName } from './rooming-list.columns';
import { roomingListCsv } from './rooming-list.csv';
import type { RoomingListService } from './rooming-list.service';
import { roomingListXlsx } from './rooming-list.xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The rooming list of a departure: JSON for the page, CSV and XLSX to download (in the caller's X-Language). */
export const roomingListRoutes = (
  app: FastifyInstance,
  deps: { roomingList: RoomingListService; contextOf: ContextOf },
): void => {
  const { roomingList: s, contextOf } = deps;
  registerRoute(app, requestDocsApi.roomingList, ({ request, query }) => s.get(contextOf(request), query.tour_date_id));
  registerRoute(app, requestDocsApi.roomingListCsv, async ({ request, query, reply }) => {
    const ctx = contextOf(request);
    const list = await s.get(ctx, query.tour_date_id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(roomingFileName(list, ctx.lang, 'csv')))
      .header('cache-control', 'private, no-store')
      .send(roomingListCsv(list, ctx.lang)) as unknown as Uint8Array;
  });
  registerRoute(app, requestDocsApi.roomingListXlsx, async ({ request, query, reply }) => {
    const ctx = contextOf(request);
    const list = await s.get(ctx, query.tour_date_id);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment(roomingFileName(list, ctx.lang, 'xlsx')))
      .header('cache-control', 'private, no-store')
      .send(await roomingListXlsx(list, ctx.lang)) as unknown as Uint8Array;
  });
};
