import { compareMessengerSourceTypes } from './entities/verification-rules';
import { describe, expect, it } from 'vitest';
import {
  BLOCK_EDITOR_ACTIONS,
  BLOCK_LINK_KIND,
  BOOKING_STATUS,
  BOOKING_STATUSES,
  BOOKING_STATUS_NAMES,
  CHAT_MESSAGE_STATUS,
  CHAT_MESSAGE_TYPES,
  DISCOUNT_KINDS,
  DISCOUNT_VALUE_TYPES,
  DOCUMENT_TYPES,
  FONT_WEIGHTS,
  INTERNAL_CHECK_STATUSES,
  INVOICE_STATUS,
  INVOICE_STATUS_NAMES,
  MEDIA_KINDS,
  MESSENGER_SOURCE_TYPES,
  PAGE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  PUBLIC_PAGE_TYPES,
  REQUEST_SOURCES,
  SCHEDULE_TYPE,
  SITE_BLOCK_TYPE,
  SITE_BLOCK_TYPES,
  SITE_BLOCK_TYPE_NAMES,
  SITE_STATUSES,
  TOUR_ALERT_TYPES,
  TOUR_STATUSES,
  TOUR_TYPE,
  UPLOAD_STATUS,
  VERIFICATION_METHOD_TYPES,
  VERIFICATION_STATUSES,
  VIDEO_PROVIDERS,
  bookingStatusSchema,
  fontWeightSchema,
  invoiceStatusSchema,
  isBookingCanceled,
  isVerificationFailed,
  nextSortDirection,
  siteBlockTypeSchema,
} from './enums';

describe('checks', () => {
  it('has the internal-check and verification states', () => {
    expect(INTERNAL_CHECK_STATUSES).toEqual(['not_performed', 'success', 'failed']);
    expect(VERIFICATION_STATUSES).toEqual(['not_performed', 'success', 'failed', 'in_progress']);
  });
  it('verification failed means failed or not_performed', () => {
    expect(isVerificationFailed('failed')).toBe(true);
    expect(isVerificationFailed('not_performed')).toBe(true);
    expect(isVerificationFailed('success')).toBe(false);
    expect(isVerificationFailed('in_progress')).toBe(false);
  });
});

describe('tour states', () => {
  it('has tour, site and alert states', () => {
    expect(TOUR_STATUSES).toEqual(['draft', 'published', 'archived']);
    expect(SITE_STATUSES).toEqual(['moderation', 'unpublished', 'waiting', 'published']);
    expect(TOUR_ALERT_TYPES).toEqual(['dates_preliminary', 'need_update_preliminary_dates', 'need_add_active_dates']);
  });
  it('numbers tour type and schedule type', () => {
    expect(TOUR_TYPE).toEqual({ tour: 1, excursion: 2 });
    expect(SCHEDULE_TYPE).toEqual({ dates: 1, weekly: 2 });
  });
});

describe('booking status', () => {
  it('numbers 1..8 in SPEC order', () => {
    expect(BOOKING_STATUS).toEqual({
      pending_confirm: 1,
      pending_prepayment: 2,
      made_prepayment: 3,
      tour_complete: 4,
      canceled_by_tourist: 5,
      canceled_by_author: 6,
      canceled_by_system: 7,
      canceled_by_admin: 8,
    });
    expect(BOOKING_STATUSES).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(BOOKING_STATUS_NAMES[3]).toBe('made_prepayment');
  });
  it('schema accepts 1..8 only', () => {
    expect(bookingStatusSchema.safeParse(8).success).toBe(true);
    expect(bookingStatusSchema.safeParse(0).success).toBe(false);
    expect(bookingStatusSchema.safeParse(9).success).toBe(false);
  });
  it('5..8 are canceled', () => {
    expect(BOOKING_STATUSES.filter(isBookingCanceled)).toEqual([5, 6, 7, 8]);
  });
});

