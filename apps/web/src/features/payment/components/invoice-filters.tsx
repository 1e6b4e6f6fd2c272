import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LazyDatePicker, Select, toIsoDate } from '@tourdesk/ui';
import { X } from 'lucide-react';
import {
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  type InvoiceStatus,
  type PaymentMethod,
} from '@tourdesk/contract/enum-values';
import { Segmented } from '../../../components/segmented';
import type { InvoiceFilters, TourChoice } from '../api/invoice-list';

/** A calendar day (YYYY-MM-DD) as the date picker's local Date. */
const localDate = (iso: string): Date => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

export const hasFilters = (f: InvoiceFilters): boolean =>
  Boolean(f.date_from || f.date_to || f.tour_id || f.method || f.status);

/** The payments screen's filters: the period invoices were issued in, the tour, the payment method and the status. */
export function InvoiceFiltersBar({
  value,
  onChange,
  tours,
}: {
  value: InvoiceFilters;
  onChange: (next: InvoiceFilters) => void;
  tours: readonly TourChoice[];
}) {
  const { t } = useTranslation('payments');
  const id = useId();
  const set = (patch: Partial<InvoiceFilters>) => onChange({ ...value, ...patch });
  const range = value.date_from
    ? { from: localDate(value.date_from), to: value.date_to ? localDate(value.date_to) : undefined }
    : undefined;
  const label = 'mb-1 block text-xs font-medium text-neutral-600';
  return (
    <section aria-label={t('filters.label')} className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
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
        <div className="lg:w-64">
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
        <div>
          <span className={label} aria-hidden="true">
            {t('filters.method')}
          </span>
          <Segmented<PaymentMethod>
            label={t('filters.method')}
            value={value.method}
            onChange={(method) => set({ method })}
            options={[
              { value: undefined, text: t('filters.all') },
              ...PAYMENT_METHODS.map((m) => ({ value: m, text: t(`methods.${m}`) })),
            ]}
          />
        </div>
        <div>
          <span className={label} aria-hidden="true">
            {t('filters.status')}
          </span>
          <Segmented<InvoiceStatus>
            label={t('filters.status')}
            value={value.status}
            onChange={(status) => set({ status })}
            options={[
              { value: undefined, text: t('filters.all') },
              ...INVOICE_STATUSES.map((s) => ({ value: s, text: t(`statuses.${s}`) })),
            ]}
          />
        </div>
        {hasFilters(value) && (
          <Button variant="ghost" className="gap-1.5 self-end" onClick={() => onChange({})}>
            <X size={16} aria-hidden="true" />
            {t('filters.clear')}
          </Button>
        )}
      </div>
    </section>
  );
}
