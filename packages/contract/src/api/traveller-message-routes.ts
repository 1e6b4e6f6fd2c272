/**
 * Route descriptors (method, path, flags) of ./traveller-message.ts, free of zod: the messages a
 * request's travellers receive by themselves (issue 24): booking received, confirmed, invoices,
 * receipts, meeting details, the departure reminder, cancellation and refund. The organizer turns
 * each kind on or off and edits its text per language; the request page shows what was sent.
 */
import type { RouteDescriptors } from '../route';
import { rules, type FieldRuleMap } from '../validation';

export const travellerMessageRoutes = {
  /** the organizer's settings: each kind on or off, its texts per language, the default language */
  settings: { method: 'GET', path: '/crm/api/traveller-messages/settings' },
  updateSettings: { method: 'POST', path: '/crm/api/traveller-messages/update-settings' },
  /** one kind rendered as the traveller gets it (the organizer's text or the shipped one), sample values */
  preview: { method: 'GET', path: '/crm/api/traveller-messages/preview' },
  /** every message sent for a request, newest first (the request page's timeline) */
  list: { method: 'GET', path: '/crm/api/traveller-messages/list' },
  /** one sent message as it went out: subject, HTML and plain text */
  view: { method: 'GET', path: '/crm/api/traveller-messages/view' },
  /** sends a kind again for a request, by hand (even when the kind is off) */
  sendAgain: { method: 'POST', path: '/crm/api/traveller-messages/send-again' },
  /** the language the request's travellers are written to */
  setLanguage: { method: 'POST', path: '/crm/api/traveller-messages/set-language' },
  /** the 1×1 image an e-mail loads: marks the message opened (public; the token is the message's own) */
  opened: { method: 'GET', path: '/crm/api/traveller-messages/opened', isPublic: true },
} as const satisfies RouteDescriptors;

/** The kinds of message a traveller receives, in the order of a booking's life. */
export const TRAVELLER_MESSAGE_KINDS = [
  'checkout_recovery',
  'request_received',
  'confirmed',
  'invoice_issued',
  'payment_received',
  'meet_data',
  'departure_reminder',
  'balance_reminder',
  'canceled',
  'refund',
  'review_request',
  'review_reminder',
  /** issue 29: the provider's own text to everyone on a departure (sent by hand only) */
  'departure_message',
] as const;
export type TravellerMessageKind = (typeof TRAVELLER_MESSAGE_KINDS)[number];

/** The kinds the provider can send again by hand from the request page. */
export const RESENDABLE_TRAVELLER_MESSAGE_KINDS: readonly TravellerMessageKind[] = [
  'request_received',
  'confirmed',
  'invoice_issued',
  'payment_received',
  'meet_data',
  'departure_reminder',
  'balance_reminder',
  'canceled',
  'refund',
];

/** How a message is going: queued (or being sent), sent, opened (an e-mail's image loaded), kept in the outbox (no mail server), retrying, failed. */
export const TRAVELLER_MESSAGE_STATUSES = ['queued', 'sent', 'opened', 'stored', 'retrying', 'failed'] as const;
export type TravellerMessageStatus = (typeof TRAVELLER_MESSAGE_STATUSES)[number];

/** The channels a traveller is written on. */
export const TRAVELLER_MESSAGE_CHANNELS = ['email', 'telegram'] as const;
export type TravellerMessageChannel = (typeof TRAVELLER_MESSAGE_CHANNELS)[number];

export const TRAVELLER_MESSAGE_SUBJECT_MAX_LENGTH = 200;
export const TRAVELLER_MESSAGE_BODY_MAX_LENGTH = 5000;

/** An organizer's own text of one kind in one language: both fields, or neither (the shipped text). */
export const TRAVELLER_MESSAGE_TEXT_RULES = {
  subject: [rules.required(), rules.maxLength(TRAVELLER_MESSAGE_SUBJECT_MAX_LENGTH)],
  body: [rules.required(), rules.maxLength(TRAVELLER_MESSAGE_BODY_MAX_LENGTH)],
} as const satisfies FieldRuleMap;
