import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoiceListResponse } from '@tourdesk/contract/api/invoice';
import { INVOICE_LIST_PAGE_SIZE, invoiceRoutes } from '@tourdesk/contract/api/invoice-routes';
import { requestListRoutes } from '@tourdesk/contract/api/request-list-routes';
import type { InvoiceStatus, PaymentMethod } from '@tourdesk/contract/enum-values';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { paymentKeys } from './payment-keys';

/** The payments screen's filters (GET invoice/list and export-csv); absent: no filter. */
export interface InvoiceFilters {
  /** the invoices made in this period (the organizer's days, inclusive), YYYY-MM-DD */
  date_from?: string;
  date_to?: string;
  tour_id?: number;
  /** invoices with a payment by this method */
  method?: PaymentMethod;
  status?: InvoiceStatus;
}

/** The query of list and export-csv: the organizer and the filters that are set. */
export const invoiceQuery = (orgId: number, f: InvoiceFilters) => ({
  organizer_id: orgId,
  ...(f.date_from ? { date_from: f.date_from } : {}),
  ...(f.date_to ? { date_to: f.date_to } : {}),
  ...(f.tour_id ? { tour_id: f.tour_id } : {}),
  ...(f.method ? { method: f.method } : {}),
  ...(f.status ? { status: f.status } : {}),
});

/** A page of the organizer's invoices with their payments, and the totals per currency of every page. */
export const useInvoiceList = (orgId: number, filters: InvoiceFilters, page: number) =>
  useQuery<InvoiceListResponse, ApiError>({
    queryKey: [...paymentKeys.list(orgId, filters), page],
    queryFn: ({ signal }) =>
      api.call(invoiceRoutes.list, {
        query: { ...invoiceQuery(orgId, filters), page, limit: INVOICE_LIST_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export interface TourChoice {
  id: number;
  name: string;
}

/** The tours the organizer has requests of (departures and individual tours), by name: the tour filter's choices. */
export const useInvoiceTours = (orgId: number) =>
  useQuery<TourChoice[], ApiError>({
    queryKey: paymentKeys.tours(orgId),
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
