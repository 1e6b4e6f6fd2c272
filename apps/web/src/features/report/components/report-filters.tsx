import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LazyDatePicker, Select, toIsoDate } from '@tourdesk/ui';
import { X } from 'lucide-react';
import { REQUEST_SOURCES, type RequestSource } from '@tourdesk/contract/enum-values';
import {
  REPORT_BASES,
  REPORT_GRANULARITIES,
  type ReportBasis,
  type ReportGranularity,
} from '@tourdesk/contract/api/report-routes';
import { Segmented } from '../../../components/segmented';
import type { TourChoice } from '../api/reports';

/** The screen's filters as the address holds them (one tour and one source at most). */
export interface ReportScreenFilters {
  basis: ReportBasis;
  granularity: ReportGranularity;
  date_from?: string;
  date_to?: string;
  tour_id?: number;
  source?: RequestSource;
}

/** A calendar day (YYYY-MM-DD) as the date picker's local Date. */
const localDate = (iso: string): Date => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

export const hasReportFilters = (f: ReportScreenFilters): boolean =>
  Boolean(f.date_from || f.date_to || f.tour_id || f.source || f.basis !== 'booking' || f.granularity !== 'month');

/** Basis, period, tour, source and (for the reports over time) the bucket size. */
export function ReportFiltersBar({
  value,
  onChange,
  tours,
  overTime,
  bySource,
}: {
  value: ReportScreenFilters;
  onChange: (next: ReportScreenFilters) => void;
  tours: readonly TourChoice[];
  /** the report has periods: show the granularity */
  overTime: boolean;
  /** the report reads requests: show the basis and the source */
  bySource: boolean;
}) {
  const { t } = useTranslation('reports');
  const id = useId();
  const set = (patch: Partial<ReportScreenFilters>) => onChange({ ...value, ...patch });
  const range = value.date_from
    ? { from: localDate(value.date_from), to: value.date_to ? localDate(value.date_to) : undefined }
    : undefined;
  const label = 'mb-1 block text-xs font-medium text-neutral-600';
  return (
    <section aria-label={t('filters.label')} className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
        {bySource && (
          <div>
            <span className={label} aria-hidden="true">
              {t('filters.basis')}
            </span>
            <Segmented<ReportBasis>
              label={t('filters.basis')}
              value={value.basis}
              onChange={(basis) => set({ basis: basis ?? 'booking' })}
              options={REPORT_BASES.map((b) => ({ value: b, text: t(`filters.bases.${b}`) }))}
            />
          </div>
        )}
        <div className="lg:w-64">
          <span id={`${id}-period`} className={label}>
            {t('filters.period')}
          </span>
          <LazyDatePicker
            mode="range"
            aria-label={t('filters.period')}
            placeholder={t('filters.anyTime')}
            value={range}
            onChange={(r) =>
              set({
                date_from: r?.from ? toIsoDate(r.from) : undefined,
                date_to: r?.from ? toIsoDate(r.to ?? r.from) : undefined,
              })
            }
          />
        </div>
        <div className="lg:w-56">
          <span id={`${id}-tour`} className={label}>
            {t('filters.tour')}
          </span>
          <Select
            aria-labelledby={`${id}-tour`}
            searchable={tours.length > 8}
            searchPlaceholder={t('filters.findTour')}
            value={value.tour_id ?? 0}
            options={[{ value: 0, text: t('filters.allTours') }, ...tours.map((x) => ({ value: x.id, text: x.name }))]}
            onChange={(v) => set({ tour_id: Number(v) > 0 ? Number(v) : undefined })}
          />
        </div>
        {bySource && (
          <div className="lg:w-56">
            <span id={`${id}-source`} className={label}>
              {t('filters.source')}
            </span>
            <Select
              aria-labelledby={`${id}-source`}
              value={value.source ?? ''}
              options={[
                { value: '', text: t('filters.allSources') },
                ...REQUEST_SOURCES.map((s) => ({ value: s, text: t(`sources.${s}`) })),
              ]}
              onChange={(v) => set({ source: v ? (v as RequestSource) : undefined })}
            />
          </div>
        )}
        {overTime && (
          <div>
            <span className={label} aria-hidden="true">
              {t('filters.granularity')}
            </span>
            <Segmented<ReportGranularity>
              label={t('filters.granularity')}
              value={value.granularity}
              onChange={(granularity) => set({ granularity: granularity ?? 'month' })}
              options={REPORT_GRANULARITIES.map((g) => ({ value: g, text: t(`filters.granularities.${g}`) }))}
            />
          </div>
        )}
        {hasReportFilters(value) && (
          <Button
            variant="ghost"
            className="gap-1.5 self-end"
            onClick={() => onChange({ basis: 'booking', granularity: 'month' })}
          >
            <X size={16} aria-hidden="true" />
            {t('filters.clear')}
          </Button>
        )}
      </div>
      {!bySource && <p className="text-xs text-neutral-500">{t('filters.occupancyNote')}</p>}
    </section>
  );
}
