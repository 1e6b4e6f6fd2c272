import type { CheckoutChoiceBody, CheckoutFirstPaint, CheckoutOptions, CheckoutPricing } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';

/**
 * The booking page's first paint (site-web, issue 27): the options, the asked departure when it
 * can be booked (else the first that can), the group's least size of adults, and that choice's
 * price (none when it cannot be priced). The island starts from these, so nothing moves as it hydrates.
 */
export const createFirstPaint =
  (
    options: (tourId: number, userId: number, now: Date) => Promise<CheckoutOptions>,
    quote: (ctx: null, body: CheckoutChoiceBody, now: Date) => Promise<{ pricing: CheckoutPricing }>,
  ) =>
  async (tourId: number, dateId: number | null, now = new Date()): Promise<CheckoutFirstPaint> => {
    const o = await options(tourId, 0, now);
    const date_id =
      dateId && o.departures.some((d) => d.id === dateId && d.bookable)
        ? dateId
        : (o.departures.find((d) => d.bookable)?.id ?? null);
    const adult = o.categories.find((c) => c.code === 'adult') ?? o.categories[0];
    const travellers = adult ? [{ category_id: adult.id, count: Math.max(1, o.tour.group_min ?? 1) }] : [];
    let pricing: CheckoutPricing | null = null;
    if (date_id !== null && travellers.length > 0)
      pricing = await quote(null, { tour_id: tourId, tour_date_id: date_id, travellers }, now).then(
        (r) => r.pricing,
        (e: unknown) => {
          if (e instanceof AppError) return null;
          throw e;
        },
      );
    return { options: o, date_id, travellers, pricing };
  };
