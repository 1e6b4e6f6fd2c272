import crypto from 'node:crypto';
import {
  BOOKING_STATUS,
  REVIEW_REMINDER_DAYS,
  isBookingCanceled,
  type BookingStatus,
  type DomainEvent,
  type Language,
  type TravellerMessageKind,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { Subscriber } from '../../lib/domain-events';
import { textLanguage } from '../request';
import { travellerMessageQueries, type NewTravellerMessage, type SettingsRow } from './traveller-message.repository';

/** The subscriber name of the traveller messages (its cursor in domain_event_cursors). */
export const TRAVELLER_MESSAGES_SUBSCRIBER = 'traveller-messages';

/** What still goes to a canceled request's traveller: the notice itself, and the refund. */
export const AFTER_CANCEL: readonly TravellerMessageKind[] = ['canceled', 'refund'];
/** The kinds that go to each tourist with an e-mail of their own, besides who booked. */
const TO_EVERY_TOURIST: readonly TravellerMessageKind[] = ['departure_reminder', 'review_request', 'review_reminder'];
/** The review request and its reminder: planned when the trip is complete, sent a delay later. */
export const REVIEW_KINDS: readonly TravellerMessageKind[] = ['review_request', 'review_reminder'];

/** The Telegram chats a request's traveller linked (the messenger module), read in the delivery transaction. */
export type TravellerChats = (q: Db, requestId: number) => Promise<{ chat_id: string; language: Language }[]>;

/** One message to plan: a kind, for a request, answering what (`dedupeKey`), with what the event said. */
export interface PlanJob {
  kind: TravellerMessageKind;
  requestId: number;
  /** `event:<id>`, `departure:<day>`, `manual:<uuid>`: one message per key and recipient */
  dedupeKey: string;
  data: Record<string, unknown>;
  /** sent again by hand: by whom (the organizer's switch does not stop it) */
  manualBy?: number;
}

const languageOf = (value: string | null | undefined): Language | null =>
  value === 'ru' ? 'ru' : value === 'en' ? 'en' : null;

/** Whether the organizer lets a kind go out by itself (no settings: every kind does). */
export const kindEnabled = (settings: SettingsRow | null, kind: TravellerMessageKind): boolean =>
  settings?.kinds[kind]?.enabled !== false;

/**
 * The language a request's travellers are written to: the one of the page they booked or answered
 * the questionnaire on (or the provider's choice), else the organizer's default, else its owner's.
 */
export const requestLanguage = async (
  q: Db,
  request: { organizer_id: number; language: string | null },
  settings: SettingsRow | null,
): Promise<{ language: Language; chosen: boolean }> => {
  const own = languageOf(request.language);
  if (own) return { language: own, chosen: true };
  const fallback =
    languageOf(settings?.default_language) ??
    languageOf((await travellerMessageQueries(q).owner(request.organizer_id))?.language) ??
    'en';
  return { language: fallback, chosen: false };
};

/** The jobs a domain event makes (before the request's state and the organizer's switches are looked at). */
export const jobsOf = (event: DomainEvent): PlanJob[] => {
  const key = `event:${event.id}`;
  const job = (kind: TravellerMessageKind, requestId: number, data: Record<string, unknown> = {}): PlanJob => ({
    kind,
    requestId,
    dedupeKey: key,
    data,
  });
  switch (event.type) {
    case 'request.created': {
      const { request_id, status } = event.payload;
      const confirmedAlready =
        status === BOOKING_STATUS.pending_prepayment || status === BOOKING_STATUS.made_prepayment;
      return [job('request_received', request_id), ...(confirmedAlready ? [job('confirmed', request_id)] : [])];
    }
    case 'request.status_changed': {
      const { request_id, from, status, paid_minor, penalty_minor } = event.payload;
      if (status === BOOKING_STATUS.pending_prepayment && from === BOOKING_STATUS.pending_confirm)
        return [job('confirmed', request_id)];
      if (isBookingCanceled(status as BookingStatus) && event.payload.notify_traveller !== false)
        return [
          job('canceled', request_id, {
            status,
            // the amounts at the cancellation (a departure's cancel refunds right after it)
            ...(typeof paid_minor === 'number' ? { paid_minor, penalty_minor: penalty_minor ?? 0 } : {}),
          }),
        ];
      // the trip is over (the operator, or the sweep a day after its end): the review request and its reminder
      if (status === BOOKING_STATUS.tour_complete) {
        const completed_at = event.createdAt.toISOString();
        return [
          job('review_request', request_id, { completed_at }),
          job('review_reminder', request_id, { completed_at }),
        ];
      }
      return [];
    }
    case 'invoice.issued':
      return [job('invoice_issued', event.payload.request_id, { invoice_id: event.payload.invoice_id })];
    case 'payment.received':
      return [
        job('payment_received', event.payload.request_id, {
          payment_id: event.payload.payment_id,
          amount_minor: event.payload.amount_minor,
          currency: event.payload.currency,
        }),
      ];
    case 'payment.refunded':
      return [
        job('refund', event.payload.request_id, {
          payment_id: event.payload.payment_id,
          amount_minor: event.payload.amount_minor,
          currency: event.payload.currency,
        }),
      ];
    case 'request.meet_data_sent':
      return [job('meet_data', event.payload.request_id, { send_id: event.payload.send_id })];
    case 'request.balance_due':
      return [job('balance_reminder', event.payload.request_id, { invoice_id: event.payload.invoice_id })];
    default:
      return [];
  }
};

export const SUBSCRIBED_TYPES = [
  'request.created',
  'request.status_changed',
  'invoice.issued',
  'payment.received',
  'payment.refunded',
  'request.meet_data_sent',
  'request.balance_due',
] as const;

/**
 * Plans the messages of a job in `q` (the event's delivery transaction, or a route's): one row per
 * recipient and channel, `pending` until the composer renders it. Nothing is planned for a request
 * that is gone, a kind the organizer turned off (unless sent by hand), or a canceled request's
 * traveller after the cancellation notice. Answers the ids planned (none when all were already).
 */
export const planMessages = async (q: Db, job: PlanJob, travellerChats?: TravellerChats): Promise<number[]> => {
  const db = travellerMessageQueries(q);
  const request = await db.request(job.requestId);
  if (!request) return [];
  const settings = await db.settings(request.organizer_id);
  if (job.manualBy === undefined && !kindEnabled(settings, job.kind)) return [];
  if (isBookingCanceled(request.status as BookingStatus) && !AFTER_CANCEL.includes(job.kind)) return [];
  let { language } = await requestLanguage(q, request, settings);

  const recipients: { email: string; name: string }[] = [];
  const seen = new Set<string>();
  const add = (email: string, name: string): void => {
    const address = email.trim();
    if (!address || seen.has(address.toLowerCase())) return;
    seen.add(address.toLowerCase());
    recipients.push({ email: address, name: name.trim() });
  };
  const tourists = await db.touristEmails(request.id);
  const touristName = (t: { first_name: string; last_name: string }) => `${t.first_name} ${t.last_name}`.trim();
  const data = { ...job.data };
  if (job.kind === 'meet_data') {
    // the addresses the provider chose, in the language its text is written in
    const send = typeof data.send_id === 'number' ? await db.meetDataSend(data.send_id) : null;
    if (!send || send.request_id !== request.id) return [];
    language = textLanguage(`${send.text} ${send.place}`, language);
    const names = new Map<string, string>([
      ...tourists.map((t) => [t.email.trim().toLowerCase(), touristName(t)] as [string, string]),
      [request.customer_email.trim().toLowerCase(), request.customer_name],
    ]);
    for (const email of send.emails) add(email, names.get(email.trim().toLowerCase()) ?? '');
  } else {
    add(request.customer_email, request.customer_name);
    if (recipients.length === 0 && tourists[0]) add(tourists[0].email, touristName(tourists[0]));
    if (TO_EVERY_TOURIST.includes(job.kind)) for (const t of tourists) add(t.email, touristName(t));
  }
  if (job.kind === 'canceled' && typeof data.paid_minor !== 'number')
    Object.assign(data, { paid_minor: request.paid_minor, penalty_minor: request.penalty_minor ?? 0 });
  let sendAfter: Date | null = null;
  if (REVIEW_KINDS.includes(job.kind)) {
    // the organizer's delay after the trip; the reminder a week after the request
    const from = typeof data.completed_at === 'string' ? Date.parse(data.completed_at) : Date.now();
    const hours =
      (await db.reviewDelayHours(request.organizer_id)) +
      (job.kind === 'review_reminder' ? REVIEW_REMINDER_DAYS * 24 : 0);
    sendAfter = new Date((Number.isNaN(from) ? Date.now() : from) + hours * 3_600_000);
  }

  const base = {
    organizer_id: request.organizer_id,
    request_id: request.id,
    kind: job.kind,
    dedupe_key: job.dedupeKey,
    data,
    sent_by_user_id: job.manualBy ?? null,
    send_after: sendAfter,
  };
  const token = (): string => crypto.randomBytes(18).toString('base64url');
  const rows: NewTravellerMessage[] = recipients.map((r) => ({
    ...base,
    channel: 'email',
    recipient: r.email,
    recipient_name: r.name,
    language,
    open_token: token(),
  }));
  // the traveller's linked messenger gets the same message (meeting details go where the provider chose)
  if (travellerChats && job.kind !== 'meet_data')
    for (const chat of await travellerChats(q, request.id))
      rows.push({
        ...base,
        channel: 'telegram',
        recipient: chat.chat_id,
        recipient_name: request.customer_name,
        language: languageOf(request.language) ?? chat.language,
        open_token: token(),
      });
  return db.plan(rows);
};

/** The subscriber: each event plans its messages in the delivery transaction (exactly once per event and recipient). */
export const createPlanSubscriber = (deps: {
  travellerChats?: TravellerChats;
  /** starts the composer once the delivery transaction has committed */
  kick: () => void;
}): Subscriber => ({
  name: TRAVELLER_MESSAGES_SUBSCRIBER,
  types: SUBSCRIBED_TYPES,
  handle: async (tx, event) => {
    for (const job of jobsOf(event)) await planMessages(tx, job, deps.travellerChats);
  },
  afterCommit: deps.kick,
});
