import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, LoadingState, Pagination, toast } from '@tourdesk/ui';
import { ClipboardList, Pencil, Trash2 } from 'lucide-react';
import { TOUR_DATES_PAGE_SIZE } from '@tourdesk/contract/api/tour-routes';
import type { Tour, TourDate } from '@tourdesk/contract/entities/tour';
import type { ScheduleType } from '@tourdesk/contract/enum-values';
import { QueryErrorState } from '../../../components/query-error-state';
import { Segmented } from '../../../components/segmented';
import { useRemoveTourDate, useTourDatesPage, type TourDatesPageParams } from '../api/tour-dates';
import { useDepartureText, useRemoveErrorToast } from './tour-date-text';

type Period = TourDatesPageParams['period'];

/** A departure's terms in one line: price, prepayment, when the full price is due, its variant. */
function Terms({ date, currency }: { date: TourDate; currency: string }) {
  const { t } = useTranslation('tours');
  const text = useDepartureText(currency);
  const parts = [
    text.money(date.price),
    date.prepayment_size > 0
      ? t('dates.prepaymentIs', {
          size: date.prepayment_type === 'currency' ? text.money(date.prepayment_size) : `${date.prepayment_size}%`,
        })
      : null,
    date.full_payment_days !== null ? t('dates.fullPaymentIs', { count: date.full_payment_days }) : null,
    date.tour_variant,
  ].filter(Boolean);
  return <span className="text-neutral-700">{parts.join(' · ')}</span>;
}

/**
 * The tour's departures page by page, upcoming (soonest first) or past: each with its days,
 * price, free seats and flags, to change or remove (one with bookings stays: the server says so).
 */
export function TourDateList({
  tour,
  label,
  scheduleType,
  canRemove = () => true,
  onEdit,
}: {
  tour: Tour;
  /** the list's accessible name */
  label: string;
  scheduleType?: ScheduleType;
  /** a departure the week schedule would make again is not offered for removal */
  canRemove?: (date: TourDate) => boolean;
  onEdit: (date: TourDate) => void;
}) {
  const { t } = useTranslation('tours');
  const [period, setPeriod] = useState<Period>('upcoming');
  const [page, setPage] = useState(1);
  const dates = useTourDatesPage(tour.tour_organizer_id, tour.id, { page, period, scheduleType });
  const remove = useRemoveTourDate(tour.tour_organizer_id, tour.id);
  const removeError = useRemoveErrorToast();
  const text = useDepartureText(tour.currency);
  const total = dates.data?.total ?? 0;
  // a removal that emptied the last page shows the one before it
  const lastPage = Math.max(1, Math.ceil(total / TOUR_DATES_PAGE_SIZE));
  if (dates.isSuccess && !dates.isPlaceholderData && page > lastPage) setPage(lastPage);

  return (
    <div className="flex flex-col gap-3">
      <Segmented<Period>
        label={t('dates.period')}
        value={period}
        options={[
          { value: 'upcoming', text: t('dates.upcoming') },
          { value: 'past', text: t('dates.past') },
        ]}
        onChange={(v) => {
          setPeriod(v ?? 'upcoming');
          setPage(1);
        }}
      />
      {dates.isPending ? (
        <LoadingState />
      ) : dates.isError ? (
        <QueryErrorState error={dates.error} onRetry={() => void dates.refetch()} />
      ) : dates.data.items.length === 0 ? (
        <p className="py-2 text-sm text-neutral-500">{period === 'past' ? t('dates.nonePast') : t('dates.none')}</p>
      ) : (
        <ul
          className="divide-y divide-neutral-100 rounded-xl border border-neutral-200"
          aria-label={label}
          aria-busy={dates.isFetching || undefined}
        >
          {dates.data.items.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm sm:px-4">
              {/* on a phone the days take their own line, the seats and buttons the next */}
              <div className="flex min-w-0 basis-full flex-col gap-0.5 sm:flex-1 sm:basis-auto">
                <span className="font-medium text-neutral-900">{text.when(d)}</span>
                <span className="flex flex-wrap gap-x-3 gap-y-0.5">
                  <Terms date={d} currency={tour.currency} />
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span
                  className={
                    d.number_of_free_seats > 0 ? 'font-medium text-success-700' : 'font-medium text-neutral-500'
                  }
                >
                  {text.seats(d)}
                </span>
                {d.not_guaranteed && (
                  <span className="rounded bg-warning-50 px-1.5 py-0.5 text-xs text-warning-800">
                    {t('dates.notGuaranteed')}
                  </span>
                )}
                {d.flight_included && (
                  <span className="rounded bg-primary-50 px-1.5 py-0.5 text-xs text-primary-800">
                    {t('dates.flightIncluded')}
                  </span>
                )}
              </div>
              <div className="ms-auto flex gap-1">
                {/* the departure's travellers: the rooming list (manifest) to print or export */}
                <Button variant="ghost" size="sm" asChild>
                  <Link
                    to={`/${tour.tour_organizer_id}/tours/${tour.id}/departures/${d.id}/rooming-list`}
                    aria-label={t('roomingLink.open', { when: text.when(d) })}
                    title={t('roomingLink.open', { when: text.when(d) })}
                  >
                    <ClipboardList size={15} aria-hidden="true" />
                  </Link>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('dates.editOne', { when: text.when(d) })}
                  onClick={() => onEdit(d)}
                >
                  <Pencil size={15} aria-hidden="true" />
                </Button>
                {canRemove(d) && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-danger-700"
                    aria-label={t('dates.remove', { when: text.when(d) })}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(d.id, { onSuccess: () => toast.success(t('dates.removed')), onError: removeError })
                    }
                  >
                    <Trash2 size={15} aria-hidden="true" />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > TOUR_DATES_PAGE_SIZE && (
        <Pagination
          page={page}
          total={total}
          pageSize={TOUR_DATES_PAGE_SIZE}
          onPageChange={setPage}
          label={t('dates.pages', { label })}
        />
      )}
    </div>
  );
}
