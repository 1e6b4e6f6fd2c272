import { useMutation } from '@tanstack/react-query';
import { invoiceRoutes } from '@tourdesk/contract/api/invoice-routes';
import { api } from '../../../lib/api/client';
import { toApiError, type ApiError } from '../../../lib/api/api-error';
import { getToken } from '../../../lib/api/token-storage';
import { fileNameOf, saveFile } from '../../../lib/api/download';
import { invoiceQuery, type InvoiceFilters } from './invoice-list';

/**
 * GET invoice/export-csv: bytes, not JSON, so fetched here with the client's headers (the access
 * token; the language the file's headings are in). An expired token is renewed by one call
 * through the API client (which refreshes it), then the download is tried once more.
 */
export const downloadInvoicesCsv = async (
  orgId: number,
  filters: InvoiceFilters,
  language: string,
): Promise<{ blob: Blob; name: string }> => {
  const query = new URLSearchParams(
    Object.entries(invoiceQuery(orgId, filters)).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const attempt = async (): Promise<Response> => {
    const headers: Record<string, string> = { 'X-Language': language, 'X-USER-ROLE': 'org' };
    const token = getToken();
    if (token) headers['X-Authorization'] = `Bearer ${token}`;
    try {
      return await fetch(`${invoiceRoutes.exportCsv.path}?${query.toString()}`, {
        headers,
        credentials: 'same-origin',
      });
    } catch {
      throw toApiError(0, null);
    }
  };
  let res = await attempt();
  if (res.status === 401 && getToken()) {
    await api.call(invoiceRoutes.list, { query: { organizer_id: orgId, page: 1, limit: 1 } });
    res = await attempt();
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text as it is
    }
    throw toApiError(res.status, body);
  }
  return { blob: await res.blob(), name: fileNameOf(res.headers.get('content-disposition')) ?? 'payments.csv' };
};

/** Downloads the invoices the filters match as a CSV file (the name the server gives). */
export const useExportInvoicesCsv = (orgId: number, language: string) =>
  useMutation<void, ApiError, InvoiceFilters>({
    mutationFn: async (filters) => {
      const file = await downloadInvoicesCsv(orgId, filters, language);
      saveFile(file.blob, file.name);
    },
  });
