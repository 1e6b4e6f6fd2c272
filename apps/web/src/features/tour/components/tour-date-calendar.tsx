import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, cn } from '@tourdesk/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Tour, TourDate } from '@tourdesk/contract/entities/tour';
import type { ScheduleType } from '@tourdesk/contract/enum-values';
import { QueryErrorState } from '../../../components/query-error-state';
import { useMonthDepartures } from '../api/tour-dates';
import { useDepartureText } from './tour-date-text';
import {
  addDays,
  addMonths,
  dayFormat,
  monthGrid,
  monthOf,
  sameDayIn,
  todayIso,
  weekStartOf,
  weekdayName,
  weekdayOf,
} from './tour-date-values';

/** Departures shown in a day's cell; the rest are counted in its name and listed below the calendar. */
const CHIPS_PER_DAY = 3;

/** Where a key moves the active day (null: not a calendar key). */
const moveOf = (event: KeyboardEvent, day: string, weekStart: number): string | null => {
  const weekday = (weekdayOf(day) - weekStart + 7) % 7;
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday);
    case 'End':
      return addDays(day, 6 - weekday);
    case 'PageUp':
      return sameDayIn(day, addMonths(monthOf(day), event.shiftKey ? -12 : -1));
    case 'PageDown':
      return sameDayIn(day, addMonths(monthOf(day), event.shiftKey ? 12 : 1));
    default:
      return null;
  }
};

/**
 * A month of the tour's departures (6 weeks of 7 days, SPEC §9): each on its first day with its
 * time and free/total seats, to open and change; a day from today on starts a new departure.
 * A grid in the WAI-ARIA sense: one day in the Tab order, the arrow keys move between days,
 * Home/End to the week's ends, Page Up/Down between months (with Shift, years); the buttons
 * above change the month too.
 */
