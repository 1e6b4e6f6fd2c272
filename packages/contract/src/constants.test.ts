import { describe, expect, it } from 'vitest';
import * as c from './constants';
import { CURRENCIES, DEFAULT_CURRENCY } from './entities/user';

describe('SPEC §9 constants', () => {
  it('has the code, cookie, password and phone limits', () => {
    expect(c.RESEND_CODE_COUNTDOWN_S).toBe(60);
    expect(c.MESSENGER_CODE_LIFETIME_S).toBe(300);
    expect(c.PHONE_PROMPT_SUPPRESSION_COOKIE_H).toBe(24);
    expect(c.DEBUG_COOKIE_DAYS).toBe(180);
    expect(c.COUNTRY_COOKIE_DAYS).toBe(180);
    expect(c.PARTNER_SITE_COOKIE_S).toBe(1);
    expect(c.MIN_PASSWORD_LENGTH).toBe(8);
    expect(c.PHONE_MIN_DIGITS).toBe(9);
    expect(c.PHONE_INPUT_MAX_LENGTH).toBe(18);
  });
  it('has the booking and schedule defaults', () => {
    expect(c.DEFAULT_BOOKING_END_HOURS).toBe(12);
    expect(c.DEFAULT_WEEK_SCHEDULE.publish_count_days).toBe(90);
    expect(c.DEFAULT_WEEK_SCHEDULE.days_data.map((d) => d.day_of_week)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(DEFAULT_CURRENCY).toBe('RUB');
    expect(CURRENCIES).toEqual(['EUR', 'USD', 'RUB', 'BYN', 'KZT', 'CNY']);
  });
  it('has page sizes and timings', () => {
    expect(c.REQUEST_LIST_PAGE_SIZE).toBe(20);
    expect(c.ORGANIZER_REVIEWS_PAGE_SIZE).toBe(5);
    expect(c.CHAT_PAGE_SIZE).toBe(20);
    expect(c.VERSION_CHECK_INTERVAL_MS).toBe(30000);
    expect(c.TAB_ALTERNATION_MS).toBe(1000);
    expect(c.ASSET_PATH).toBe('/org/assets/');
    expect(c.DEFAULT_FAVICON).toBe('/favicon.ico');
  });
  it('has the widget constants', () => {
    expect(c.TOAST_DEFAULT_CLOSE_DELAY_MS).toBe(7000);
    expect(c.MODAL_WIDTHS).toEqual({
      call: 440,
      dialog: 600,
      form: 600,
      largeForm: 880,
      viewer: 880,
      captcha: 368,
      default: 500,
    });
    expect(c.MODAL_CLOSE_WAIT_MS).toBe(300);
    expect(c.SWIPE_DOWN_TO_CLOSE_PX).toBe(150);
    expect(c.GALLERY_SWIPE_THRESHOLD_PX).toBe(100);
    expect(c.GALLERY_TRANSITION_MS).toBe(300);
    expect(c.DOUBLE_TAP_ZOOM).toEqual({ withinMs: 300, scale: 2 });
    expect(c.PAGINATION).toMatchObject({ maxPageButtons: 7, trailingPages: 3 });
    expect(c.DATA_TABLE.itemsPerPage).toBe(15);
    expect(c.TRUNCATE_TEXT).toEqual({ height: 120, threshold: 24 });
    expect(c.SLIDER).toEqual({ min: 0, max: 100, step: 1 });
    expect(c.SELECT_DROPDOWN).toEqual({ offsetPx: 8, placement: 'bottom-start', countrySelectMinWidthPx: 280 });
    expect(c.MEDIA_THUMBNAILS).toEqual({ image: '1200x00', videoPoster: '374x500' });
    expect(c.RATING).toEqual({ stars: 5, labels: ['Terrible', 'Poor', 'Fair', 'Good', 'Excellent'] });
    expect(c.THEME_COLOR_STEPS).toEqual([50, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(c.DEFAULT_COLOR_SCHEME).toBe('light');
    expect(c.BREAKPOINTS).toEqual({ sm: 576, md: 992, lg: 1200, xl: 1600, xxl: 2000 });
    expect(c.CALENDAR).toEqual({ weeks: 6, daysPerWeek: 7, defaultMonthCount: 1 });
    expect(c.AVATAR).toEqual({ maxInitials: 2, colorVariants: 5, defaultSize: 48 });
    expect(c.SPINNER).toEqual({ size: 22, stroke: 3 });
    expect(c.RESIZE_THROTTLE_MS).toBe(1000);
    expect(c.DROPDOWN).toEqual({ edgePadding: 8, arrowPadding: 12 });
    expect(c.ANIMATED_SCROLL).toEqual({ speed: 500, minDurationMs: 250, maxDurationMs: 3000 });
    expect(c.IDLE_CALLBACK_TIMEOUT_MS).toBe(3000);
    expect(c.CAROUSEL).toEqual({ speedMs: 300, swipeThreshold: 5, longSwipeRatio: 0.5 });
  });
  it('has the cookie names', () => {
    expect(c.COOKIE_NAMES).toMatchObject({
      token: 'token',
      phoneConfirmSuppressed: 'phone_confirm_suppressed',
      debug: 'debug',
      country: 'country',
      partnerSite: 'partner_site',
    });
  });
});

describe('default UI texts (en-US, exact)', () => {
  it('has every text', () => {
    expect(Object.values(c.DEFAULT_UI_TEXTS)).toEqual([
      'Show more',
      'Next',
      'Previous',
      '{rangeFrom}–{rangeTo} of {total}',
      'Read more',
      'Hide',
      'Search',
      'Select',
      'Nothing found',
      'Loading...',
      'Go back',
      'Apply',
      'Select dates',
      'No data to show',
      'Country',
      'Search country or code',
      'Try searching by code',
      'Use {code}',
    ]);
  });
  it('interpolates placeholders', () => {
    expect(c.interpolate(c.DEFAULT_UI_TEXTS.range, { rangeFrom: 1, rangeTo: 15, total: 40 })).toBe('1–15 of 40');
    expect(c.interpolate(c.DEFAULT_UI_TEXTS.useCode, { code: '+7' })).toBe('Use +7');
    expect(c.interpolate('Hello {who}', {})).toBe('Hello {who}');
  });
  it('has the exact SPEC texts', () => {
    expect(c.TEXTS.phoneConfirmTitle).toBe('Confirm phone number');
    expect(c.TEXTS.phoneConfirmCodeLabel).toBe('Code from sms');
    expect(c.TEXTS.phoneConfirmOtherWays).toBe('Other ways to verify phone number');
    expect(c.TEXTS.phoneConfirmSuccess).toBe('Your phone is successfully confirmed!');
    expect(c.TEXTS.codeSendFailed).toBe('Failed to send code. Your account is blocked. Contact support on the website');
    expect(c.TEXTS.phoneChangeUnknownError).toBe('An unknown error has occurred. Please contact support.');
    expect(c.TEXTS.captchaLoadingError).toBe('Captcha loading error');
    expect(c.TEXTS.serverError).toBe('Server Error');
    expect(c.TEXTS.botDetected).toBe(
      'The security system has identified you as a robot, so the options are limited. Try disabling VPN if you are using it and refresh the page. Alternatively, contact support.',
    );
    expect(c.TEXTS.errorPageTitle).toBe('error code');
    expect(c.TEXTS.chatIdMustBeNumber).toBe('data.chatId must be a number');
    expect(c.TEXTS.illegalRedirect).toBe('Illegal redirect');
    expect(c.TEXTS.phoneBelongsToCountry).toBe('This number belongs to {country}.');
    expect(c.TEXTS.incorrectPhoneNumber).toBe('Incorrect phone number');
  });
});

describe('formatters', () => {
  it('formats the hint timer as mm:ss, or hh:mm:ss with hours', () => {
    expect(c.formatHintTimer(60)).toBe('01:00');
    expect(c.formatHintTimer(299)).toBe('04:59');
    expect(c.formatHintTimer(3661)).toBe('01:01:01');
    expect(c.formatHintTimer(-3)).toBe('00:00');
  });
  it('shows file sizes in MB with 2 decimals', () => {
    expect(c.formatFileSizeMb(1024 * 1024 * 1.5)).toBe('1.50 MB');
    expect(c.formatFileSizeMb(12345)).toBe('0.01 MB');
  });
});
