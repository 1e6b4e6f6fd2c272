/**
 * Every text the server sends in an error body, by machine code. An error body keeps the SPEC
 * shape and its English texts (`errors: { field: [text] }`, `{ message }`) and carries, beside
 * each text, its code and parameters (`codes: { field: [{ code, params }] }`, `code`, `params`);
 * the texts are made from the codes here (`messageText`), and the web translates by code only
 * (`errors:<code>` in its locales). Zod-free: every screen imports it.
 */
import { interpolate } from './constants';
import { BOOKING_MESSAGES, PAYMENT_MESSAGES, PRICE_MESSAGES } from './messages-bookings';
import { CHAT_MESSAGES } from './messages-chat';
import { SITE_MESSAGES } from './messages-site';
import { REVIEW_MESSAGES } from './messages-review';
import { OPERATOR_MESSAGES } from './messages-operator';
import { CHECKOUT_MESSAGES } from './messages-checkout';
export { BOOKING_MESSAGES, PAYMENT_MESSAGES, PRICE_MESSAGES } from './messages-bookings';
export { CHAT_MESSAGES } from './messages-chat';
export { SITE_MESSAGES } from './messages-site';
export { REVIEW_MESSAGES } from './messages-review';
export { OPERATOR_MESSAGES } from './messages-operator';
export { CHECKOUT_MESSAGES } from './messages-checkout';

/** SPEC §5 validation texts; `{param}` placeholders are filled from the code's params. */
export const VALIDATION_MESSAGES = {
  required: 'Required field',
  min_length: 'Minimum {length} characters',
  max_length: 'Maximum {length} characters',
  min_value: 'Minimum {min}',
  max_value: 'Maximum {max}',
  email: 'Please enter a valid e-mail',
  /** SPEC §5 default list; used when the phone input (libphonenumber) rejects a number */
  phone_number: 'Please enter a valid phone number',
  url: 'Incorrect url',
  confirmed: 'Do not match',
  /** the `phone` rule: '+' followed by at least 9 digits */
  phone: 'Invalid phone number. Please enter the number in the international format.',
  /** SPEC's default for a rule with no words of its own (non_zero, a list, a pattern…) */
  incorrect_value: 'Incorrect value',
  /** a time range whose end is not after its start (working hours, a departure) */
  end_before_start: 'The end must be later than the start',
  /** a field the route does not take */
  unknown_field: 'Unknown field',
  /** an update that names nothing to change */
  nothing_to_change: 'Nothing to change',
} as const;

/** The `{ message }` of each HTTP error kind, and what the framework refuses before a route runs. */
export const GENERAL_MESSAGES = {
  bad_request: 'Bad request',
  unauthorized: 'Unauthenticated',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  not_acceptable: 'Not acceptable',
  request_timeout: 'Request timeout',
  payload_too_large: 'Request body is too large',
  uri_too_long: 'URI too long',
  unsupported_media_type: 'Unsupported media type',
  validation: 'The given data was invalid',
  too_many_requests: 'Too many requests',
  headers_too_large: 'Request headers too large',
  /** SPEC's 'Server Error' (SERVER_ERROR_MESSAGE; a test keeps them equal) */
  server: 'Server Error',
  unavailable: 'Service unavailable',
  malformed_json: 'Malformed JSON body',
  empty_json_body: 'Body cannot be empty when content-type is application/json',
  invalid_content_length: 'Invalid Content-Length',
  web_app_not_built: 'The web app is not built. Run npm run build.',
  no_refresh_token: 'No refresh token',
  invalid_refresh_token: 'Invalid refresh token',
  refresh_token_expired: 'Refresh token expired',
  operator_token_required: 'Operator token required',
  unknown_country_code: 'Unknown country code',
  /** the outbox holds sign-in codes: only the server's own machine or the operator token reads it */
  outbox_local_only:
    'The outbox is shown only on the server itself (open /org/debug at http://localhost) or with the operator token (npm run admin -- outbox).',
} as const;

/**
 * Texts of the account flows that SPEC §8 leaves open ("Other server-side error texts: not
 * shown"). `code_send_failed` is SPEC §8's own.
 */
