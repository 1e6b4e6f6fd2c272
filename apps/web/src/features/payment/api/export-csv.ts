import { useMutation } from '@tanstack/react-query';
import { invoiceRoutes } from '@tourdesk/contract/api/invoice-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { saveFile } from '../../../lib/api/download';
import { invoiceQuery, type InvoiceFilters } from './invoice-list';

/** GET invoice/export-csv: the invoices the filters match, its headings in the given language. */
export const downloadInvoicesCsv = async (
  orgId: number,
  filters: InvoiceFilters,
  language: string,
): Promise<{ blob: Blob; name: string }> => {
  const file = await api.download(invoiceRoutes.exportCsv, {
    query: invoiceQuery(orgId, filters),
    headers: { 'X-Language': language },
  });
  return { blob: file.blob, name: file.name ?? 'payments.csv' };
};

/** Downloads the invoices the filters match as a CSV file (the name the server gives). */
export const useExportInvoicesCsv = (orgId: number, language: string) =>
  useMutation<void, ApiError, InvoiceFilters>({
    mutationFn: async (filters) => {
      const file = await downloadInvoicesCsv(orgId, filters, language);
      saveFile(file.blob, file.name);
    },
  });
