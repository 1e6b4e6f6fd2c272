/**
 * SPEC §9 business constants and limits, one named constant per row.
 * DEFAULT_CURRENCY and CURRENCIES live in entities/user.ts.
 * Suffixes say the unit: _S seconds, _MS milliseconds, _H hours, _DAYS days, _PX pixels.
 */

/** Zod-free on purpose: the web bundle loads this module on every screen (apps/web/src/zod-free.test.ts). */

/** The message of every 500 (ARCHITECTURE.md error bodies). */
export const SERVER_ERROR_MESSAGE = 'Server Error';

// ─── Codes, cookies, passwords, phones ─────────────────────────────────────────

export const RESEND_CODE_COUNTDOWN_S = 60;
export const MESSENGER_CODE_LIFETIME_S = 300;
export const PHONE_PROMPT_SUPPRESSION_COOKIE_H = 24;
export const DEBUG_COOKIE_DAYS = 180;
export const COUNTRY_COOKIE_DAYS = 180;
export const PARTNER_SITE_COOKIE_S = 1;
export const MIN_PASSWORD_LENGTH = 8;
/** '+' followed by at least this many digits (SPEC §5, §9). */
export const PHONE_MIN_DIGITS = 9;
export const PHONE_INPUT_MAX_LENGTH = 18;
/** Longest password the API accepts (design: bounds argon2 work). */
export const MAX_PASSWORD_LENGTH = 1024;

/** Cookie names the web app uses (design: SPEC names the cookies' purposes, not their names). */
export const COOKIE_NAMES = {
  /** access token copy (also in local storage), sent as X-Authorization */
  token: 'token',
  /** set for PHONE_PROMPT_SUPPRESSION_COOKIE_H on every close of the phone-confirm prompt */
  phoneConfirmSuppressed: 'phone_confirm_suppressed',
  /** DEBUG_COOKIE_DAYS; toggles debug mode */
  debug: 'debug',
  /** COUNTRY_COOKIE_DAYS; caches GET /spa/country-by-ip */
  country: 'country',
  /** the partner site requested for the sign-partnership modal */
  partnerSite: 'partner_site',
  /** UI language chosen by the language switch */
  language: 'language',
  /** httpOnly, set by the server: the opaque refresh token */
  refreshToken: 'refresh_token',
} as const;
/** Local storage key of the access token. */
export const TOKEN_STORAGE_KEY = 'token';

// ─── Tours and bookings ────────────────────────────────────────────────────────

export const DEFAULT_BOOKING_END_HOURS = 12;
export const DEFAULT_PUBLISH_COUNT_DAYS = 90;
/** Default week schedule: publish 90 days ahead, 7 days, Sunday is 0 (SPEC §9). */
export const DEFAULT_WEEK_SCHEDULE = {
  publish_count_days: DEFAULT_PUBLISH_COUNT_DAYS,
  days_data: [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({ day_of_week, times: [] as string[] })),
  excluded_periods_data: [] as { date_from: string; date_to: string }[],
} as const;
export const DAYS_IN_WEEK = 7;

// ─── Page sizes and timings ────────────────────────────────────────────────────

export const REQUEST_LIST_PAGE_SIZE = 20;
export const ORGANIZER_REVIEWS_PAGE_SIZE = 5;
export const CHAT_PAGE_SIZE = 20;
export const CHAT_LIST_DEFAULT_OFFSET = 0;
export const VERSION_CHECK_INTERVAL_MS = 30_000;
export const TAB_ALTERNATION_MS = 1000;

/** Hint timer: mm:ss, or hh:mm:ss when there are hours. */
export const formatHintTimer = (totalSeconds: number): string => {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
};

export const FILE_SIZE_UNIT = 'MB';
export const FILE_SIZE_DECIMALS = 2;
/** File size display: MB with 2 decimals. */
export const formatFileSizeMb = (bytes: number): string =>
  `${(bytes / (1024 * 1024)).toFixed(FILE_SIZE_DECIMALS)} ${FILE_SIZE_UNIT}`;

export const ASSET_PATH = '/org/assets/';
export const DEFAULT_FAVICON = '/favicon.ico';
export const BASE_PATH = '/org';
export const FLAGS_BASE_PATH = '/flags/1x1';

// ─── Widgets ───────────────────────────────────────────────────────────────────

