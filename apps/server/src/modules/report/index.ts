import type { ServerModule } from '../../lib/modules';
import { createReportRepository } from './report.repository';
import { reportRoutes } from './report.routes';
import { createReportService, type ReportService } from './report.service';

declare module '../../lib/modules' {
  interface Services {
    /** the organizer's reports: revenue, sales by source, occupancy, cancellations, the payments ledger (issue 28) */
    reports: ReportService;
  }
}

/** Reports (issue 28): read-only aggregates of the request, tour and payment tables, no state of their own. */
export const reportModule: ServerModule = {
  name: 'report',
  create: ({ db, tenancy }) => ({ reports: createReportService({ repo: createReportRepository(db), tenancy }) }),
  routes: (app, { reports }, { contextOf }) => reportRoutes(app, { reports, contextOf }),
};
