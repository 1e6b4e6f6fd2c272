import type { ReportFilters, ReportKind } from '@tourdesk/contract/api/report-routes';

/** Query keys of the reports screen. */
export const reportKeys = {
  all: ['report'] as const,
  report: (kind: ReportKind, filters: ReportFilters) => [...reportKeys.all, kind, filters] as const,
  tours: (orgId: number) => [...reportKeys.all, 'tours', orgId] as const,
};
