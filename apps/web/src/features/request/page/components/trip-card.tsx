import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, LoadingState, Modal, Select, toast } from '@tourdesk/ui';
import { CalendarClock, Map } from 'lucide-react';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import type { TourDate } from '@tourdesk/contract/entities/tour';
import { TOUR_TYPE } from '@tourdesk/contract/enum-values';
import { QueryErrorState } from '../../../../components/query-error-state';
import { fieldMessage } from '../../../../lib/form-errors';
import { useRequestTourDates, useUpdateRequest } from '../api/request';
import { useRequestPricing } from '../api/request-pricing';
import { useRequestFormat, type RequestFormat } from '../request-format';
import { isCancelable } from './request-header';

/** The departure's days, time, variant and free seats, as the select lists them. */
const departureText = (d: TourDate, format: RequestFormat, seats: string) =>
  [format.when(d.date_start, d.date_end, d.time_start), d.tour_variant, format.money(d.price), seats]
    .filter(Boolean)
    .join(' · ');

/** Moves the request to another departure of its tour with enough free seats (tour-dates → update). */
function DepartureChangeModal({
  request,
  seats,
  repriced,
  open,
  onClose,
}: {
  request: BookingRequest;
  /** the seats the booking needs (an infant on a lap takes none) */
  seats: number;
  /** a booking by category: its lines are repriced at the new departure's price */
  repriced: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const dates = useRequestTourDates(request.request_id, open);
  const update = useUpdateRequest();
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  // the request's own seats count as free for it on its own departure
  const usable = (d: TourDate) => d.id === request.tour_date_id || d.number_of_free_seats >= seats;
  const options = (dates.data?.items ?? [])
    .filter((d) => d.id === request.tour_date_id || d.number_of_free_seats > 0)
    .map((d) => ({
      value: String(d.id),
      text: departureText(
        d,
        format,
        d.id === request.tour_date_id ? t('departure.current') : t('departure.free', { count: d.number_of_free_seats }),
      ),
      disabled: !usable(d),
    }));
  const close = () => {
    setChosen(null);
    setError(undefined);
    onClose();
  };
  const save = () => {
    if (chosen === null || chosen === request.tour_date_id) {
      close();
      return;
    }
    update.mutate(
      { id: request.request_id, tour_date_id: chosen },
      {
        onSuccess: () => {
          toast.success(t('departure.changed'));
          close();
        },
        onError: (e) =>
          setError(fieldMessage(e, 'tour_date_id', t) ?? fieldMessage(e, 'tourists_count', t) ?? undefined),
      },
    );
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      width="form"
      title={t('departure.changeTitle')}
      description={t('departure.changeText', { count: seats }) + (repriced ? ` ${t('departure.repricedText')}` : '')}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            {t('departure.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending} disabled={!dates.data}>
            {t('departure.save')}
          </Button>
        </>
      }
    >
      {dates.isPending ? (
        <LoadingState />
      ) : dates.isError ? (
        <QueryErrorState error={dates.error} onRetry={() => void dates.refetch()} />
      ) : options.length === 0 ? (
        <p className="text-sm text-neutral-600">{t('departure.none')}</p>
      ) : (
        <Field label={t('departure.choose')} error={error}>
          <Select
            options={options}
            value={String(chosen ?? request.tour_date_id ?? '')}
            onChange={(v) => {
              setError(undefined);
              setChosen(v === null ? null : Number(v));
            }}
            invalid={Boolean(error)}
          />
        </Field>
      )}
    </Modal>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-neutral-500 uppercase">{term}</dt>
      <dd className="text-sm text-neutral-900">{children}</dd>
    </div>
  );
}

/** The tour and its departure (or an individual tour's own dates), and the move to another departure. */
export function TripCard({ orgId, request }: { orgId: number; request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const [changing, setChanging] = useState(false);
  const d = request.departure;
  // a booking by category (more than its adults, extras, manual lines, a promo code) moves through
  // change-booking on the server: its lines repriced at the new departure's price
  const pricing = useRequestPricing(request.request_id).data?.pricing;
  const byCategory =
    pricing !== undefined &&
    !(
      pricing.travellers.every((line) => line.code === 'adult' || line.count === 0) &&
      pricing.extras.length === 0 &&
      pricing.adjustments.length === 0 &&
      pricing.promo === null
    );
  const seats = pricing
    ? pricing.travellers.reduce((n, line) => n + (line.takes_seat ? line.count : 0), 0)
    : request.tourists_count;
  const canMove = !request.is_individual_tour && request.tour !== null && isCancelable(request);
  return (
    <Card
      title={t('departure.title')}
      actions={
        canMove && (
          <Button size="sm" variant="outline" onClick={() => setChanging(true)}>
            <CalendarClock size={15} aria-hidden="true" />
            {t('departure.change')}
          </Button>
        )
      }
    >
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Fact term={t('departure.tour')}>
          {request.tour ? (
            <Link
              to={`/${orgId}/tours/${request.tour.id}`}
              className="inline-flex items-center gap-1.5 font-medium text-primary-700 hover:underline"
            >
              <Map size={15} aria-hidden="true" />
              {request.tour.name}
            </Link>
          ) : (
            t('departure.noTour')
          )}
          {request.tour?.type === TOUR_TYPE.excursion && (
            <span className="ms-2 rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
              {t('departure.excursion')}
            </span>
          )}
        </Fact>
        <Fact term={request.is_individual_tour ? t('departure.individualDates') : t('departure.dates')}>
          {d
            ? format.when(d.date_start, d.date_end, d.time_start)
            : request.date_start
              ? format.when(request.date_start, request.date_end)
              : t('departure.noDates')}
          {request.is_individual_tour && (
            <span className="ms-2 rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800">
              {t('departure.individual')}
            </span>
          )}
        </Fact>
        {d?.tour_variant && <Fact term={t('departure.variant')}>{d.tour_variant}</Fact>}
        <Fact term={t('departure.tourists')}>{t('departure.touristsCount', { count: request.tourists_count })}</Fact>
        {d && (
          <Fact term={t('departure.seats')}>
            {t('departure.seatsText', { free: d.number_of_free_seats, total: d.number_of_seats })}
          </Fact>
        )}
        {d?.full_payment_days !== null && d?.full_payment_days !== undefined && (
          <Fact term={t('departure.fullPayment')}>
            {t('departure.fullPaymentDays', { count: d.full_payment_days })}
          </Fact>
        )}
      </dl>
      {canMove && (
        <DepartureChangeModal
          request={request}
          seats={seats}
          repriced={byCategory}
          open={changing}
          onClose={() => setChanging(false)}
        />
      )}
    </Card>
  );
}
