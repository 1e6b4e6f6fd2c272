import { z } from 'zod';

/**
 * Every state and status value of SPEC §3/§4.
 * String states: `XXXS` (ordered array) + `xxxSchema` + `Xxx`.
 * Numbered states: `XXX` (name → number, the wire value) + `XXX_NAMES` (number → name)
 * + `xxxSchema` (accepts the numbers) + `Xxx` (the number union).
 */

type NumberedEnum = Record<string, number>;
type Inverted<T extends NumberedEnum> = { [K in keyof T as T[K]]: K };

const invert = <T extends NumberedEnum>(o: T): Inverted<T> =>
  Object.fromEntries(Object.entries(o).map(([name, value]) => [value, name])) as Inverted<T>;

/** Numbers of a numbered enum, in declaration order. */
const valuesOf = <T extends NumberedEnum>(o: T): T[keyof T][] => Object.values(o) as T[keyof T][];

// ─── Checks (SPEC §4) ──────────────────────────────────────────────────────────

export const INTERNAL_CHECK_STATUSES = ['not_performed', 'success', 'failed'] as const;
export const internalCheckStatusSchema = z.enum(INTERNAL_CHECK_STATUSES);
export type InternalCheckStatus = z.infer<typeof internalCheckStatusSchema>;

export const VERIFICATION_STATUSES = ['not_performed', 'success', 'failed', 'in_progress'] as const;
export const verificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** SPEC §4: the verification-failed flag is true when the status is failed or not_performed. */
export const isVerificationFailed = (status: VerificationStatus): boolean =>
  status === 'failed' || status === 'not_performed';

// ─── Tours ─────────────────────────────────────────────────────────────────────

export const TOUR_STATUSES = ['draft', 'published', 'archived'] as const;
export const tourStatusSchema = z.enum(TOUR_STATUSES);
export type TourStatus = z.infer<typeof tourStatusSchema>;

/** Moderation status of a tour on a partner site, and the publication status of a constructor site. */
export const SITE_STATUSES = ['moderation', 'unpublished', 'waiting', 'published'] as const;
export const siteStatusSchema = z.enum(SITE_STATUSES);
export type SiteStatus = z.infer<typeof siteStatusSchema>;
export const MODERATION_STATUSES = SITE_STATUSES;
export const moderationStatusSchema = siteStatusSchema;
export type ModerationStatus = SiteStatus;

export const TOUR_ALERT_TYPES = [
  'dates_preliminary',
  'need_update_preliminary_dates',
  'need_add_active_dates',
] as const;
export const tourAlertTypeSchema = z.enum(TOUR_ALERT_TYPES);
export type TourAlertType = z.infer<typeof tourAlertTypeSchema>;

export const TOUR_TYPE = { tour: 1, excursion: 2 } as const;
export const TOUR_TYPE_NAMES = invert(TOUR_TYPE);
export const TOUR_TYPES = valuesOf(TOUR_TYPE);
export const tourTypeSchema = z.enum(TOUR_TYPE);
export type TourType = z.infer<typeof tourTypeSchema>;

export const SCHEDULE_TYPE = { dates: 1, weekly: 2 } as const;
export const SCHEDULE_TYPE_NAMES = invert(SCHEDULE_TYPE);
export const SCHEDULE_TYPES = valuesOf(SCHEDULE_TYPE);
export const scheduleTypeSchema = z.enum(SCHEDULE_TYPE);
export type ScheduleType = z.infer<typeof scheduleTypeSchema>;

/** Tour comfort levels (SPEC §3 "Comfort flags"): each is a boolean flag on the tour. */
export const COMFORT_LEVELS = ['base', 'base_plus', 'medium', 'improved', 'premium'] as const;
export const comfortLevelSchema = z.enum(COMFORT_LEVELS);
export type ComfortLevel = z.infer<typeof comfortLevelSchema>;

/** Day of week as JS Date#getDay(): Sunday is 0 (SPEC §9). */
export const DAYS_OF_WEEK = [0, 1, 2, 3, 4, 5, 6] as const;
export const dayOfWeekSchema = z.number().int().min(0).max(6);
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
export const BOOKING_STATUS_NAMES = invert(BOOKING_STATUS);
export const BOOKING_STATUSES = valuesOf(BOOKING_STATUS);
export const bookingStatusSchema = z.enum(BOOKING_STATUS);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;
export type BookingStatusName = keyof typeof BOOKING_STATUS;
export const CANCELED_BOOKING_STATUSES: readonly BookingStatus[] = [
  BOOKING_STATUS.canceled_by_tourist,
  BOOKING_STATUS.canceled_by_author,
  BOOKING_STATUS.canceled_by_system,
  BOOKING_STATUS.canceled_by_admin,
];
export const isBookingCanceled = (status: BookingStatus): boolean => CANCELED_BOOKING_STATUSES.includes(status);

