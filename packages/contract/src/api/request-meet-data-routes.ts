/**
 * Route descriptors (method, path, flags) of ./request-meet-data.ts, free of zod: sending a request's
 * meet data (where and when to meet, from one of the organizer's meet-data templates) to the people
 * the request names. The web calls these and checks its form with the rules below; the server's
 * schemas refine with the very same rules.
 */
import type { RouteDescriptors } from '../route';
import { BOOKING_STATUS } from '../enum-values';
import { rules, type FieldRuleMap } from '../validation';

export const requestMeetDataRoutes = {
  /** a template's text filled from the request, its place and phone, who can get it, what was sent before */
  meetDataPreview: { method: 'GET', path: '/crm/api/request/meet-data-preview' },
  /** sends the (edited) text to the chosen recipients by e-mail and records the send */
  sendMeetData: { method: 'POST', path: '/crm/api/request/send-meet-data' },
} as const satisfies RouteDescriptors;

/** Meet data goes to a confirmed request that is not canceled: waiting for its prepayment (2) or prepaid (3). */
export const MEET_DATA_STATUSES: readonly number[] = [
  BOOKING_STATUS.pending_prepayment,
  BOOKING_STATUS.made_prepayment,
];
/** The longest text sent (the template's own may be longer; the sender shortens it). */
export const MEET_DATA_TEXT_MAX_LENGTH = 5000;
/** One send per request in this many seconds: a double click never mails twice. */
export const MEET_DATA_RESEND_SECONDS = 30;

/** The send form's fields: a text, and at least one recipient. */
export const MEET_DATA_SEND_RULES = {
  text: [rules.required(), rules.maxLength(MEET_DATA_TEXT_MAX_LENGTH)],
  emails: [rules.required()],
} as const satisfies FieldRuleMap;
