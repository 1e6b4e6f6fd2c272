import { useEffect, useState } from 'react';
import { FormProvider, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Modal, toast } from '@tourdesk/ui';
import type { BookingChangeFigures, BookingPricing, TourPrices } from '@tourdesk/contract/api/prices';
import { ADJUSTMENT_KINDS, MAX_REQUEST_ADJUSTMENTS, type AdjustmentKind } from '@tourdesk/contract/api/prices-routes';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { rules } from '@tourdesk/contract/validation';
import { isApiError } from '../../../../lib/api/api-error';
import { apiErrorText, translateMessage } from '../../../../lib/form-errors';
import { NumberField, SelectField, TextField } from '../../../../lib/form/fields';
import { RowList } from '../../../../lib/form/row-list';
import { useContractForm } from '../../../../lib/form/use-contract-form';
import { useBookingChangePreview, useChangeBooking } from '../api/request-pricing';
import { useRequestFormat, type RequestFormat } from '../request-format';
import { lineName } from '../../../../lib/line-name';
import { ExtrasFieldset, PartError, onFormRows, takenExtras } from './booking-fields';

/** The dialog's values: a count for every category of the tour, a quantity for every optional extra (0: not taken). */
export interface ChangeBookingValues {
  travellers: { category_id: number; count: number | null }[];
  extras: { extra_id: number; quantity: number | null }[];
  adjustments: { kind: AdjustmentKind; amount: number | null; reason: string }[];
  promo_code: string;
}

const whole = rules.custom((v) => v === null || v === undefined || Number.isInteger(v));
const finite = rules.custom((v) => v === null || v === undefined || Number.isFinite(v));
const FORM_RULES = {
  'travellers.*.count': [rules.required(), whole, rules.minValue(0)],
  'extras.*.quantity': [whole, rules.minValue(0)],
  'adjustments.*.amount': [rules.required(), finite, rules.minValue(0.01)],
  'adjustments.*.reason': [rules.required(), rules.maxLength(200)],
  promo_code: [rules.maxLength(32)],
};

/** The booking as it stands, as the dialog's values: the tour's categories and optional extras in the tour's order. */
export const changeValuesOf = (pricing: BookingPricing, prices: TourPrices): ChangeBookingValues => ({
  travellers: prices.categories.map((c) => ({
    category_id: c.id,
    count: pricing.travellers.find((line) => line.category_id === c.id)?.count ?? 0,
  })),
  extras: prices.extras
    .filter((e) => !e.is_mandatory)
    .map((e) => ({ extra_id: e.id, quantity: pricing.extras.find((line) => line.extra_id === e.id)?.quantity ?? 0 })),
  adjustments: pricing.adjustments.map(({ kind, amount, reason }) => ({ kind, amount, reason })),
  promo_code: pricing.promo?.code ?? '',
});

/**
 * The change-booking body of checked values: the parts that differ from the booking as it was
 * (`initial`), each as the whole list: every category's count, the extras taken (a quantity above
 * 0), the manual lines; the promo code when it changed (blank removes it). A part left as it was is
 * not sent, so a line of a category or an extra the tour no longer has stays on the booking.
 * `extraRows` maps the body's extras back to the dialog's rows, for the server's errors.
 */
export const changeBodyOf = (values: ChangeBookingValues, initial: ChangeBookingValues) => {
  const { extras, extraRows } = takenExtras(values.extras);
  const travellers = values.travellers.map((x) => ({ category_id: x.category_id, count: x.count ?? 0 }));
  const adjustments = values.adjustments.map((a) => ({ kind: a.kind, amount: a.amount ?? 0, reason: a.reason.trim() }));
  const was = {
    travellers: initial.travellers.map((x) => ({ category_id: x.category_id, count: x.count ?? 0 })),
    extras: takenExtras(initial.extras).extras,
    adjustments: initial.adjustments.map((a) => ({ kind: a.kind, amount: a.amount ?? 0, reason: a.reason.trim() })),
  };
  const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  const code = values.promo_code.trim();
  return {
    body: {
      ...(changed(travellers, was.travellers) ? { travellers } : {}),
      ...(changed(extras, was.extras) ? { extras } : {}),
      ...(changed(adjustments, was.adjustments) ? { adjustments } : {}),
      ...(code.toUpperCase() !== initial.promo_code.trim().toUpperCase()
        ? { promo_code: code === '' ? null : code }
        : {}),
    },
    extraRows,
  };
};

