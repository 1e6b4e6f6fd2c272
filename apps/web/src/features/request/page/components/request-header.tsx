import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '@tourdesk/ui';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { BOOKING_STATUS, isBookingCanceled } from '@tourdesk/contract/enum-values';
import { useApiErrorToast } from '../../../../lib/form-errors';
import { useConfirmRequest } from '../api/request';
import { useRequestFormat } from '../request-format';
import { CancelRequestModal } from './cancel-request-modal';
import { HoldNotice } from './hold-notice';
import { StatusBadge } from './status-badge';

/** A request can be canceled until the trip is over (1–3). */
export const isCancelable = (request: BookingRequest): boolean =>
  request.status === BOOKING_STATUS.pending_confirm ||
  request.status === BOOKING_STATUS.pending_prepayment ||
  request.status === BOOKING_STATUS.made_prepayment;

/** The request's number, status and source, the hold, and what can be done with it now. */
export function RequestHeader({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const confirm = useConfirmRequest();
  const toastApiError = useApiErrorToast();
  const [canceling, setCanceling] = useState(false);
  const canceled = isBookingCanceled(request.status);
  return (
    <header className="mb-6 flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-neutral-900 sm:text-[1.75rem]">
              {t('request.title', { id: request.request_id })}
            </h1>
            <StatusBadge status={request.status} />
          </div>
          <p className="mt-1 text-sm text-neutral-600">
            {[
              t(`sources.${request.source}`),
              request.created_at ? t('request.createdAt', { date: format.moment(request.created_at) }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {request.status === BOOKING_STATUS.pending_confirm && (
            <Button
              loading={confirm.isPending}
              onClick={() =>
                confirm.mutate(request.request_id, {
                  onSuccess: () => toast.success(t('request.confirmed')),
                  onError: toastApiError,
                })
              }
            >
              <CheckCircle2 size={16} aria-hidden="true" />
              {t('request.confirm')}
            </Button>
          )}
          {isCancelable(request) && (
            <Button variant="outline" className="text-danger-700" onClick={() => setCanceling(true)}>
              <XCircle size={16} aria-hidden="true" />
              {t('cancel.open')}
            </Button>
          )}
        </div>
      </div>
      {canceled && (
        <div
          role="status"
          className="rounded-xl border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-900"
        >
          <p className="font-medium">
            {request.canceled_at
              ? t('cancel.canceledAt', { date: format.moment(request.canceled_at) })
              : t(`statuses.${request.status}`)}
          </p>
          {request.penalty !== null && request.penalty > 0 && (
            <p className="mt-1">{t('cancel.penaltyKept', { amount: format.money(request.penalty) })}</p>
          )}
          {request.cancel_message && <p className="mt-1 whitespace-pre-line">{request.cancel_message}</p>}
        </div>
      )}
      <HoldNotice request={request} />
      <CancelRequestModal request={request} open={canceling} onClose={() => setCanceling(false)} />
    </header>
  );
}
