import type { FastifyInstance } from 'fastify';
import { reportApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { attachment } from '../../lib/content-disposition';
import { registerRoute } from '../../lib/route';
import { reportCsv, reportFileName, reportXlsx } from './report.export';
import type { ReportService } from './report.service';
import { reportTable } from './report.table';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The reports screen's API: one JSON route per report, and the export of any of them. */
export const reportRoutes = (app: FastifyInstance, deps: { reports: ReportService; contextOf: ContextOf }): void => {
  const { reports: s, contextOf } = deps;
  registerRoute(app, reportApi.revenue, ({ request, query }) => s.revenue(contextOf(request), query));
  registerRoute(app, reportApi.sales, ({ request, query }) => s.sales(contextOf(request), query));
  registerRoute(app, reportApi.occupancy, ({ request, query }) => s.occupancy(contextOf(request), query));
  registerRoute(app, reportApi.cancellations, ({ request, query }) => s.cancellations(contextOf(request), query));
  registerRoute(app, reportApi.ledger, ({ request, query }) => s.ledger(contextOf(request), query));
  registerRoute(app, reportApi.export, async ({ request, query, reply }) => {
    const ctx = contextOf(request);
    const { report: kind, format, ...filters } = query;
    const table = reportTable(kind, await s.byKind(ctx, kind, filters), ctx.lang);
    const body = format === 'csv' ? reportCsv(table, ctx.lang) : await reportXlsx(table, ctx.lang);
    return reply
      .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .header('content-disposition', attachment(reportFileName(kind, query.date_from, query.date_to, format)))
      .header('cache-control', 'private, no-store')
      .send(body) as unknown as Uint8Array;
  });
};
