/**
 * Route descriptors (method, path, flags) of ./review.ts, free of zod (issue 28): travellers review
 * the trip through the secret link of the review request; the organizer answers, hides or reports
 * them on /{orgId}/reviews; the public site shows them (SPEC §7 GET /spa/organizer-reviews).
 */
import type { RouteDescriptors } from '../route';
import { rules, type FieldRuleMap } from '../validation';

export const reviewRoutes = {
  /** the organizer's reviews, filtered, a page at a time, with the averages per tour and overall */
  list: { method: 'GET', path: '/crm/api/reviews/list' },
  /** the menu's count: reviews not answered yet */
  unanswered: { method: 'GET', path: '/crm/api/reviews/unanswered-count' },
  /** the public answer to a review (one, editable; empty removes it) */
  answer: { method: 'POST', path: '/crm/api/reviews/answer' },
  /** hides a review from the organizer's site with a reason (support still sees it), or shows it again */
  hide: { method: 'POST', path: '/crm/api/reviews/hide' },
  /** reports a review to support: opens (or reuses) the organizer's support chat with a message */
  report: { method: 'POST', path: '/crm/api/reviews/report' },
  /** how long after the trip the review request goes */
  settings: { method: 'GET', path: '/crm/api/reviews/settings' },
  updateSettings: { method: 'POST', path: '/crm/api/reviews/update-settings' },
  /** the review page's data behind a secret link (public; the token is the key) */
  page: { method: 'GET', path: '/spa/review', isPublic: true },
  /** writes or edits the review of the link (public; until it is answered) */
  save: { method: 'POST', path: '/spa/review/save', isPublic: true },
  /** a photo for the review (public; multipart, the link's token in the query) */
  photo: { method: 'POST', path: '/spa/review/photo', isPublic: true },
  /** SPEC §7: an organizer's published reviews (id, limit 5, page), of one tour when tour_id is given */
  organizerReviews: { method: 'GET', path: '/spa/organizer-reviews', isPublic: true },
} as const satisfies RouteDescriptors;

/** SPEC §9: 5 stars. */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** SPEC §9: the organizer reviews page size. */
export const REVIEW_PAGE_SIZE = 5;
export const REVIEW_CRM_PAGE_SIZE = 20;
export const REVIEW_TEXT_MAX_LENGTH = 5000;
export const REVIEW_NAME_MAX_LENGTH = 80;
export const REVIEW_ANSWER_MAX_LENGTH = 3000;
export const REVIEW_REASON_MAX_LENGTH = 500;
export const REVIEW_PHOTOS_MAX = 6;
/** The review request's link is valid this long. */
export const REVIEW_LINK_DAYS = 30;
/** One reminder this long after the request, when no review came. */
export const REVIEW_REMINDER_DAYS = 7;
export const REVIEW_DEFAULT_DELAY_HOURS = 24;
export const REVIEW_MAX_DELAY_HOURS = 24 * 14;

/** What a review link shows: the form (open), the review answered (no more edits), or that it lapsed. */
export const REVIEW_PAGE_STATES = ['open', 'answered', 'expired'] as const;
export type ReviewPageState = (typeof REVIEW_PAGE_STATES)[number];

export const REVIEW_FIELD_RULES = {
  display_name: [rules.required(), rules.maxLength(REVIEW_NAME_MAX_LENGTH)],
  text: [rules.maxLength(REVIEW_TEXT_MAX_LENGTH)],
} as const satisfies FieldRuleMap;