describe('money', () => {
  it('numbers invoice status 1 new, 2 payed, 3 canceled', () => {
    expect(INVOICE_STATUS).toEqual({ new: 1, payed: 2, canceled: 3 });
    expect(INVOICE_STATUS_NAMES[2]).toBe('payed');
    expect(invoiceStatusSchema.safeParse(4).success).toBe(false);
  });
  it('has payment types, methods, request sources, discounts', () => {
    expect(PAYMENT_TYPES).toEqual(['prepayment', 'payment', 'full']);
    expect(PAYMENT_METHODS).toEqual(['sbp', 'card']);
    expect(REQUEST_SOURCES).toEqual(['marketplace', 'direct_sales', 'agent', 'own', 'third_party_agent']);
    expect(DISCOUNT_VALUE_TYPES).toEqual(['currency', 'percent']);
    expect(DISCOUNT_KINDS).toEqual(['early_booking_dates', 'early_booking_days', 'seasonal']);
  });
});

describe('chat', () => {
  it('has message types and numbered statuses', () => {
    expect(CHAT_MESSAGE_TYPES).toEqual(['output', 'input']);
    expect(CHAT_MESSAGE_STATUS).toEqual({ waiting: 0, loading: 1, failed: 2, success: 3 });
  });
});

describe('verification and messengers', () => {
  it('has the eight verification method types', () => {
    expect(VERIFICATION_METHOD_TYPES).toEqual([
      'sms',
      'email',
      'telegram',
      'telegram_with_phone_request',
      'vk',
      'vk_via_sms_service',
      'whatsapp',
      'whatsapp_paid',
    ]);
  });
  it('sorts telegram first', () => {
    expect(MESSENGER_SOURCE_TYPES[0]).toBe('telegram');
    expect(['vk', 'whatsapp', 'telegram'].sort((a, b) => compareMessengerSourceTypes(a as 'vk', b as 'vk'))[0]).toBe(
      'telegram',
    );
  });
});

describe('site constructor', () => {
  it('has 25 block types numbered in SPEC order', () => {
    expect(SITE_BLOCK_TYPES).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(Object.keys(SITE_BLOCK_TYPE)).toEqual([
      'app_header',
      'footer',
      'main_intro',
      'tours',
      'about_info',
      'gallery',
      'advantages',
      'stats',
      'schedule',
      'booking_steps',
      'mass_media',
      'tour_intro',
      'impressions',
      'program',
      'livings',
      'guides',
      'reviews',
      'price',
      'faq',
      'dates',
      'contacts',
      'other_tours',
      'tour_faq',
      'text',
      'recommendations',
    ]);
    expect(SITE_BLOCK_TYPE_NAMES[25]).toBe('recommendations');
    expect(siteBlockTypeSchema.safeParse(26).success).toBe(false);
  });
  it('has page, document, media and provider values', () => {
    expect(PAGE_TYPES).toEqual(['site', 'main', 'tour']);
    expect(PUBLIC_PAGE_TYPES).toEqual(['main', 'tour', 'agreement', 'policy']);
    expect(DOCUMENT_TYPES).toEqual(['agreement', 'policy']);
    expect(MEDIA_KINDS).toEqual(['image', 'video']);
    expect(VIDEO_PROVIDERS).toEqual(['youtube', 'rutube', 'vimeo']);
  });
  it('has font weights 100..900', () => {
    expect(FONT_WEIGHTS).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(fontWeightSchema.safeParse(450).success).toBe(false);
  });
  it('numbers link kinds and upload statuses', () => {
    expect(BLOCK_LINK_KIND).toEqual({ anchor: 1, external_link: 2, crm_booking: 3 });
    expect(UPLOAD_STATUS).toEqual({ in_progress: 1, success: 2, fail: 3 });
    expect(BLOCK_EDITOR_ACTIONS).toEqual(['add', 'edit', 'move_up', 'move_down', 'remove']);
  });
});

describe('data table sort', () => {
  it('cycles ascending, descending, off', () => {
    expect(nextSortDirection(null)).toBe('asc');
    expect(nextSortDirection('asc')).toBe('desc');
    expect(nextSortDirection('desc')).toBeNull();
  });
});
