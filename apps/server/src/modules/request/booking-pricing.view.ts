import type { BookingPricing, BookingSnapshot } from '@tourdesk/contract';
import type { StoredTravellerLine } from '../../db/schema/bookings';
import { toMajor } from '../../lib/money';
import type { RequestRow } from './request.repository';

/** A request's travellers: as recorded, or (no tour to price it with) its tourists_count at its unit price. */
export const travellersOf = (
  row: Pick<RequestRow, 'travellers' | 'tourists_count' | 'unit_price_minor'>,
): StoredTravellerLine[] =>
  row.travellers ?? [
    {
      category_id: null,
      code: 'adult',
      name_en: 'Adult',
      name_ru: 'Взрослый',
      count: row.tourists_count,
      unit_minor: row.unit_price_minor,
      takes_seat: true,
    },
  ];

/** The seats a booking needs: its travellers whose category takes one (all of them before issue 26). */
export const seatsOf = (row: RequestRow): number =>
  row.travellers ? row.travellers.reduce((n, t) => n + (t.takes_seat ? t.count : 0), 0) : row.tourists_count;

/** What a change history row keeps of a booking. */
export const snapshotOf = (row: RequestRow): BookingSnapshot => ({
  travellers: travellersOf(row).map((t) => ({ category_id: t.category_id, name_en: t.name_en, count: t.count })),
  extras: row.extras.map((e) => ({ extra_id: e.extra_id, name_en: e.name_en, quantity: e.quantity })),
  adjustments: row.adjustments.map((a) => ({ kind: a.kind, amount: toMajor(a.amount_minor), reason: a.reason })),
  promo_code: row.promo?.code ?? null,
  total: toMajor(row.total_minor),
  date_start: row.date_start,
});

/** The price of a booking, line by line, in major units (GET request/pricing, change-booking). */
/** A booking's price as pricingOf reads it: a request, or a checkout's quote (issue 27). */
export type PricedBooking = PricedRow & Pick<RequestRow, 'id' | 'currency' | 'total_minor' | 'paid_minor'>;

export const pricingOf = (row: PricedBooking): BookingPricing => {
  const travellers = travellersOf(row);
  const travellersMinor = travellers.reduce((s, t) => s + t.unit_minor * t.count, 0);
  const extrasMinor = row.extras.reduce((s, e) => s + e.unit_minor * e.quantity, 0);
  return {
    request_id: row.id,
    currency: row.currency,
    travellers: travellers.map((t) => ({
      category_id: t.category_id,
      code: t.code,
      name_en: t.name_en,
      name_ru: t.name_ru,
      count: t.count,
      unit_price: toMajor(t.unit_minor),
      amount: toMajor(t.unit_minor * t.count),
      takes_seat: t.takes_seat,
    })),
    extras: row.extras.map((e) => ({
      extra_id: e.extra_id,
      name_en: e.name_en,
      name_ru: e.name_ru,
      per: e.per,
      is_mandatory: e.is_mandatory,
      quantity: e.quantity,
      unit_price: toMajor(e.unit_minor),
      amount: toMajor(e.unit_minor * e.quantity),
    })),
    adjustments: row.adjustments.map((a) => ({ kind: a.kind, amount: toMajor(a.amount_minor), reason: a.reason })),
    discount: row.discount
      ? {
          type: row.discount.type,
          value: row.discount.value,
          value_type: row.discount.value_type,
          amount: toMajor(row.discount.amount_minor),
        }
      : null,
    promo: row.promo
      ? {
          code: row.promo.code,
          value: row.promo.value,
          value_type: row.promo.value_type,
          is_combinable: row.promo.is_combinable,
          amount: toMajor(row.promo.amount_minor),
        }
      : null,
    travellers_total: toMajor(travellersMinor),
    extras_total: toMajor(extrasMinor),
    total: toMajor(row.total_minor),
    paid: toMajor(row.paid_minor),
    balance_due: toMajor(Math.max(0, row.total_minor - row.paid_minor)),
    tourists_count: row.tourists_count,
    seats: travellers.reduce((n, t) => n + (t.takes_seat ? t.count : 0), 0),
  };
};

type PricedRow = Pick<
  RequestRow,
  'travellers' | 'tourists_count' | 'unit_price_minor' | 'extras' | 'adjustments' | 'discount' | 'promo'
>;

/**
 * The booking's price line by line: each category and extra with its count and amount, the
 * tour's discount, the promo code and the manual lines (a discount negative), in the language's
 * names. The contract, the messages and the invoice's payment page read it.
 */
export const priceLines = (row: PricedRow, lang: 'en' | 'ru'): { label: string; amount_minor: number }[] => {
  const name = (l: { name_en: string; name_ru: string }) =>
    lang === 'ru' ? l.name_ru || l.name_en : l.name_en || l.name_ru;
  const travellers = row.travellers ?? [
    { name_en: 'Adult', name_ru: 'Взрослый', count: row.tourists_count, unit_minor: row.unit_price_minor },
  ];
  return [
    ...travellers
      .filter((t) => t.count > 0)
      .map((t) => ({ label: `${name(t)} × ${t.count}`, amount_minor: t.unit_minor * t.count })),
    ...row.extras.map((e) => ({ label: `${name(e)} × ${e.quantity}`, amount_minor: e.unit_minor * e.quantity })),
    ...(row.discount && row.discount.amount_minor > 0
      ? [{ label: lang === 'ru' ? 'Скидка' : 'Discount', amount_minor: -row.discount.amount_minor }]
      : []),
    ...(row.promo && row.promo.amount_minor > 0
      ? [
          {
            label: `${lang === 'ru' ? 'Промокод' : 'Promo code'} ${row.promo.code}`,
            amount_minor: -row.promo.amount_minor,
          },
        ]
      : []),
    ...row.adjustments.map((a) => ({
      label: a.reason,
      amount_minor: a.kind === 'fee' ? a.amount_minor : -a.amount_minor,
    })),
  ];
};

/** The lines as one text (`{request.price_lines}`), in the caller's number format: `Adult × 2: 60,000; …`. */
export const priceLinesText = (row: PricedRow, lang: 'en' | 'ru', amount: (minor: number) => string): string =>
  priceLines(row, lang)
    .map((l) => `${l.label}: ${l.amount_minor < 0 ? `−${amount(-l.amount_minor)}` : amount(l.amount_minor)}`)
    .join('; ');

/**
 * Who acted on a request, as its history shows: the member's name, or their e-mail when they gave
 * none (a member is never "System": that is for what no one did, a sweep or a payment).
 */
export const memberName = (u: { first_name: string | null; last_name: string | null; email: string | null }): string =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email || '';
