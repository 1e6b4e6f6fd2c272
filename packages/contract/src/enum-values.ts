/**
 * Every state and status value of SPEC §3/§4, free of zod (the web imports these; ./enums.ts
 * re-exports them beside the schemas built from them).
 * String states: `XXXS` (ordered array) + `Xxx`.
 * Numbered states: `XXX` (name → number, the wire value) + `XXX_NAMES` (number → name)
 * + `XXXS` (the numbers) + `Xxx` (the number union).
 */

type NumberedEnum = Record<string, number>;
type Inverted<T extends NumberedEnum> = { [K in keyof T as T[K]]: K };

const invert = <T extends NumberedEnum>(o: T): Inverted<T> =>
  Object.fromEntries(Object.entries(o).map(([name, value]) => [value, name])) as Inverted<T>;

/** Numbers of a numbered enum, in declaration order. */
const valuesOf = <T extends NumberedEnum>(o: T): T[keyof T][] => Object.values(o) as T[keyof T][];

// ─── Checks (SPEC §4) ──────────────────────────────────────────────────────────

export const INTERNAL_CHECK_STATUSES = ['not_performed', 'success', 'failed'] as const;
export type InternalCheckStatus = (typeof INTERNAL_CHECK_STATUSES)[number];

export const VERIFICATION_STATUSES = ['not_performed', 'success', 'failed', 'in_progress'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** SPEC §4: the verification-failed flag is true when the status is failed or not_performed. */
export const isVerificationFailed = (status: VerificationStatus): boolean =>
  status === 'failed' || status === 'not_performed';

// ─── Tours ─────────────────────────────────────────────────────────────────────

export const TOUR_STATUSES = ['draft', 'published', 'archived'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];

/** Moderation status of a tour on a partner site, and the publication status of a constructor site. */
export const SITE_STATUSES = ['moderation', 'unpublished', 'waiting', 'published'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
export const MODERATION_STATUSES = SITE_STATUSES;
export type ModerationStatus = SiteStatus;

export const TOUR_ALERT_TYPES = [
  'dates_preliminary',
  'need_update_preliminary_dates',
  'need_add_active_dates',
] as const;
export type TourAlertType = (typeof TOUR_ALERT_TYPES)[number];

export const TOUR_TYPE = { tour: 1, excursion: 2 } as const;
export const TOUR_TYPE_NAMES = /* @__PURE__ */ invert(TOUR_TYPE);
export const TOUR_TYPES = /* @__PURE__ */ valuesOf(TOUR_TYPE);
export type TourType = (typeof TOUR_TYPE)[keyof typeof TOUR_TYPE];

export const SCHEDULE_TYPE = { dates: 1, weekly: 2 } as const;
export const SCHEDULE_TYPE_NAMES = /* @__PURE__ */ invert(SCHEDULE_TYPE);
export const SCHEDULE_TYPES = /* @__PURE__ */ valuesOf(SCHEDULE_TYPE);
export type ScheduleType = (typeof SCHEDULE_TYPE)[keyof typeof SCHEDULE_TYPE];

/** Tour comfort levels (SPEC §3 "Comfort flags"): each is a boolean flag on the tour. */
export const COMFORT_LEVELS = ['base', 'base_plus', 'medium', 'improved', 'premium'] as const;
export type ComfortLevel = (typeof COMFORT_LEVELS)[number];

/** Day of week as JS Date#getDay(): Sunday is 0 (SPEC §9). */
export const DAYS_OF_WEEK = [0, 1, 2, 3, 4, 5, 6] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

// ─── Bookings and money ────────────────────────────────────────────────────────

export const BOOKING_STATUS = {
  pending_confirm: 1,
  pending_prepayment: 2,
  made_prepayment: 3,
  tour_complete: 4,
  canceled_by_tourist: 5,
  canceled_by_author: 6,
  canceled_by_system: 7,
  canceled_by_admin: 8,
} as const;
export const BOOKING_STATUS_NAMES = /* @__PURE__ */ invert(BOOKING_STATUS);
export const BOOKING_STATUSES = /* @__PURE__ */ valuesOf(BOOKING_STATUS);
export type BookingStatus = (typeof BOOKING_STATUS)[keyof typeof BOOKING_STATUS];
export type BookingStatusName = keyof typeof BOOKING_STATUS;
export const CANCELED_BOOKING_STATUSES: readonly BookingStatus[] = [
  BOOKING_STATUS.canceled_by_tourist,
  BOOKING_STATUS.canceled_by_author,
  BOOKING_STATUS.canceled_by_system,
  BOOKING_STATUS.canceled_by_admin,
];
export const isBookingCanceled = (status: BookingStatus): boolean => CANCELED_BOOKING_STATUSES.includes(status);

export const INVOICE_STATUS = { new: 1, payed: 2, canceled: 3 } as const;
export const INVOICE_STATUS_NAMES = /* @__PURE__ */ invert(INVOICE_STATUS);
export const INVOICE_STATUSES = /* @__PURE__ */ valuesOf(INVOICE_STATUS);
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];

export const PAYMENT_TYPES = ['prepayment', 'payment', 'full'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_METHODS = ['sbp', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Outcome of one payment attempt through the provider (design: SPEC shows /success and /fail only).
 * Credited to its invoice: succeeded, refunded. Taken but never credited: returned (given back to
 * the payer at once) and attention (the provider must look at it); `problem` says why.
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded', 'returned', 'attention'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why a payment was not credited: its invoice was already paid (duplicate), withdrawn, or its
 * request closed (returned); the amount, currency or recipient shop the provider reports differs
 * from the invoice's, or giving it back failed (attention).
 */
export const PAYMENT_PROBLEMS = [
  'duplicate',
  'invoice_canceled',
  'request_closed',
  'amount_mismatch',
  'currency_mismatch',
  'recipient_mismatch',
  'return_failed',
] as const;
export type PaymentProblem = (typeof PAYMENT_PROBLEMS)[number];

export const REQUEST_SOURCES = ['marketplace', 'direct_sales', 'agent', 'own', 'third_party_agent'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

export const DISCOUNT_VALUE_TYPES = ['currency', 'percent'] as const;
export type DiscountValueType = (typeof DISCOUNT_VALUE_TYPES)[number];

export const DISCOUNT_KINDS = ['early_booking_dates', 'early_booking_days', 'seasonal'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Prepayment of a tour date: a percent of the price or a fixed amount in the tour currency (design). */
export const PREPAYMENT_TYPES = ['percent', 'currency'] as const;
export type PrepaymentType = (typeof PREPAYMENT_TYPES)[number];

// ─── Chat ──────────────────────────────────────────────────────────────────────

export const CHAT_MESSAGE_TYPES = ['output', 'input'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** SPEC §4 message flow: waiting or loading, then success or failed. */
export const CHAT_MESSAGE_STATUS = { waiting: 0, loading: 1, failed: 2, success: 3 } as const;
export const CHAT_MESSAGE_STATUS_NAMES = /* @__PURE__ */ invert(CHAT_MESSAGE_STATUS);
export const CHAT_MESSAGE_STATUSES = /* @__PURE__ */ valuesOf(CHAT_MESSAGE_STATUS);
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUS)[keyof typeof CHAT_MESSAGE_STATUS];

/** Who the organizer talks to in a chat (design: SPEC has chats with tourists and with support). */
export const CHAT_KINDS = ['tourist', 'support'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

// ─── Verification and messengers ───────────────────────────────────────────────

export const VERIFICATION_METHOD_TYPES = [
  'sms',
  'email',
  'telegram',
  'telegram_with_phone_request',
  'vk',
  'vk_via_sms_service',
  'whatsapp',
  'whatsapp_paid',
] as const;
export type VerificationMethodType = (typeof VERIFICATION_METHOD_TYPES)[number];

/** Messengers that deliver notifications of new requests and messages; telegram sorts first (SPEC §3). */
export const MESSENGER_SOURCE_TYPES = ['telegram', 'whatsapp', 'vk'] as const;
export type MessengerSourceType = (typeof MESSENGER_SOURCE_TYPES)[number];
/** `source_id` of POST chat/generate-connection-code. */
export const MESSENGER_SOURCE_ID = { telegram: 1, whatsapp: 2, vk: 3 } as const satisfies Record<
  MessengerSourceType,
  number
>;
export type MessengerSourceId = (typeof MESSENGER_SOURCE_ID)[keyof typeof MESSENGER_SOURCE_ID];

// ─── Site constructor ──────────────────────────────────────────────────────────

/** Block types 1–25 in SPEC order. */
export const SITE_BLOCK_TYPE = {
  app_header: 1,
  footer: 2,
  main_intro: 3,
  tours: 4,
  about_info: 5,
  gallery: 6,
  advantages: 7,
  stats: 8,
  schedule: 9,
  booking_steps: 10,
  mass_media: 11,
  tour_intro: 12,
  impressions: 13,
  program: 14,
  livings: 15,
  guides: 16,
  reviews: 17,
  price: 18,
  faq: 19,
  dates: 20,
  contacts: 21,
  other_tours: 22,
  tour_faq: 23,
  text: 24,
  recommendations: 25,
} as const;
export const SITE_BLOCK_TYPE_NAMES = /* @__PURE__ */ invert(SITE_BLOCK_TYPE);
export const SITE_BLOCK_TYPES = /* @__PURE__ */ valuesOf(SITE_BLOCK_TYPE);
export type SiteBlockType = (typeof SITE_BLOCK_TYPE)[keyof typeof SITE_BLOCK_TYPE];
export type SiteBlockTypeName = keyof typeof SITE_BLOCK_TYPE;

/** Constructor page types. */
export const PAGE_TYPES = ['site', 'main', 'tour'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Public site pages are fetched by these types (SPEC §2). */
export const PUBLIC_PAGE_TYPES = ['main', 'tour', 'agreement', 'policy'] as const;
export type PublicPageType = (typeof PUBLIC_PAGE_TYPES)[number];

export const DOCUMENT_TYPES = ['agreement', 'policy'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const VIDEO_PROVIDERS = ['youtube', 'rutube', 'vimeo'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

export const BLOCK_LINK_KIND = { anchor: 1, external_link: 2, crm_booking: 3 } as const;
export const BLOCK_LINK_KIND_NAMES = /* @__PURE__ */ invert(BLOCK_LINK_KIND);
export const BLOCK_LINK_KINDS = /* @__PURE__ */ valuesOf(BLOCK_LINK_KIND);
export type BlockLinkKind = (typeof BLOCK_LINK_KIND)[keyof typeof BLOCK_LINK_KIND];

export const BLOCK_EDITOR_ACTIONS = ['add', 'edit', 'move_up', 'move_down', 'remove'] as const;
export type BlockEditorAction = (typeof BLOCK_EDITOR_ACTIONS)[number];

export const UPLOAD_STATUS = { in_progress: 1, success: 2, fail: 3 } as const;
export const UPLOAD_STATUS_NAMES = /* @__PURE__ */ invert(UPLOAD_STATUS);
export const UPLOAD_STATUSES = /* @__PURE__ */ valuesOf(UPLOAD_STATUS);
export type UploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];

// ─── Documents and templates (design: SPEC leaves the type lists "not shown") ─────

/** Contract-template types (`get-default-template-types`). */
export const CONTRACT_TEMPLATE_TYPES = ['contract', 'offer', 'voucher', 'invoice'] as const;
export type ContractTemplateType = (typeof CONTRACT_TEMPLATE_TYPES)[number];

/** `entity_type` of organizer-document-template/placeholders-map. */
export const PLACEHOLDER_ENTITY_TYPES = [
  'organizer',
  'tour',
  'tour_date',
  'request',
  'tourist',
  'invoice',
  'bank_account',
] as const;
export type PlaceholderEntityType = (typeof PLACEHOLDER_ENTITY_TYPES)[number];

// ─── UI states (SPEC §4 "Widgets", §5, §8) ─────────────────────────────────────

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const COLLAPSE_STATES = ['collapsed', 'expanding', 'expanded', 'collapsing'] as const;
export type CollapseState = (typeof COLLAPSE_STATES)[number];

/** Data table sort cycles ascending → descending → off (null). */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const nextSortDirection = (current: SortDirection | null): SortDirection | null =>
  current === null ? 'asc' : current === 'asc' ? 'desc' : null;

export const VALIDATION_MODES = ['eager', 'aggressive', 'passive'] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];

export const LAYOUTS = ['default', 'boxed', 'empty', 'none'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const SETTINGS_TABS = ['main', 'contacts', 'cancellation', 'docs', 'accounts'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const PASSWORD_STRENGTH_STATUSES = ['none', 'red', 'medium', 'strong'] as const;
export type PasswordStrengthStatus = (typeof PASSWORD_STRENGTH_STATUSES)[number];

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/**
 * The marketplace's own stages of a sale (base-sale-statuses-by-request-id, the list's
 * base_sale_status filter): where a marketplace manager has got with the request. Design: SPEC
 * names the calls only.
 */
export const BASE_SALE_STATUS = {
  new: 1,
  in_work: 2,
  waiting_for_tourist: 3,
  documents_sent: 4,
  done: 5,
} as const;
export const BASE_SALE_STATUSES = /* @__PURE__ */ valuesOf(BASE_SALE_STATUS);
export type BaseSaleStatusValue = (typeof BASE_SALE_STATUS)[keyof typeof BASE_SALE_STATUS];