export const ACCOUNT_MESSAGES = {
  /** quick sign-up with the code by SMS and no phone */
  phone_for_sms: 'Enter a phone number to get the code by SMS',
  email_taken: 'This e-mail is already registered',
  phone_taken: 'This phone number is already registered',
  invalid_code: 'Incorrect or expired code',
  /** `{seconds}` until the resend countdown (RESEND_CODE_COUNTDOWN_S) ends */
  resend_too_soon: 'You can request a new code in {seconds} s',
  invalid_link: 'The link is invalid or has expired',
  wrong_password: 'Incorrect password',
  phone_not_set: 'Phone number is not set',
  email_not_set: 'E-mail is not set',
  phone_already_confirmed: 'Your phone is already confirmed',
  subscribe_first: 'Subscribe to the Telegram bot first',
  method_unavailable: 'This verification method is not available',
  /** SPEC §8's own text (TEXTS.codeSendFailed; a test keeps them equal) */
  code_send_failed: 'Failed to send code. Your account is blocked. Contact support on the website',
  file_not_found: 'File not found',
  unknown_country: 'Unknown country',
  unknown_timezone: 'Unknown time zone',
  invalid_credentials: 'Incorrect login or password',
  delivery_failed: 'The message could not be sent. Try again later.',
  /** change-email on an account without a password: set one first (README "Decisions") */
  set_password_first: 'Set a password first',
} as const;

/** Organizer, partner and verification texts (design: SPEC §8 "not shown"). */
export const ORGANIZER_MESSAGES = {
  tour_author_required:
    "Fill in the tour expert's details (name and about) in the organizer profile before signing a partnership with this site",
  already_signed: 'The partnership with this site is already signed',
  not_connected: 'Sign the partnership with this site first',
  bank_account_not_own: 'Choose one of this organizer’s bank accounts',
  file_not_usable: 'Upload the image again',
  agreement_version: 'This is not the current agreement version',
  verification_token_invalid: 'The verification session has expired, start again',
  verification_in_progress: 'Verification is already in progress',
  verification_passed: 'Verification has already passed',
  media_image_or_video: 'Exactly one of image or video_url',
  organizer_not_found: 'Organizer not found',
  site_not_found: 'Site not found',
  partnership_not_found: 'Partnership not found',
  template_not_found: 'Template not found',
  agent_not_found: 'Agent not found',
} as const;

/** Bank-account field texts (design: SPEC shows no bank-account fields). */
export const BANK_ACCOUNT_MESSAGES = {
  bik: 'BIK must be 9 digits',
  account_number: 'Account number must be 20 digits',
  correspondent_account: 'Correspondent account must be 20 digits',
  iban: 'Incorrect IBAN',
  swift: 'Incorrect SWIFT/BIC code',
  account_or_iban: 'Enter the account number or the IBAN',
  bank_account_not_found: 'Bank account not found',
} as const;

/** Upload texts. */
export const UPLOAD_MESSAGES = {
  unsupported_image: 'Upload a JPEG, PNG, WebP, GIF or AVIF image',
  unsupported_video: 'Upload an MP4, WebM or MOV video, or paste a YouTube, RuTube or Vimeo link',
  too_large: 'The file is too large',
  too_many_pixels: 'The image is too large: at most 50 megapixels',
  file_or_url: 'Choose a file or paste a link',
  url_refused: 'This link cannot be downloaded',
  url_failed: 'The file could not be downloaded from this link',
} as const;

/** Tour editor texts (design: SPEC §8 "not shown"). */
export const TOUR_MESSAGES = {
  tour_slug: 'Use lowercase Latin letters, digits and single hyphens',
  tour_slug_taken: 'Another tour of this organizer already has this address',
  tour_video_url: 'Paste a YouTube, RuTube or Vimeo link',
  tour_group_max_below_min: 'Must not be less than the minimum group size',
  tour_max_age_below_min: 'Must not be less than the minimum age',
  tour_guide_not_own: 'Choose one of this organizer’s guides',
  tour_unknown_item: 'Choose a value from the list',
  tour_duration_mismatch: 'The programme has {days} days, the duration is {duration}',
  tour_required_to_publish: 'Required to publish the tour',
  tour_archived: 'An archived tour cannot be published; move it to drafts first',
  tour_not_found: 'Tour not found',
  guide_not_found: 'Guide not found',
  guide_in_use: 'The guide is in {count} tour(s); delete anyway?',
  /** issue 29: a member account is linked to one guide at most */
  guide_user_taken: 'This member is already linked to another guide',
  tour_date_not_found: 'Departure not found',
  tour_date_duplicate: 'This departure already exists',
  tour_date_busy: 'This departure has bookings and cannot be removed',
  tour_date_seats_below_booked: 'At least {booked}: that many seats are booked',
} as const;

