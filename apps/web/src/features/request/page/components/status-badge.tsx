import { useTranslation } from 'react-i18next';
import { cn } from '@tourdesk/ui';
import { BOOKING_STATUS, isBookingCanceled, type BookingStatus } from '@tourdesk/contract/enum-values';

const TONE: Record<number, string> = {
  [BOOKING_STATUS.pending_confirm]: 'bg-warning-50 text-warning-800 ring-warning-200',
  [BOOKING_STATUS.pending_prepayment]: 'bg-primary-50 text-primary-800 ring-primary-200',
  [BOOKING_STATUS.made_prepayment]: 'bg-success-50 text-success-800 ring-success-200',
  [BOOKING_STATUS.tour_complete]: 'bg-neutral-100 text-neutral-800 ring-neutral-200',
};

/** A request's status (SPEC §4) by its name in the interface language. */
export function StatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  const { t } = useTranslation('bookings');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        isBookingCanceled(status) ? 'bg-danger-50 text-danger-800 ring-danger-200' : TONE[status],
        className,
      )}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}
