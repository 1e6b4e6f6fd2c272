// SPEC §9 constants the kit needs. The kit may not import @tourdesk/contract, so they live here.

export const SPINNER_SIZE = 22;
export const SPINNER_STROKE = 3;

export const TOAST_DEFAULT_CLOSE_DELAY = 7000;

export const MODAL_DEFAULT_WIDTH = 500;
export const MODAL_WIDTHS = {
  call: 440,
  dialog: 600,
  form: 600,
  largeForm: 880,
  viewer: 880,
  captcha: 368,
} as const;
export type ModalWidthName = keyof typeof MODAL_WIDTHS;
/** Modals, drawers and dropdowns wait this long for their close animation. */
export const CLOSE_ANIMATION_WAIT = 300;
export const MODAL_CLOSE_WAIT = CLOSE_ANIMATION_WAIT;
export const SWIPE_DOWN_TO_CLOSE = 150;
export const MODAL_SHAKE_DURATION = 400;

export const GALLERY_SWIPE_THRESHOLD = 100;
export const GALLERY_TRANSITION = 300;
export const DOUBLE_TAP_DELAY = 300;
export const DOUBLE_TAP_ZOOM_SCALE = 2;
export const MEDIA_IMAGE_THUMB_WIDTH = 1200;
export const MEDIA_VIDEO_POSTER = { width: 374, height: 500 } as const;

export const PAGINATION_MAX_BUTTONS = 7;
export const PAGINATION_TRAILING_PAGES = 3;

export const DATA_TABLE_PAGE_SIZE = 15;

export const TRUNCATE_HEIGHT = 120;
export const TRUNCATE_THRESHOLD = 24;

export const SLIDER_DEFAULTS = { min: 0, max: 100, step: 1 } as const;

export const SELECT_OFFSET = 8;
export const SELECT_PLACEMENT = 'bottom-start';
export const COUNTRY_SELECT_MIN_WIDTH = 280;

export const RATING_STARS = 5;

export const THEME_SCALE_STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type ThemeScaleStep = (typeof THEME_SCALE_STEPS)[number];
export const DEFAULT_COLOR_SCHEME = 'light';

export const BREAKPOINTS = { sm: 576, md: 992, lg: 1200, xl: 1600, xxl: 2000 } as const;
export type BreakpointName = keyof typeof BREAKPOINTS;

export const CALENDAR_WEEKS = 6;
export const CALENDAR_DAYS_PER_WEEK = 7;
export const CALENDAR_MONTHS_DEFAULT = 1;

export const AVATAR_MAX_INITIALS = 2;
export const AVATAR_VARIANTS = 5;
export const AVATAR_DEFAULT_SIZE = 48;

export const RESIZE_THROTTLE = 1000;

export const DROPDOWN_EDGE_PADDING = 8;
export const DROPDOWN_ARROW_PADDING = 12;

export const SCROLL_SPEED = 500;
export const SCROLL_MIN_DURATION = 250;
export const SCROLL_MAX_DURATION = 3000;

export const IDLE_CALLBACK_TIMEOUT = 3000;

export const CAROUSEL_DEFAULTS = { speed: 300, swipeThreshold: 5, longSwipeRatio: 0.5 } as const;

export const PHONE_MAX_LENGTH = 18;

export const UPLOAD_STATUS = { inProgress: 1, success: 2, fail: 3 } as const;
export type UploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];