export const INVOICE_STATUS = { new: 1, payed: 2, canceled: 3 } as const;
export const INVOICE_STATUS_NAMES = invert(INVOICE_STATUS);
export const INVOICE_STATUSES = valuesOf(INVOICE_STATUS);
export const invoiceStatusSchema = z.enum(INVOICE_STATUS);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const PAYMENT_TYPES = ['prepayment', 'payment', 'full'] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

export const PAYMENT_METHODS = ['sbp', 'card'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Outcome of one payment attempt through the provider (design: SPEC shows /success and /fail only). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const REQUEST_SOURCES = ['marketplace', 'direct_sales', 'agent', 'own', 'third_party_agent'] as const;
export const requestSourceSchema = z.enum(REQUEST_SOURCES);
export type RequestSource = z.infer<typeof requestSourceSchema>;

export const DISCOUNT_VALUE_TYPES = ['currency', 'percent'] as const;
export const discountValueTypeSchema = z.enum(DISCOUNT_VALUE_TYPES);
export type DiscountValueType = z.infer<typeof discountValueTypeSchema>;

export const DISCOUNT_KINDS = ['early_booking_dates', 'early_booking_days', 'seasonal'] as const;
export const discountKindSchema = z.enum(DISCOUNT_KINDS);
export type DiscountKind = z.infer<typeof discountKindSchema>;

/** Prepayment of a tour date: a percent of the price or a fixed amount in the tour currency (design). */
export const PREPAYMENT_TYPES = ['percent', 'currency'] as const;
export const prepaymentTypeSchema = z.enum(PREPAYMENT_TYPES);
export type PrepaymentType = z.infer<typeof prepaymentTypeSchema>;

// ─── Chat ──────────────────────────────────────────────────────────────────────

export const CHAT_MESSAGE_TYPES = ['output', 'input'] as const;
export const chatMessageTypeSchema = z.enum(CHAT_MESSAGE_TYPES);
export type ChatMessageType = z.infer<typeof chatMessageTypeSchema>;

/** SPEC §4 message flow: waiting or loading, then success or failed. */
export const CHAT_MESSAGE_STATUS = { waiting: 0, loading: 1, failed: 2, success: 3 } as const;
export const CHAT_MESSAGE_STATUS_NAMES = invert(CHAT_MESSAGE_STATUS);
export const CHAT_MESSAGE_STATUSES = valuesOf(CHAT_MESSAGE_STATUS);
export const chatMessageStatusSchema = z.enum(CHAT_MESSAGE_STATUS);
export type ChatMessageStatus = z.infer<typeof chatMessageStatusSchema>;

/** Who the organizer talks to in a chat (design: SPEC has chats with tourists and with support). */
export const CHAT_KINDS = ['tourist', 'support'] as const;
export const chatKindSchema = z.enum(CHAT_KINDS);
export type ChatKind = z.infer<typeof chatKindSchema>;

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
export const verificationMethodTypeSchema = z.enum(VERIFICATION_METHOD_TYPES);
export type VerificationMethodType = z.infer<typeof verificationMethodTypeSchema>;

/** Messengers that deliver notifications of new requests and messages; telegram sorts first (SPEC §3). */
export const MESSENGER_SOURCE_TYPES = ['telegram', 'whatsapp', 'vk'] as const;
export const messengerSourceTypeSchema = z.enum(MESSENGER_SOURCE_TYPES);
export type MessengerSourceType = z.infer<typeof messengerSourceTypeSchema>;
/** `source_id` of POST chat/generate-connection-code. */
export const MESSENGER_SOURCE_ID = { telegram: 1, whatsapp: 2, vk: 3 } as const satisfies Record<
  MessengerSourceType,
  number
>;
export const messengerSourceIdSchema = z.enum(MESSENGER_SOURCE_ID);
export type MessengerSourceId = z.infer<typeof messengerSourceIdSchema>;

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
export const SITE_BLOCK_TYPE_NAMES = invert(SITE_BLOCK_TYPE);
export const SITE_BLOCK_TYPES = valuesOf(SITE_BLOCK_TYPE);
export const siteBlockTypeSchema = z.enum(SITE_BLOCK_TYPE);
export type SiteBlockType = z.infer<typeof siteBlockTypeSchema>;
export type SiteBlockTypeName = keyof typeof SITE_BLOCK_TYPE;

/** Constructor page types. */
export const PAGE_TYPES = ['site', 'main', 'tour'] as const;
export const pageTypeSchema = z.enum(PAGE_TYPES);
export type PageType = z.infer<typeof pageTypeSchema>;

/** Public site pages are fetched by these types (SPEC §2). */
export const PUBLIC_PAGE_TYPES = ['main', 'tour', 'agreement', 'policy'] as const;
export const publicPageTypeSchema = z.enum(PUBLIC_PAGE_TYPES);
export type PublicPageType = z.infer<typeof publicPageTypeSchema>;

export const DOCUMENT_TYPES = ['agreement', 'policy'] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export const fontWeightSchema = z.literal(FONT_WEIGHTS);
export type FontWeight = z.infer<typeof fontWeightSchema>;

export const MEDIA_KINDS = ['image', 'video'] as const;
export const mediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof mediaKindSchema>;

export const VIDEO_PROVIDERS = ['youtube', 'rutube', 'vimeo'] as const;
export const videoProviderSchema = z.enum(VIDEO_PROVIDERS);
export type VideoProvider = z.infer<typeof videoProviderSchema>;

export const BLOCK_LINK_KIND = { anchor: 1, external_link: 2, crm_booking: 3 } as const;
export const BLOCK_LINK_KIND_NAMES = invert(BLOCK_LINK_KIND);
export const BLOCK_LINK_KINDS = valuesOf(BLOCK_LINK_KIND);
export const blockLinkKindSchema = z.enum(BLOCK_LINK_KIND);
export type BlockLinkKind = z.infer<typeof blockLinkKindSchema>;

export const BLOCK_EDITOR_ACTIONS = ['add', 'edit', 'move_up', 'move_down', 'remove'] as const;
export const blockEditorActionSchema = z.enum(BLOCK_EDITOR_ACTIONS);
export type BlockEditorAction = z.infer<typeof blockEditorActionSchema>;

export const UPLOAD_STATUS = { in_progress: 1, success: 2, fail: 3 } as const;
export const UPLOAD_STATUS_NAMES = invert(UPLOAD_STATUS);
export const UPLOAD_STATUSES = valuesOf(UPLOAD_STATUS);
export const uploadStatusSchema = z.enum(UPLOAD_STATUS);
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

// ─── Documents and templates (design: SPEC leaves the type lists "not shown") ─────

/** Contract-template types (`get-default-template-types`). */
export const CONTRACT_TEMPLATE_TYPES = ['contract', 'offer', 'voucher', 'invoice'] as const;
export const contractTemplateTypeSchema = z.enum(CONTRACT_TEMPLATE_TYPES);
export type ContractTemplateType = z.infer<typeof contractTemplateTypeSchema>;

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
export const placeholderEntityTypeSchema = z.enum(PLACEHOLDER_ENTITY_TYPES);
export type PlaceholderEntityType = z.infer<typeof placeholderEntityTypeSchema>;

// ─── UI states (SPEC §4 "Widgets", §5, §8) ─────────────────────────────────────

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export const toastTypeSchema = z.enum(TOAST_TYPES);
export type ToastType = z.infer<typeof toastTypeSchema>;

export const COLLAPSE_STATES = ['collapsed', 'expanding', 'expanded', 'collapsing'] as const;
export type CollapseState = (typeof COLLAPSE_STATES)[number];

/** Data table sort cycles ascending → descending → off (null). */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const sortDirectionSchema = z.enum(SORT_DIRECTIONS);
export type SortDirection = z.infer<typeof sortDirectionSchema>;
export const nextSortDirection = (current: SortDirection | null): SortDirection | null =>
  current === null ? 'asc' : current === 'asc' ? 'desc' : null;

export const VALIDATION_MODES = ['eager', 'aggressive', 'passive'] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];

export const LAYOUTS = ['default', 'boxed', 'empty', 'none'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const SETTINGS_TABS = ['main', 'contacts', 'cancellation', 'docs', 'accounts'] as const;
export const settingsTabSchema = z.enum(SETTINGS_TABS);
export type SettingsTab = z.infer<typeof settingsTabSchema>;

export const PASSWORD_STRENGTH_STATUSES = ['none', 'red', 'medium', 'strong'] as const;
export type PasswordStrengthStatus = (typeof PASSWORD_STRENGTH_STATUSES)[number];

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
