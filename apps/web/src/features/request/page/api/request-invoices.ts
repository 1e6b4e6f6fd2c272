import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CalculatePrepaymentBody,
  CalculatePrepaymentResponse,
  InvoiceUpdateBody,
  RefundBody,
} from '@tourdesk/contract/api/invoice';
import { invoiceRoutes } from '@tourdesk/contract/api/invoice-routes';
import type { Invoice, InvoiceInput } from '@tourdesk/contract/entities/invoice';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { requestPageKeys } from './request-keys';

/** An invoice changes the request's money (balance, what is asked): the whole request refetches. */
const useRefetchRequest = (requestId: number) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: requestPageKeys.all(requestId) });
};

export const useCreateInvoice = (requestId: number) => {
  const refetch = useRefetchRequest(requestId);
  return useMutation<Invoice, ApiError, Omit<InvoiceInput, 'request_id'>>({
    mutationFn: (body) => api.call(invoiceRoutes.createPayment, { body: { ...body, request_id: requestId } }),
    onSuccess: refetch,
  });
};

export const useUpdateInvoice = (requestId: number) => {
  const refetch = useRefetchRequest(requestId);
  return useMutation<Invoice, ApiError, InvoiceUpdateBody>({
    mutationFn: (body) => api.call(invoiceRoutes.updateInvoice, { body: { ...body, request_id: requestId } }),
    onSuccess: refetch,
  });
};

export const useCancelInvoice = (requestId: number) => {
  const refetch = useRefetchRequest(requestId);
  return useMutation<Invoice, ApiError, number>({
    mutationFn: (id) => api.call(invoiceRoutes.cancelInvoice, { body: { id } }),
    onSuccess: refetch,
  });
};

export const useRefundPayment = (requestId: number) => {
  const refetch = useRefetchRequest(requestId);
  return useMutation<Invoice, ApiError, RefundBody>({
    mutationFn: (body) => api.call(invoiceRoutes.refund, { body }),
    onSuccess: refetch,
  });
};

/**
 * calculate-prepayment as the invoice form's fields change: each call aborts the one before it
 * (AbortController), so a slow older answer can never overwrite a newer one; the form's closing
 * aborts the last. Resolves null for an aborted call.
 */
export const usePrepaymentCalculator = () => {
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  return useCallback(async (body: CalculatePrepaymentBody): Promise<CalculatePrepaymentResponse | null> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    try {
      const answer = await api.call(invoiceRoutes.calculatePrepayment, { body, signal: controller.signal });
      return controller.signal.aborted ? null : answer;
    } catch (error) {
      if (controller.signal.aborted) return null;
      throw error;
    } finally {
      if (current.current === controller) current.current = null;
    }
  }, []);
};