export const TOAST_DEFAULT_CLOSE_DELAY_MS = 7000;
export const MODAL_WIDTHS = {
  call: 440,
  dialog: 600,
  form: 600,
  largeForm: 880,
  viewer: 880,
  captcha: 368,
  default: 500,
} as const;
export const MODAL_DEFAULT_WIDTH = MODAL_WIDTHS.default;
export const MODAL_CLOSE_WAIT_MS = 300;
export const SWIPE_DOWN_TO_CLOSE_PX = 150;
export const GALLERY_SWIPE_THRESHOLD_PX = 100;
export const GALLERY_TRANSITION_MS = 300;
export const DOUBLE_TAP_ZOOM = { withinMs: 300, scale: 2 } as const;
export const PAGINATION = { maxPageButtons: 7, trailingPages: 3, ellipsis: '…' } as const;
export const DATA_TABLE = { itemsPerPage: 15, paginateWhenPagesOver: 1 } as const;
export const TRUNCATE_TEXT = { height: 120, threshold: 24 } as const;
export const SLIDER = { min: 0, max: 100, step: 1 } as const;
export const SELECT_DROPDOWN = { offsetPx: 8, placement: 'bottom-start', countrySelectMinWidthPx: 280 } as const;
export const MEDIA_THUMBNAILS = { image: '1200x00', videoPoster: '374x500' } as const;
export const RATING = { stars: 5, labels: ['Terrible', 'Poor', 'Fair', 'Good', 'Excellent'] } as const;
export const THEME_COLOR_STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export const DEFAULT_COLOR_SCHEME = 'light';
export const BREAKPOINTS = { sm: 576, md: 992, lg: 1200, xl: 1600, xxl: 2000 } as const;
export const CALENDAR = { weeks: 6, daysPerWeek: 7, defaultMonthCount: 1 } as const;
export const AVATAR = { maxInitials: 2, colorVariants: 5, defaultSize: 48 } as const;
export const SPINNER = { size: 22, stroke: 3 } as const;
export const RESIZE_THROTTLE_MS = 1000;
export const DROPDOWN = { edgePadding: 8, arrowPadding: 12 } as const;
export const ANIMATED_SCROLL = { speed: 500, minDurationMs: 250, maxDurationMs: 3000 } as const;
export const IDLE_CALLBACK_TIMEOUT_MS = 3000;
export const CAROUSEL = { speedMs: 300, swipeThreshold: 5, longSwipeRatio: 0.5 } as const;

/** Calendar min/max dates: yyyy-MM-dd or the word 'today' (SPEC §2). */
export const CALENDAR_TODAY = 'today';

// ─── Default UI texts (en-US, SPEC §9) ─────────────────────────────────────────

export const DEFAULT_UI_TEXTS = {
  showMore: 'Show more',
  next: 'Next',
  previous: 'Previous',
  range: '{rangeFrom}–{rangeTo} of {total}',
  readMore: 'Read more',
  hide: 'Hide',
  search: 'Search',
  select: 'Select',
  nothingFound: 'Nothing found',
  loading: 'Loading...',
  goBack: 'Go back',
  apply: 'Apply',
  selectDates: 'Select dates',
  noData: 'No data to show',
  country: 'Country',
  searchCountry: 'Search country or code',
  trySearchByCode: 'Try searching by code',
  useCode: 'Use {code}',
} as const;
export type UiTextKey = keyof typeof DEFAULT_UI_TEXTS;

/** Replaces `{name}` placeholders with params; unknown placeholders stay as written. */
export const interpolate = (template: string, params: Record<string, string | number> = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));

// ─── Exact texts of SPEC §2, §5 and §8 ─────────────────────────────────────────

export const TEXTS = {
  phoneConfirmTitle: 'Confirm phone number',
  phoneConfirmCodeLabel: 'Code from sms',
  phoneConfirmOtherWays: 'Other ways to verify phone number',
  phoneConfirmSuccess: 'Your phone is successfully confirmed!',
  phoneConfirmNow: 'Confirm now',
  phoneConfirmLater: 'Confirm later',
  phoneChange: 'Change',
  phoneBelongsToCountry: 'This number belongs to {country}.',
  phoneBelongsToCountryConfirm: 'Confirm',
  incorrectPhoneNumber: 'Incorrect phone number',
  serverError: SERVER_ERROR_MESSAGE,
  codeSendFailed: 'Failed to send code. Your account is blocked. Contact support on the website',
  phoneChangeUnknownError: 'An unknown error has occurred. Please contact support.',
  signPartnershipError: 'Error',
  captchaLoadingError: 'Captcha loading error',
  botDetected:
    'The security system has identified you as a robot, so the options are limited. Try disabling VPN if you are using it and refresh the page. Alternatively, contact support.',
  errorPageTitle: 'error code',
  chatIdMustBeNumber: 'data.chatId must be a number',
  illegalRedirect: 'Illegal redirect',
} as const;
