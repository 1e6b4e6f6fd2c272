/**
 * Route descriptors (method, path, flags) of ./request-tourist.ts, free of zod: the web calls the
 * API with these and never loads a schema. ./request-tourist.ts builds each route's contract from
 * the same descriptor, so path and method cannot drift.
 */
import type { RouteDescriptors } from '../route';
import { rules, type FieldRuleMap } from '../validation';

/** The tourists of a request, edited by the provider (signed in, the request's organizer only). */
export const requestTouristRoutes = {
  createTourist: { method: 'POST', path: '/crm/api/request/create-tourist' },
  updateTourist: { method: 'POST', path: '/crm/api/request/update-tourist' },
  removeTourist: { method: 'POST', path: '/crm/api/request/remove-tourist' },
  /** the traveller category a tourist is counted in (issue 26) */
  setTouristCategory: { method: 'POST', path: '/crm/api/request/set-tourist-category' },
  /** the whole list at once: rows with an id are updated, rows without are added, the missing removed */
  updateTourists: { method: 'POST', path: '/crm/api/request/update-tourists' },
} as const satisfies RouteDescriptors;

/** The tourists' questionnaire: public, no account, by the request's uuid (the link the provider sends). */
export const questionnaireRoutes = {
  getByUuid: { method: 'GET', path: '/crm/api/request/get-by-uuid', isPublic: true },
  updateTouristsQuestionnaires: {
    method: 'POST',
    path: '/crm/api/request/update-tourists-questionnaires',
    isPublic: true,
  },
  addTourists: { method: 'POST', path: '/crm/api/request/add-tourists', isPublic: true },
  touristsInfo: { method: 'GET', path: '/spa/tourists-info', isPublic: true },
  /** the Telegram chats linked to the booking from the page stop getting its messages (beyond SPEC, issue 24) */
  unlinkTelegram: { method: 'POST', path: '/crm/api/request/unlink-telegram', isPublic: true },
} as const satisfies RouteDescriptors;

/** The questionnaire page's address under the SPA base (/org): `/questionnaire/<uuid>`. */
export const questionnairePath = (uuid: string): string => `/questionnaire/${uuid}`;

/** The earliest birthday taken: anything before is a typo (year 0199 for 1990). */
export const MIN_BIRTHDAY = '1900-01-01';
/** A birthday before MIN_BIRTHDAY: 'Incorrect value'. Beside TOURIST_FIELD_RULES (request-rules.ts), web and server alike. */
export const BIRTHDAY_RANGE_RULES: FieldRuleMap = {
  birthday: [rules.custom((v) => v === undefined || v === null || v === '' || String(v) >= MIN_BIRTHDAY)],
};