/** Every code, once: a code names one text in every group (a test checks none repeats). */
export const MESSAGE_TEXTS = {
  ...VALIDATION_MESSAGES,
  ...GENERAL_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...ORGANIZER_MESSAGES,
  ...BANK_ACCOUNT_MESSAGES,
  ...UPLOAD_MESSAGES,
  ...TOUR_MESSAGES,
  ...BOOKING_MESSAGES,
  ...PAYMENT_MESSAGES,
  ...PRICE_MESSAGES,
  ...CHAT_MESSAGES,
  ...SITE_MESSAGES,
  ...REVIEW_MESSAGES,
  ...OPERATOR_MESSAGES,
  ...CHECKOUT_MESSAGES,
} as const;
export const MESSAGE_GROUPS = {
  validation: VALIDATION_MESSAGES,
  general: GENERAL_MESSAGES,
  account: ACCOUNT_MESSAGES,
  organizer: ORGANIZER_MESSAGES,
  bank_account: BANK_ACCOUNT_MESSAGES,
  upload: UPLOAD_MESSAGES,
  tour: TOUR_MESSAGES,
  booking: BOOKING_MESSAGES,
  payment: PAYMENT_MESSAGES,
  price: PRICE_MESSAGES,
  chat: CHAT_MESSAGES,
  site: SITE_MESSAGES,
  review: REVIEW_MESSAGES,
  operator: OPERATOR_MESSAGES,
  checkout: CHECKOUT_MESSAGES,
} as const;

export type MessageCode = keyof typeof MESSAGE_TEXTS;
export type MessageParams = Record<string, string | number>;
/** A text as a machine code and its parameters: what an API client translates. */
export interface CodedMessage {
  code: MessageCode;
  params?: MessageParams;
}

export const isMessageCode = (value: unknown): value is MessageCode =>
  typeof value === 'string' && Object.hasOwn(MESSAGE_TEXTS, value);

/** The English text of a code: `messageText('min_length', { length: 8 })` → 'Minimum 8 characters'. */
export const messageText = (code: MessageCode, params?: MessageParams): string =>
  interpolate(MESSAGE_TEXTS[code], params ?? {});

/** `coded('min_length', { length: 8 })`, without an empty params object. */
export const coded = (code: MessageCode, params?: MessageParams): CodedMessage =>
  params && Object.keys(params).length > 0 ? { code, params } : { code };

/**
 * A zod custom issue's message and params for a code: the server's error handler reads the
 * code back (`messageCodeOf`). `z.string().refine(isTimeZone, issueOf('unknown_timezone'))`, or
 * `ctx.addIssue({ code: 'custom', ...issueOf(…) })`. Only custom issues (refine, superRefine)
 * keep params: zod's own checks (an enum, a regex) answer SPEC's words for their kind.
 */
export const issueOf = (
  code: MessageCode,
  params?: MessageParams,
): { message: string; params: { message_code: MessageCode; message_params?: MessageParams } } => ({
  message: messageText(code, params),
  params: params ? { message_code: code, message_params: params } : { message_code: code },
});

/** The code a zod custom issue carries (see issueOf), else null. */
export const messageCodeOf = (issueParams: unknown): CodedMessage | null => {
  if (typeof issueParams !== 'object' || issueParams === null) return null;
  const { message_code: code, message_params: params } = issueParams as Record<string, unknown>;
  if (!isMessageCode(code)) return null;
  return coded(code, typeof params === 'object' && params !== null ? (params as MessageParams) : undefined);
};
