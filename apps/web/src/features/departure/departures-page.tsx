import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, LoadingState, cn } from '@tourdesk/ui';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { departureFullness, type DepartureFullness } from '@tourdesk/contract/api/departure-values';
import { roleCan } from '@tourdesk/contract/team-values';
import type { CalendarDeparture } from '@tourdesk/contract/api/departure';
import { PageHeader } from '../../components/coming-soon';
import { QueryErrorState } from '../../components/query-error-state';
import { useRealtimeEvent } from '../../lib/socket/realtime-context';
import { useDepartureCalendar } from './api/departures';
import { DepartureDialog } from './departure-dialog';
import { useOrganizerList } from '../organizer';
import { CALENDAR_VIEWS, daysOf, isoDay, rangeOf, shift, type CalendarView } from './calendar-range';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FULLNESS_CLASS: Record<DepartureFullness, string> = {
  low: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  medium: 'border-amber-300 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  high: 'border-orange-400 bg-orange-50 text-orange-900 dark:bg-orange-950 dark:text-orange-100',
  full: 'border-red-400 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** The view, day and filters the address holds (?view=&day=&tour_id=&guide_id=). */
export const calendarStateOf = (params: URLSearchParams, today: string) => {
  const view = params.get('view') as CalendarView;
  const day = params.get('day') ?? '';
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view) ? view : 'month',
    day: DAY.test(day) ? day : today,
    tourId: Number(params.get('tour_id')) || null,
    guideId: Number(params.get('guide_id')) || null,
  };
};

