import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  reportQueryParams,
  reportRoutes,
  type ReportFilters,
  type ReportFormat,
  type ReportKind,
} from '@tourdesk/contract/api/report-routes';
import type {
  CancellationsReport,
  LedgerReport,
  OccupancyReport,
  RevenueReport,
  SalesReport,
} from '@tourdesk/contract/api/report';
import { requestListRoutes } from '@tourdesk/contract/api/request-list-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { saveFile } from '../../../lib/api/download';
import { reportKeys } from './report-keys';

/** What each report answers. */
export interface ReportData {
  revenue: RevenueReport;
  sales: SalesReport;
  occupancy: OccupancyReport;
  cancellations: CancellationsReport;
  ledger: LedgerReport;
}

/** One report for the filters (the previous figures stay on screen while new ones load). */
export const useReport = <K extends ReportKind>(kind: K, filters: ReportFilters) =>
  useQuery<ReportData[K], ApiError>({
    queryKey: reportKeys.report(kind, filters),
    queryFn: ({ signal }) =>
      api.call(reportRoutes[kind] as typeof reportRoutes.revenue, {
        query: reportQueryParams(filters),
        signal,
      }) as Promise<ReportData[K]>,
    // the previous figures of the same report only: another tab's have another shape
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === kind ? keepPreviousData(previous) : undefined,
    staleTime: 30_000,
  });

/** GET report/export: the report as CSV or XLSX, its headings in the given language. */
export const downloadReport = async (
  kind: ReportKind,
  format: ReportFormat,
  filters: ReportFilters,
  language: string,
): Promise<{ blob: Blob; name: string }> => {
  const file = await api.download(reportRoutes.export, {
    query: { ...reportQueryParams(filters), report: kind, format },
    headers: { 'X-Language': language },
  });
  return { blob: file.blob, name: file.name ?? `report-${kind}.${format}` };
};

/** Downloads a report as a file (the name the server gives). */
export const useExportReport = (language: string) =>
  useMutation<void, ApiError, { kind: ReportKind; format: ReportFormat; filters: ReportFilters }>({
    mutationFn: async ({ kind, format, filters }) => {
      const file = await downloadReport(kind, format, filters, language);
      saveFile(file.blob, file.name);
    },
  });

export interface TourChoice {
  id: number;
  name: string;
}

/** The tours the organizer has requests of (departures and individual tours), by name: the tour filter's choices. */
export const useReportTours = (orgId: number) =>
  useQuery<TourChoice[], ApiError>({
    queryKey: reportKeys.tours(orgId),
    queryFn: async ({ signal }) => {
      const query = { organizer_id: orgId };
      const [departures, individual] = await Promise.all([
        api.call(requestListRoutes.tours, { query, signal }),
        api.call(requestListRoutes.individualTours, { query, signal }),
      ]);
      const byId = new Map<number, TourChoice>();
      for (const t of [...departures.items, ...individual.items]) byId.set(t.id, { id: t.id, name: t.name });
      return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
  });