function Figure({ term, value, strong }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between gap-4 py-1.5 font-semibold' : 'flex justify-between gap-4 py-1.5'}>
      <dt className="text-neutral-700">{term}</dt>
      <dd className="tabular-nums text-neutral-900">{value}</dd>
    </div>
  );
}

/** What the change did to the money: the new total, and the balance to invoice or the refund offered. */
export function ChangeFigures({ figures, format }: { figures: BookingChangeFigures; format: RequestFormat }) {
  const { t } = useTranslation('bookings');
  return (
    <div className="flex flex-col gap-3" role="status">
      <dl className="divide-y divide-neutral-100 text-sm" aria-label={t('pricing.figures')}>
        <Figure term={t('pricing.totalBefore')} value={format.money(figures.total_before)} />
        <Figure term={t('pricing.totalAfter')} value={format.money(figures.total_after)} strong />
        <Figure term={t('request.price.paid')} value={format.money(figures.paid)} />
        {figures.balance_due > 0 && (
          <Figure term={t('pricing.balanceToInvoice')} value={format.money(figures.balance_due)} strong />
        )}
        {figures.overpaid > 0 && (
          <>
            <Figure term={t('pricing.overpaid')} value={format.money(figures.overpaid)} />
            {figures.penalty > 0 && (
              <Figure
                term={t('pricing.penalty', { percent: format.percent(figures.penalty_percent) })}
                value={`−${format.money(figures.penalty)}`}
              />
            )}
            <Figure term={t('pricing.refundOffered')} value={format.money(figures.refund_offered)} strong />
          </>
        )}
      </dl>
      <p className="text-sm text-neutral-600">
        {figures.balance_due > 0
          ? t('pricing.invoiceHint')
          : figures.refund_offered > 0
            ? t('pricing.refundHint')
            : t('pricing.settled')}
      </p>
    </div>
  );
}

/** Why a change cannot be made: the first field's message (the seats, a code), else the call's. */
const refusalText = (error: unknown, t: Parameters<typeof apiErrorText>[1]): string => {
  const first = isApiError(error) ? Object.values(error.fieldErrors).flat()[0] : undefined;
  return first ? translateMessage(first, t) : apiErrorText(error, t);
};

/** The values once they stop changing for a moment: a preview is asked for what was typed, not each key. */
const useSettled = <T,>(value: T, ms = 400): T => {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
};

/**
 * What the change would make, asked of the server as a dry run while the provider edits: the
 * new total and the balance to invoice or the refund, or why it cannot be made.
 */
function ChangePreview({
  requestId,
  initial,
  format,
}: {
  requestId: number;
  initial: ChangeBookingValues;
  format: RequestFormat;
}) {
  const { t } = useTranslation('bookings');
  const values = useSettled(useWatch() as ChangeBookingValues);
  const {
    formState: { errors },
  } = useFormContext();
  const valid = Object.keys(errors).length === 0 && values.travellers.every((x) => Number.isInteger(x.count));
  const body = valid ? changeBodyOf(values, initial).body : null;
  const preview = useBookingChangePreview(requestId, body && Object.keys(body).length > 0 ? body : null);
  if (!body || Object.keys(body).length === 0) return null;
  return (
    <section aria-label={t('pricing.preview')} className="rounded-xl border border-neutral-200 bg-neutral-50 p-4">
      <h3 className="mb-1 text-sm font-semibold text-neutral-900">{t('pricing.preview')}</h3>
      {preview.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {refusalText(preview.error, t)}
        </p>
      ) : preview.data ? (
        <div className={preview.isFetching ? 'opacity-60 transition-opacity' : undefined}>
          <ChangeFigures figures={preview.data.figures} format={format} />
        </div>
      ) : (
        <p className="text-sm text-neutral-600">{t('pricing.previewLoading')}</p>
      )}
    </section>
  );
}