/** One departure: tour, time, booked / held / capacity, how full (in words too), guides; opens its manifest. */
export function DepartureChip({ orgId, d }: { orgId: number; d: CalendarDeparture }) {
  const { t } = useTranslation('departures');
  const fullness = departureFullness(d.booked + d.held, d.capacity, d.free);
  return (
    <Link
      to={`/${orgId}/departures/${d.tour_date_id}/manifest`}
      className={cn(
        'block rounded-md border px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-primary-500',
        FULLNESS_CLASS[fullness],
        d.status === 'canceled' && 'border-dashed opacity-70',
      )}
      data-fullness={fullness}
      data-status={d.status}
    >
      <span className="font-medium">{d.tour_name}</span>
      {d.status === 'canceled' ? <span className="ms-1 font-semibold uppercase">· {t('canceled')}</span> : null}
      {d.time_start ? <span className="ms-1">{d.time_start}</span> : null}
      <span className="block">
        {t('seats', { booked: d.booked, held: d.held, capacity: d.capacity })} · {t(`fullness.${fullness}`)}
      </span>
      {d.checked_in > 0 ? (
        <span className="block text-xs font-medium" data-testid="departure-checked-in">
          {t('checkedIn', { count: d.checked_in })}
        </span>
      ) : null}
      {d.guides.length > 0 ? (
        <span className="block text-xs">
          {t('guides')}: {d.guides.map((g) => `${g.first_name} ${g.last_name}`.trim()).join(', ')}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * /{orgId}/departures: every departure across tours by month, week or day, coloured by how full it
 * is, filtered by tour and guide; live (departure_was_updated, request events). ← / → move the period.
 */
export function DeparturesPage() {
  const { t, i18n } = useTranslation('departures');
  const orgId = Number(useParams().orgId);
  const [params, setParams] = useSearchParams();
  const today = isoDay(new Date(Date.UTC(new Date().getFullYear(), new Date().getMonth(), new Date().getDate())));
  const state = calendarStateOf(params, today);
  const { from, to } = rangeOf(state.view, state.day);
  const query = useDepartureCalendar(orgId, from, to);
  // the departure panel: for members who may change departures (issue 29)
  const role = useOrganizerList().data?.find((o) => o.id === orgId)?.role;
  const canManage = role !== undefined && roleCan(role, 'departures.write');
  const [managed, setManaged] = useState<number | null>(null);
  const refetch = () => void query.refetch();
  useRealtimeEvent('departure_was_updated', refetch);
  useRealtimeEvent('new_request_in_crm', refetch);
  useRealtimeEvent('request_in_crm_update_status', refetch);

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const tours = useMemo(() => [...new Map(items.map((d) => [d.tour_id, d.tour_name])).entries()], [items]);
  const guides = useMemo(
    () => [
      ...new Map(items.flatMap((d) => d.guides.map((g) => [g.id, `${g.first_name} ${g.last_name}`.trim()]))).entries(),
    ],
    [items],
  );
  const shown = items.filter(
    (d) =>
      (!state.tourId || d.tour_id === state.tourId) && (!state.guideId || d.guides.some((g) => g.id === state.guideId)),
  );
  const byDay = new Map<string, CalendarDeparture[]>();
  for (const d of shown) {
    const day = d.date_start < from ? from : d.date_start;
    byDay.set(day, [...(byDay.get(day) ?? []), d]);
  }
  const days = daysOf(from, to).filter((d) => state.view === 'day' || byDay.has(d));
  const dayLabel = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.language, {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
  // ← / → move the period, unless a field has the keys
  const move = (step: -1 | 1) => set({ day: shift(state.view, state.day, step) });
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || (e.target as HTMLElement | null)?.closest?.('select, input, textarea')) return;
      if (e.key === 'ArrowLeft') move(-1);
      if (e.key === 'ArrowRight') move(1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} />
      <div className="flex flex-wrap items-end gap-2">
        <div role="group" aria-label={t('view')} className="flex gap-1">
          {CALENDAR_VIEWS.map((v) => (
            <Button
              key={v}
              size="sm"
              variant={state.view === v ? 'primary' : 'secondary'}
              aria-pressed={state.view === v}
              onClick={() => set({ view: v === 'month' ? null : v })}
            >
              {t(`views.${v}`)}
            </Button>
          ))}
        </div>
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('previous')}
          onClick={() => set({ day: shift(state.view, state.day, -1) })}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <Button size="sm" variant="secondary" onClick={() => set({ day: null })}>
          {t('today')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('next')}
          onClick={() => set({ day: shift(state.view, state.day, 1) })}
        >
          <ChevronRight aria-hidden className="size-4" />
        </Button>
        <p className="text-sm font-medium" aria-live="polite">
          {from === to ? dayLabel(from) : `${dayLabel(from)} – ${dayLabel(to)}`}
        </p>
        <label className="flex flex-col text-xs">
          {t('tour')}
          <select
            className="rounded-md border px-2 py-1 text-sm"
            value={state.tourId ?? ''}
            onChange={(e) => set({ tour_id: e.target.value || null })}
          >
            <option value="">{t('allTours')}</option>
            {tours.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs">
          {t('guide')}
          <select
            className="rounded-md border px-2 py-1 text-sm"
            value={state.guideId ?? ''}
            onChange={(e) => set({ guide_id: e.target.value || null })}
          >
            <option value="">{t('allGuides')}</option>
            {guides.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <QueryErrorState error={query.error} onRetry={refetch} />
      ) : shown.length === 0 ? (
        <EmptyState icon={<CalendarDays aria-hidden />} title={t('empty')} />
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('title')}>
          {days.map((day) => (
            <li key={day}>
              <Card className="flex flex-col gap-2 p-3">
                <h2 className="text-sm font-semibold">{dayLabel(day)}</h2>
                <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                  {(byDay.get(day) ?? []).map((d) => (
                    <li key={d.tour_date_id} className="flex flex-col gap-1">
                      <DepartureChip orgId={orgId} d={d} />
                      {canManage ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          className="self-start"
                          aria-label={t('panel.manageOf', { tour: d.tour_name, day: dayLabel(d.date_start) })}
                          onClick={() => setManaged(d.tour_date_id)}
                        >
                          {t('panel.manage')}
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ol>
      )}
      <DepartureDialog
        orgId={orgId}
        departure={items.find((d) => d.tour_date_id === managed) ?? null}
        canLink={role !== undefined && roleCan(role, 'members')}
        onClose={() => setManaged(null)}
      />
    </div>
  );
}
