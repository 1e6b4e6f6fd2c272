import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, LazyDatePicker, Select, cn, toIsoDate } from '@tourdesk/ui';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import type { BookingStatus, RequestSource } from '@tourdesk/contract/enum-values';
import type { RequestSearchFilter } from '@tourdesk/contract/entities/request';
import type { RequestKind } from '../api/request-list-keys';
import { useRequestDateStart, useRequestFilterTours, useRequestSources } from '../api/request-list';

const dayOf = (iso: string | null): Date | undefined => {
  if (!iso) return undefined;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** The month the date picker opens on when nothing is chosen: this one, within the requests' first and last start. */
const openingMonth = (min: string | null, max: string | null): Date => {
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const day = min && today < min ? min : max && today > max ? max : today;
  return dayOf(day) ?? now;
};

/** How many of the filters (besides the tab) narrow the list. */
export const activeFilterCount = (f: RequestSearchFilter): number =>
  [f.tour_ids.length > 0, Boolean(f.date_from || f.date_to), f.sources.length > 0, f.statuses.length > 0].filter(
    Boolean,
  ).length;

function OptionWithCount({ text, count }: { text: string; count: number }) {
  return (
    <span className="flex items-center justify-between gap-3">
      <span className="min-w-0 truncate">{text}</span>
      <span className="text-xs text-neutral-500 tabular-nums">{count}</span>
    </span>
  );
}

/**
 * The list's filters: search by name, phone, e-mail or number (the text is the caller's, which
 * debounces it), tours, start dates, sources and statuses (those of the current tab). On a phone
 * all but the search fold behind a "Filters" button.
 */
export function RequestFilters({
  orgId,
  kind,
  filter,
  onChange,
  searchText,
  onSearchText,
  statuses,
}: {
  orgId: number;
  kind: RequestKind;
  filter: RequestSearchFilter;
  onChange: (patch: Partial<RequestSearchFilter>) => void;
  searchText: string;
  onSearchText: (text: string) => void;
  /** the statuses the current tab holds: the status filter chooses among them (hidden for one) */
  statuses: readonly BookingStatus[];
}) {
  const { t } = useTranslation('bookings');
  const tours = useRequestFilterTours(orgId, kind);
  const dateStart = useRequestDateStart(orgId, kind);
  const sources = useRequestSources(orgId, kind);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const searchId = useId();
  const active = activeFilterCount(filter);

  const tourOptions = (tours.data?.items ?? []).map((tour) => ({ value: tour.id, text: tour.name, count: tour.count }));
  // a saved tour that has no requests any more still shows as chosen
  for (const id of filter.tour_ids)
    if (!tourOptions.some((o) => o.value === id)) tourOptions.push({ value: id, text: `#${id}`, count: 0 });
  const sourceOptions = (sources.data?.items ?? []).map((s) => ({
    value: s.source,
    text: t(`sources.${s.source}`),
    count: s.count,
  }));
  const statusOptions = statuses.map((s) => ({ value: s, text: t(`statuses.${s}`) }));
  const range = filter.date_from ? { from: dayOf(filter.date_from), to: dayOf(filter.date_to) } : undefined;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-neutral-800">
            {t('filters.search')}
          </label>
          <div className="relative">
            <Search
              size={16}
              aria-hidden="true"
              className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-neutral-400"
            />
            <Input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(e) => onSearchText(e.target.value)}
              placeholder={t('filters.searchPlaceholder')}
              className="ps-9"
              maxLength={100}
            />
          </div>
        </div>
        <Button
          variant="outline"
          className="gap-1.5 md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          <SlidersHorizontal size={16} aria-hidden="true" />
          {/* a phone keeps the width for the search: the icon says it there */}
          <span className="max-[420px]:sr-only">{t('filters.show')}</span>
          {active > 0 && (
            <span className="rounded-full bg-primary-600 px-1.5 text-xs text-on-primary tabular-nums">
              <span aria-hidden="true">{active}</span>
              <span className="sr-only">{t('filters.active', { count: active })}</span>
            </span>
          )}
        </Button>
      </div>
      <div
        id={panelId}
        role="group"
        aria-label={t('filters.label')}
        className={cn('grid-cols-1 gap-3 sm:grid-cols-2 md:grid md:grid-cols-4', open ? 'grid' : 'hidden')}
      >
        <Field label={t('filters.tours')}>
          <Select
            multiple
            searchable
            options={tourOptions}
            value={filter.tour_ids}
            onChange={(ids) => onChange({ tour_ids: ids.map(Number) })}
            placeholder={t('filters.toursAll')}
            searchPlaceholder={t('filters.toursSearch')}
            minWidth={280}
            renderOption={(o) => <OptionWithCount text={o.text} count={o.count} />}
          />
        </Field>
        <Field label={t('filters.dates')}>
          <div className="flex gap-1">
            <LazyDatePicker
              mode="range"
              months={1}
              min={dateStart.data?.min ?? undefined}
              max={dateStart.data?.max ?? undefined}
              defaultMonth={openingMonth(dateStart.data?.min ?? null, dateStart.data?.max ?? null)}
              aria-label={t('filters.dates')}
              placeholder={t('filters.datesAll')}
              value={range}
              onChange={(r) =>
                onChange({
                  date_from: r?.from ? toIsoDate(r.from) : null,
                  date_to: r?.to ? toIsoDate(r.to) : r?.from ? toIsoDate(r.from) : null,
                })
              }
            />
            {filter.date_from && (
              <Button
                variant="ghost"
                size="sm"
                className="h-10"
                aria-label={t('filters.clearDates')}
                onClick={() => onChange({ date_from: null, date_to: null })}
              >
                <X size={15} aria-hidden="true" />
              </Button>
            )}
          </div>
        </Field>
        <Field label={t('filters.sources')}>
          <Select
            multiple
            options={sourceOptions}
            value={filter.sources}
            onChange={(v) => onChange({ sources: v as RequestSource[] })}
            placeholder={t('filters.sourcesAll')}
            minWidth={240}
            renderOption={(o) => <OptionWithCount text={o.text} count={o.count} />}
          />
        </Field>
        {statuses.length > 1 && (
          <Field label={t('filters.statuses')}>
            <Select
              multiple
              options={statusOptions}
              value={filter.statuses}
              onChange={(v) => onChange({ statuses: v.map(Number) as BookingStatus[] })}
              placeholder={t('filters.statusesAll')}
              minWidth={260}
            />
          </Field>
        )}
      </div>
    </div>
  );
}