/**
 * "Change booking" (issue 26): travellers per category, optional extras, the promo code and
 * manual lines (a fee or a discount with a reason), sent at once; the server reprices it, takes or
 * returns the seats, and answers the new total with the balance to invoice or the refund offered.
 */
export function ChangeBookingModal({
  request,
  pricing,
  prices,
  onClose,
}: {
  request: BookingRequest;
  pricing: BookingPricing;
  prices: TourPrices;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const change = useChangeBooking(request.request_id);
  const [figures, setFigures] = useState<BookingChangeFigures | null>(null);
  const initial = changeValuesOf(pricing, prices);
  const form = useContractForm<ChangeBookingValues, ChangeBookingValues>({ defaults: initial, formRules: FORM_RULES });
  const onSubmit = form.onSubmit((values) => {
    const { body, extraRows } = changeBodyOf(values, initial);
    if (Object.keys(body).length === 0) {
      toast.info(t('pricing.nothingChanged'));
      return;
    }
    change.mutate(body, {
      onSuccess: (answer) => {
        toast.success(t('pricing.changed'));
        setFigures(answer.figures);
      },
      onError: (error) => form.showServerError(onFormRows(error, extraRows)),
    });
  });
  const categoryOf = new Map(prices.categories.map((c) => [c.id, c]));
  const rows = form.getValues();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      width="largeForm"
      title={t('pricing.changeTitle', { id: request.request_id })}
      description={figures ? undefined : t('pricing.changeText')}
      footer={
        figures ? (
          <Button onClick={onClose}>{t('pricing.done')}</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t('pricing.cancel')}
            </Button>
            <Button type="submit" form="change-booking-form" loading={change.isPending}>
              {t('pricing.apply')}
            </Button>
          </>
        )
      }
    >
      {figures ? (
        <ChangeFigures figures={figures} format={format} />
      ) : (
        <FormProvider {...form}>
          <form id="change-booking-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
            <fieldset className="flex min-w-0 flex-col gap-3">
              <legend className="mb-2 text-sm font-semibold text-neutral-900">{t('pricing.travellers')}</legend>
              <PartError name="travellers" />
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {rows.travellers.map((row, i) => {
                  const category = categoryOf.get(row.category_id);
                  return (
                    <NumberField
                      key={row.category_id}
                      name={`travellers.${i}.count`}
                      label={category ? lineName(category, format.language) : `#${row.category_id}`}
                      hint={category && !category.takes_seat ? t('pricing.noSeat') : undefined}
                    />
                  );
                })}
              </div>
            </fieldset>
            <ExtrasFieldset
              rows={rows.extras}
              extras={prices.extras}
              money={(amount) => format.money(amount)}
              language={format.language}
            />
            <TextField
              name="promo_code"
              label={t('pricing.promoCode')}
              hint={t('pricing.promoCodeHint')}
              autoComplete="off"
            />
            <fieldset className="flex min-w-0 flex-col gap-3">
              <legend className="mb-2 text-sm font-semibold text-neutral-900">{t('pricing.adjustments')}</legend>
              <PartError name="adjustments" />
              <RowList
                name="adjustments"
                label={t('pricing.adjustments')}
                max={MAX_REQUEST_ADJUSTMENTS}
                empty={() => ({ kind: 'fee', amount: null, reason: '' })}
                emptyText={t('pricing.noAdjustments')}
                addText={t('pricing.addAdjustment')}
                removeLabel={(n) => t('pricing.removeAdjustment', { n })}
                layout="line"
              >
                {(i) => (
                  <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 sm:grid-cols-[10rem_8rem_minmax(0,1fr)]">
                    <SelectField
                      name={`adjustments.${i}.kind`}
                      label={t('pricing.kind')}
                      options={ADJUSTMENT_KINDS.map((k) => ({ value: k, text: t(`pricing.kinds.${k}`) }))}
                    />
                    <NumberField
                      name={`adjustments.${i}.amount`}
                      label={t('pricing.amount', { currency: request.currency })}
                      decimal
                    />
                    <TextField name={`adjustments.${i}.reason`} label={t('pricing.reason')} />
                  </div>
                )}
              </RowList>
            </fieldset>
            <ChangePreview requestId={request.request_id} initial={initial} format={format} />
          </form>
        </FormProvider>
      )}
    </Modal>
  );
}
