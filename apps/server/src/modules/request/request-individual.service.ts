import { userActor, type BookingStatus, type IndividualDates, type IndividualTour } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../../lib/domain-events';
import { calendarDayIn } from '../../lib/calendar-day';
import type { ServiceContext } from '../../lib/context';
import { numericToMinor, toMajor, toMinor } from '../../lib/money';
import { toTourDate } from '../tour';
import type { RequestRepository, RequestRow } from './request.repository';
import { pastDateErrors } from './request-dates';
import { lockRequest } from './request-seats';
import type { RequestService } from './request.service';

/** The offer of an individual tour as stored in requests.individual_draft. */
interface StoredOffer {
  tour_id: number | null;
  price_minor: number | null;
  comment: string;
  date_start: string | null;
  date_end: string | null;
}
const isOffer = (v: unknown): v is StoredOffer => typeof v === 'object' && v !== null && 'tour_id' in v;
const offerOut = (o: StoredOffer) => ({
  tour_id: o.tour_id,
  price: o.price_minor === null ? null : toMajor(o.price_minor),
  comment: o.comment,
  date_start: o.date_start,
  date_end: o.date_end,
});

/**
 * Individual tours (SPEC §7 tour/individual*): a request for a trip of its own, with no departure
 * and no seats. The provider sets its dates, and prepares an offer (a base tour, the price for the
 * whole group, a note) as a draft before applying it to the request.
 */
export const createRequestIndividualService = (deps: {
  repo: RequestRepository;
  requests: Pick<RequestService, 'accessible'>;
}) => {
  const { repo, requests } = deps;

  const individualOf = async (ctx: ServiceContext, requestId: number): Promise<RequestRow> => {
    const row = await requests.accessible(ctx, requestId);
    if (!row.is_individual_tour) throw AppError.validation({ request_id: ['request_not_individual'] });
    return row;
  };
  /** Changes a live individual request in one locked transaction (a request.updated event of it). */
  const change = async (
    ctx: ServiceContext,
    row: RequestRow,
    values: Parameters<RequestRepository['update']>[2],
  ): Promise<void> => {
    await repo.transaction(async (tx) => {
      const locked = (await lockRequest(tx, row.id))!;
      if (locked.status >= 4) throw AppError.validation({ request_id: ['request_closed'] }, 'request_closed');
      // new dates are never before the organizer's today (dates it keeps are not checked)
      if (values.date_start !== undefined || values.date_end !== undefined) {
        const org = await repo.organizer(tx, row.organizer_id);
        const today = calendarDayIn(
          typeof org?.profile.timezone === 'string' ? org.profile.timezone : null,
          new Date(),
        );
        const current = (await repo.byId(tx, row.id))!;
        const past = pastDateErrors(today, values, current);
        if (past) throw AppError.validation(past);
      }
      await repo.update(tx, row.id, values);
      await recordEvent(tx, {
        type: 'request.updated',
        aggregateId: row.id,
        organizerId: row.organizer_id,
        actor: userActor(ctx.userId),
        payload: { request_id: row.id, status: locked.status as BookingStatus },
      });
    });
  };

  const view = async (requestId: number): Promise<IndividualTour> => {
    const row = (await repo.byId(repo.db, requestId))!;
    return {
      request_id: row.id,
      tour_id: row.tour_id,
      price: row.individual_tour_price_minor === null ? null : toMajor(row.individual_tour_price_minor),
      comment: row.comment,
      date_start: row.date_start,
      date_end: row.date_end,
      draft: isOffer(row.individual_draft) ? offerOut(row.individual_draft) : null,
    };
  };

  const dates = async (ctx: ServiceContext, row: RequestRow, fromSource: boolean): Promise<IndividualDates> => {
    let suggestions: IndividualDates['suggestions'] = [];
    if (fromSource && row.tour_id !== null) {
      const org = await repo.organizer(repo.db, row.organizer_id);
      const today = calendarDayIn(typeof org?.profile.timezone === 'string' ? org.profile.timezone : null, new Date());
      suggestions = (await repo.departuresFrom(row.tour_id, today, true, null))
        .slice(0, 20)
        .map((d) => toTourDate(d, row.currency, ctx.lang));
    }
    return { request_id: row.id, date_start: row.date_start, date_end: row.date_end, suggestions };
  };

  return {
    dates: async (ctx: ServiceContext, requestId: number, fromSource: boolean) =>
      dates(ctx, await individualOf(ctx, requestId), fromSource),

    saveDates: async (ctx: ServiceContext, input: { request_id: number; date_start: string; date_end: string }) => {
      const row = await individualOf(ctx, input.request_id);
      await change(ctx, row, { date_start: input.date_start, date_end: input.date_end });
      return dates(ctx, (await repo.byId(repo.db, row.id))!, false);
    },

    get: async (ctx: ServiceContext, requestId: number) => view((await individualOf(ctx, requestId)).id),

    /** Keeps the offer as a draft, or applies it: the base tour, the group's price, the note and dates. */
    save: async (
      ctx: ServiceContext,
      input: {
        request_id: number;
        tour_id: number;
        is_draft: boolean;
        price?: number;
        comment: string;
        date_start?: string | null;
        date_end?: string | null;
      },
    ): Promise<IndividualTour> => {
      const row = await individualOf(ctx, input.request_id);
      const tour = await repo.tour(repo.db, input.tour_id);
      if (!tour || tour.organizer_id !== row.organizer_id) throw AppError.notFound('tour_not_found');
      if (tour.status === 'archived') throw AppError.validation({ tour_id: ['tour_unknown_item'] });
      const priceMinor =
        input.price !== undefined
          ? toMinor(input.price)
          : (row.individual_tour_price_minor ?? numericToMinor(tour.price));
      const offer: StoredOffer = {
        tour_id: tour.id,
        price_minor: priceMinor,
        comment: input.comment,
        date_start: input.date_start === undefined ? row.date_start : input.date_start,
        date_end: input.date_end === undefined ? row.date_end : input.date_end,
      };
      if (input.is_draft) await change(ctx, row, { individual_draft: { ...offer } });
      else {
        const total = offer.price_minor ?? 0;
        await change(ctx, row, {
          tour_id: tour.id,
          currency: tour.currency,
          individual_tour_price_minor: total,
          total_minor: total,
          unit_price_minor: Math.round(total / row.tourists_count),
          discount: null,
          comment: offer.comment || row.comment,
          date_start: offer.date_start,
          date_end: offer.date_end,
          individual_draft: null,
        });
      }
      return view(row.id);
    },

    clearDraft: async (ctx: ServiceContext, requestId: number): Promise<IndividualTour> => {
      const row = await individualOf(ctx, requestId);
      await change(ctx, row, { individual_draft: null });
      return view(row.id);
    },
  };
};
export type RequestIndividualService = ReturnType<typeof createRequestIndividualService>;
