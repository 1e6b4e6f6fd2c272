import { useTranslation } from 'react-i18next';
import { cn } from '@tourdesk/ui';
import type { BookingStatus } from '@tourdesk/contract/enum-values';

/** Colour of each SPEC §4 status: waiting on the provider, on the tourist, paid, done, canceled. */
const STATUS_TONE: Record<BookingStatus, string> = {
  1: 'bg-warning-50 text-warning-800 ring-warning-200',
  2: 'bg-primary-50 text-primary-700 ring-primary-200',
  3: 'bg-success-50 text-success-700 ring-success-200',
  4: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
  5: 'bg-danger-50 text-danger-700 ring-danger-200',
  6: 'bg-danger-50 text-danger-700 ring-danger-200',
  7: 'bg-danger-50 text-danger-700 ring-danger-200',
  8: 'bg-danger-50 text-danger-700 ring-danger-200',
};

/** A request's status (SPEC §4 names) as a coloured chip. */
export function RequestStatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  const { t } = useTranslation('bookings');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        STATUS_TONE[status],
        className,
      )}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}
