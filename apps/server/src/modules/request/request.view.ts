import type {
  BookingRequest,
  BookingStatus,
  Currency,
  RequestInvoices,
  RequestSource,
  TourType,
} from '@tourdesk/contract';
import { toMajor } from '../../lib/money';
import { memberActorOf } from '../../lib/tenancy';
import type { RequestRepository } from './request.repository';
import { memberName } from './booking-pricing.view';
import { balanceMinorOf, historyLine } from './request-status';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The request as its page shows it (SPEC get-request): the row, its tour and departure, tourists,
 * status history and invoices (the payment module's, handed in), amounts in major units.
 */
export const createRequestView = (deps: {
  repo: RequestRepository;
  invoicesOf: (requestId: number) => Promise<RequestInvoices>;
}) => {
  const { repo, invoicesOf } = deps;
  return async (id: number): Promise<BookingRequest> => {
    const row = (await repo.byId(repo.db, id))!;
    const [tour, departure, tourists, history, invoices] = [
      row.tour_id ? await repo.tour(repo.db, row.tour_id) : null,
      row.tour_date_id ? await repo.departure(repo.db, row.tour_date_id) : null,
      await repo.tourists(id),
      await repo.history(id),
      await invoicesOf(id),
    ];
    const balance = balanceMinorOf(row);
    const agent = row.third_party_agent;
    return {
      request_id: row.id,
      uuid: row.uuid,
      tour_organizer_id: row.organizer_id,
      status: row.status as BookingStatus,
      source: row.source as RequestSource,
      site_id: row.site_id,
      agent_id: row.agent_id,
      group_id: null,
      tour: tour ? { id: tour.id, name: tour.name, type: tour.type as TourType, screen_name: tour.screen_name } : null,
      tour_date_id: row.tour_date_id,
      date_start: row.date_start,
      date_end: row.date_end,
      is_individual_tour: row.is_individual_tour,
      individual_tour_price: row.individual_tour_price_minor === null ? null : toMajor(row.individual_tour_price_minor),
      currency: row.currency as Currency,
      tourists_count: row.tourists_count,
      price: toMajor(row.total_minor),
      paid_amount: toMajor(row.paid_minor),
      discount: row.discount
        ? {
            type: row.discount.type,
            type_string: row.discount.type,
            value: row.discount.value,
            value_type: row.discount.value_type,
            amount: toMajor(row.discount.amount_minor),
          }
        : null,
      tourists: tourists.map((t) => ({
        id: t.id,
        request_id: t.request_id,
        full_name: [t.last_name, t.first_name, t.middle_name].filter(Boolean).join(' '),
        first_name: t.first_name,
        last_name: t.last_name,
        middle_name: t.middle_name,
        birthday: t.birthday,
        passport: t.passport,
        email: t.email,
        phone: t.phone,
        food_restriction: t.food_restriction,
        is_contact_person: t.is_contact_person,
        is_child: t.is_child,
        is_questionnaire_filled: t.is_questionnaire_filled,
        needs_transfer: t.needs_transfer,
        category_id: t.category_id,
      })),
      invoices,
      customer_name: row.customer_name,
      customer_email: row.customer_email,
      customer_phone: row.customer_phone,
      comment: row.comment,
      chat_id: null,
      base_sale_status: row.base_sale_status,
      cancel_message: row.cancel_message,
      departure: departure
        ? {
            id: departure.id,
            date_start: departure.date_start,
            date_end: departure.date_end,
            time_start: departure.time_start,
            tour_variant: departure.tour_variant,
            price: Number(departure.price),
            number_of_seats: departure.number_of_seats,
            number_of_free_seats: departure.number_of_free_seats,
            full_payment_days: departure.full_payment_days,
          }
        : null,
      unit_price: toMajor(row.unit_price_minor),
      balance: toMajor(balance),
      penalty: row.penalty_minor === null ? null : toMajor(row.penalty_minor),
      seats_taken: row.seats_taken,
      hold_expires_at: iso(row.hold_expires_at),
      third_party_agent: agent
        ? { name: agent.name, email: agent.email, phone: agent.phone, commission: toMajor(agent.commission_minor) }
        : null,
      history: history.map((h) => ({
        status: h.status as BookingStatus,
        previous_status: (h.previous_status ?? null) as BookingStatus | null,
        user_name: memberName(h),
        actor: memberActorOf(h.user_id, memberName(h), h.role),
        ...historyLine(h),
        created_at: h.created_at.toISOString(),
      })),
      balance_reminder_sent_at: iso(row.balance_reminder_sent_at),
      confirmed_at: iso(row.confirmed_at),
      canceled_at: iso(row.canceled_at),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  };
};