export function TourDateCalendar({
  tour,
  scheduleType,
  onAdd,
  onEdit,
}: {
  tour: Tour;
  scheduleType?: ScheduleType;
  /** a day from today on was chosen: start a departure on it */
  onAdd?: (day: string) => void;
  onEdit: (date: TourDate) => void;
}) {
  const { t, i18n } = useTranslation('tours');
  const language = i18n.language;
  const today = todayIso();
  const [active, setActive] = useState(today);
  const month = monthOf(active);
  const focusPending = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const hintId = useId();
  const weekStart = weekStartOf(language);
  const weeks = useMemo(() => monthGrid(month, weekStart), [month, weekStart]);
  const departures = useMonthDepartures(tour.tour_organizer_id, tour.id, month, scheduleType);
  const text = useDepartureText(tour.currency);
  const format = useMemo(
    () => ({
      month: dayFormat(language, { month: 'long', year: 'numeric' }),
      long: dayFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    }),
    [language],
  );
  const byDay = useMemo(() => {
    const map = new Map<string, TourDate[]>();
    for (const d of departures.items) map.set(d.date_start, [...(map.get(d.date_start) ?? []), d]);
    return map;
  }, [departures.items]);

  // a key moved the active day: its button takes the focus once it is drawn (maybe in another month)
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${active}"]`)?.focus();
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const day = (event.target as HTMLElement).dataset.day;
    if (!day) return;
    const next = moveOf(event, day, weekStart);
    if (!next) return;
    event.preventDefault();
    focusPending.current = true;
    setActive(next);
  };
  const toMonth = (n: number) => setActive(sameDayIn(active, addMonths(month, n)));
  const title = format.month(`${month}-01`);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-neutral-900" aria-live="polite">
          {title.charAt(0).toLocaleUpperCase(language) + title.slice(1)}
        </h3>
        {departures.isLoading && <Spinner size={16} stroke={2} />}
        <div className="ms-auto flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => setActive(today)} disabled={month === monthOf(today)}>
            {t('dates.calendar.today')}
          </Button>
          <Button variant="ghost" size="sm" aria-label={t('dates.calendar.previous')} onClick={() => toMonth(-1)}>
            <ChevronLeft size={16} aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="sm" aria-label={t('dates.calendar.next')} onClick={() => toMonth(1)}>
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
        </div>
      </div>
      {departures.error ? (
        <QueryErrorState error={departures.error} onRetry={() => void departures.refetch()} />
      ) : (
        <div
          ref={gridRef}
          role="grid"
          // the days take the focus (one at a time); the grid itself only when given it
          tabIndex={-1}
          aria-labelledby={titleId}
          aria-describedby={hintId}
          aria-busy={departures.isLoading || undefined}
          onKeyDown={onKeyDown}
          className="overflow-hidden rounded-xl border border-neutral-200"
        >
          <div role="row" className="grid grid-cols-7 bg-neutral-50">
            {weeks[0]!.map((day) => (
              <div
                key={day}
                role="columnheader"
                className="px-1 py-1.5 text-center text-xs font-medium text-neutral-600"
              >
                <span aria-hidden="true">{weekdayName(language, weekdayOf(day), 'short')}</span>
                <span className="sr-only">{weekdayName(language, weekdayOf(day))}</span>
              </div>
            ))}
          </div>
          {weeks.map((week) => (
            <div key={week[0]} role="row" className="grid grid-cols-7 border-t border-neutral-200">
              {week.map((day) => {
                const list = byDay.get(day) ?? [];
                const inMonth = monthOf(day) === month;
                const canAdd = Boolean(onAdd) && day >= today;
                const isActive = day === active;
                const name = [
                  format.long(day),
                  list.length ? t('dates.calendar.count', { count: list.length }) : null,
                  canAdd ? t('dates.calendar.newHere') : null,
                ]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <div
                    key={day}
                    role="gridcell"
                    className={cn(
                      'relative flex min-h-16 min-w-0 flex-col gap-0.5 border-s border-neutral-200 p-0.5 first:border-s-0 sm:min-h-20 sm:p-1.5',
                      !inMonth && 'bg-neutral-50/70',
                    )}
                  >
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={isActive ? 0 : -1}
                      aria-label={name}
                      aria-current={day === today ? 'date' : undefined}
                      aria-disabled={!canAdd || undefined}
                      onClick={() => {
                        setActive(day);
                        if (canAdd) onAdd?.(day);
                      }}
                      className={cn(
                        'absolute inset-0 flex items-start justify-start p-1 text-start focus-visible:z-20 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600 sm:p-1.5',
                        canAdd ? 'cursor-pointer hover:bg-primary-50/60' : 'cursor-default',
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          'inline-flex size-6 items-center justify-center rounded-full text-xs tabular-nums',
                          day === today
                            ? 'bg-primary-600 font-semibold text-white'
                            : inMonth && day > today
                              ? 'font-medium text-neutral-900'
                              : 'text-neutral-500',
                        )}
                      >
                        {Number(day.slice(8))}
                      </span>
                    </button>
                    {/* the chips sit over the day's button: the day starts a departure, a chip opens one */}
                    <div className="pointer-events-none relative z-10 mt-7 flex flex-col gap-0.5">
                      {list.slice(0, CHIPS_PER_DAY).map((d) => (
                        <button
                          key={d.id}
                          type="button"
                          tabIndex={isActive ? 0 : -1}
                          aria-label={t('dates.calendar.departure', { when: text.when(d), seats: text.seats(d) })}
                          title={t('dates.calendar.departure', { when: text.when(d), seats: text.seats(d) })}
                          onClick={() => onEdit(d)}
                          className={cn(
                            'pointer-events-auto truncate rounded border px-0.5 py-px text-start text-[10px] leading-4 tabular-nums focus-visible:outline-2 focus-visible:outline-primary-600 sm:px-1 sm:text-[11px]',
                            d.number_of_free_seats > 0
                              ? 'border-success-200 bg-success-50 text-success-800 hover:bg-success-100'
                              : 'border-neutral-200 bg-neutral-100 text-neutral-600 hover:bg-neutral-200',
                            d.not_guaranteed && 'border-dashed',
                          )}
                        >
                          {d.time_start && <span className="hidden sm:inline">{d.time_start} </span>}
                          {d.number_of_free_seats}/{d.number_of_seats}
                        </button>
                      ))}
                      {list.length > CHIPS_PER_DAY && (
                        <span aria-hidden="true" className="px-1 text-[11px] text-neutral-500">
                          +{list.length - CHIPS_PER_DAY}
                        </span>
                      )}
                    </div>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
      <p id={hintId} className="text-xs text-neutral-500">
        {onAdd ? t('dates.calendar.hint') : t('dates.calendar.hintReadOnly')}
      </p>
    </div>
  );
}
