import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TourPrices } from '@tourdesk/contract/api/prices';
import { ApiError, isApiError } from '../../../../lib/api/api-error';
import { NumberField } from '../../../../lib/form/fields';
import { errorAt } from '../../../../lib/form/paths';
import { lineName } from '../../../../lib/line-name';

/** A message the server put on a whole part of a booking (`travellers`, `extras`, `adjustments`). */
export function PartError({ name }: { name: string }) {
  const {
    formState: { errors },
  } = useFormContext();
  const message = errorAt(errors, name);
  return message ? (
    <p role="alert" className="text-sm text-danger-600">
      {message}
    </p>
  ) : null;
}

/**
 * The optional extras taken, as a body sends them (a quantity above 0), with the form row each
 * came from: the server's `extras.N.…` errors name the body's rows, `onFormRows` moves them back.
 */
export const takenExtras = (rows: { extra_id: number; quantity: number | null }[]) => {
  const taken = rows.map((e, row) => ({ ...e, row })).filter((e) => (e.quantity ?? 0) > 0);
  return {
    extras: taken.map((e) => ({ extra_id: e.extra_id, quantity: e.quantity ?? 0 })),
    extraRows: taken.map((e) => e.row),
  };
};

/** The server's errors on the body's extras, put on the form's rows (every optional extra of the tour). */
export const onFormRows = (error: unknown, extraRows: number[]): unknown => {
  if (!isApiError(error)) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([path, messages]) => {
      const m = /^extras\.(\d+)\.(.+)$/.exec(path);
      const row = m ? extraRows[Number(m[1])] : undefined;
      return [m && row !== undefined ? `extras.${row}.quantity` : path, messages];
    }),
  );
  return new ApiError(error.status, error.message, fields, error.body, error.coded);
};

/**
 * The tour's extras on a booking form: a quantity for each optional one (`extras.N.quantity`, 0 not
 * taken) with its price and stock, and the mandatory ones named as always included.
 */
export function ExtrasFieldset({
  rows,
  extras,
  money,
  language,
}: {
  rows: { extra_id: number }[];
  extras: TourPrices['extras'];
  money: (amount: number) => string;
  language: string;
}) {
  const { t } = useTranslation('bookings');
  const mandatory = extras.filter((e) => e.is_mandatory);
  if (extras.length === 0) return null;
  const extraOf = new Map(extras.map((e) => [e.id, e]));
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 sm:col-span-2">
      <legend className="mb-2 text-sm font-semibold text-neutral-900">{t('pricing.extras')}</legend>
      <PartError name="extras" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {rows.map((row, i) => {
          const extra = extraOf.get(row.extra_id);
          return (
            <NumberField
              key={row.extra_id}
              name={`extras.${i}.quantity`}
              label={extra ? lineName(extra, language) : `#${row.extra_id}`}
              hint={
                extra
                  ? t(`pricing.extraHint.${extra.per}`, { price: money(extra.price), stock: extra.stock ?? '' })
                  : undefined
              }
            />
          );
        })}
      </div>
      {mandatory.length > 0 && (
        <p className="text-sm text-neutral-600">
          {t('pricing.mandatoryExtras', { list: mandatory.map((e) => lineName(e, language)).join(', ') })}
        </p>
      )}
    </fieldset>
  );
}
