import {
  BOOKING_STATUS,
  type BookingStatus,
  type Capability,
  type DomainActor,
  type RequestInvoices,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../../lib/domain-events';
import { calendarDayIn } from '../../lib/calendar-day';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { RequestRepository, RequestRow } from './request.repository';
import { DEFAULT_HOLD_SECONDS } from './request-seats';
import { createRequestView } from './request.view';

export const S = BOOKING_STATUS;
/** Statuses whose seats are firm: confirmed and not over. */
export const FIRM_STATUSES: readonly number[] = [S.pending_prepayment, S.made_prepayment];
/** A request in these can no longer change (the trip is over, or it is canceled). */
export const isClosed = (status: number): boolean => status >= S.tour_complete;

export const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export interface OwnRequestInput {
  tour_organizer_id: number;
  tour_id: number;
  tour_date_id: number | null;
  is_individual_tour: boolean;
  date_start: string | null;
  date_end: string | null;
  tourists_count: number;
  unit_price?: number;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  comment: string;
  tourists: Record<string, unknown>[];
  hold_seconds?: number;
  idempotency_key: string;
  third_party_agent?: { name: string; email: string; phone: string; commission: number };
  /** the booking by category (issue 26): priced by booking-change.service's apply */
  travellers?: { category_id: number; count: number }[];
  extras?: { extra_id: number; quantity: number }[];
  promo_code?: string | null;
  /** en | ru: the language the travellers are written to (the checkout's page) */
  language?: 'en' | 'ru';
}

export interface RequestUpdateInput {
  id: number;
  tour_date_id?: number;
  date_start?: string | null;
  date_end?: string | null;
  tourists_count?: number;
  unit_price?: number;
  customer_name?: string;
  customer_email?: string;
  customer_phone?: string;
  comment?: string;
  third_party_agent?: { name: string; email: string; phone: string; commission: number };
}

export interface RequestServiceDeps {
  repo: RequestRepository;
  tenancy: Tenancy;
  /** the request's invoices (the payment module's); none until it is wired */
  invoicesOf?: (requestId: number) => Promise<RequestInvoices>;
  /**
   * Moves a request waiting for its prepayment on when what was paid reaches it, inside `tx`
   * (the payment module's advanceIfPrepaid, handed over by the request manifest: no import of payment)
   */
  advanceIfPrepaid?: (tx: Db, requestId: number) => Promise<unknown>;
  /** how long a new request holds its seats */
  holdSeconds?: number;
  /**
   * Prices a request just made by its travellers per category, extras and promo code, in its
   * transaction (booking-change.service's apply, handed in by the manifest: it is built on the core)
   */
  applyBooking?: (
    tx: Db,
    ctx: ServiceContext,
    row: RequestRow,
    input: Pick<OwnRequestInput, 'travellers' | 'extras' | 'promo_code'> & { tour_date_id?: number },
    now: Date,
    history: boolean,
  ) => Promise<unknown>;
}

const NO_INVOICES: RequestInvoices = { prepayment_invoice: null, additional_invoices: [] };

/**
 * What the request service's parts (making and changing, the life after) share: the request as its
 * organizer's members see it, the organizer's calendar day, the request's domain events, its view.
 */
export const createRequestCore = (deps: RequestServiceDeps) => {
  const { repo, tenancy } = deps;
  const invoicesOf = deps.invoicesOf ?? (async () => NO_INVOICES);
  const advanceIfPrepaid = deps.advanceIfPrepaid ?? (async () => null);
  const holdSeconds = deps.holdSeconds ?? DEFAULT_HOLD_SECONDS;

  const record = (
    tx: Db,
    type: 'request.created' | 'request.updated',
    row: Pick<RequestRow, 'id' | 'organizer_id' | 'status'>,
    actor: DomainActor,
  ): Promise<number> =>
    recordEvent(tx, {
      type,
      aggregateId: row.id,
      organizerId: row.organizer_id,
      actor,
      payload: { request_id: row.id, status: row.status as BookingStatus },
    });

  /** The request, to a member of its organizer; 404 'Request not found' to anyone else. */
  const accessible = async (
    ctx: ServiceContext,
    id: number,
    capability: Capability = 'bookings.write',
  ): Promise<RequestRow> => {
    const row = await repo.byId(repo.db, id);
    if (!row || !(await tenancy.reaches(ctx.userId, row.organizer_id, capability, row.tour_date_id)))
      throw AppError.notFound('request_not_found');
    return row;
  };

  const organizerToday = async (
    q: Db,
    organizerId: number,
    now: Date,
  ): Promise<{ today: string; profile: Record<string, unknown> }> => {
    const org = await repo.organizer(q, organizerId);
    const profile = org?.profile ?? {};
    return { today: calendarDayIn(text(profile.timezone), now), profile };
  };

  const view = createRequestView({ repo, invoicesOf });

  return { repo, tenancy, invoicesOf, advanceIfPrepaid, holdSeconds, record, accessible, organizerToday, view };
};
export type RequestCore = ReturnType<typeof createRequestCore>;

/** What each part of the request service is made of. */
export type RequestPartDeps = RequestServiceDeps & { core: RequestCore };
