import { z } from 'zod';
import {
  BLOCK_EDITOR_ACTIONS,
  BLOCK_LINK_KIND,
  BOOKING_STATUS,
  CHAT_KINDS,
  CHAT_MESSAGE_STATUS,
  CHAT_MESSAGE_TYPES,
  COMFORT_LEVELS,
  CONTRACT_TEMPLATE_TYPES,
  DISCOUNT_KINDS,
  DISCOUNT_VALUE_TYPES,
  DOCUMENT_TYPES,
  FONT_WEIGHTS,
  INTERNAL_CHECK_STATUSES,
  INVOICE_STATUS,
  MEDIA_KINDS,
  MESSENGER_SOURCE_ID,
  MESSENGER_SOURCE_TYPES,
  PAGE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_PROBLEMS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  PLACEHOLDER_ENTITY_TYPES,
  PREPAYMENT_TYPES,
  PUBLIC_PAGE_TYPES,
  REQUEST_SOURCES,
  SCHEDULE_TYPE,
  SETTINGS_TABS,
  SITE_BLOCK_TYPE,
  SITE_STATUSES,
  SORT_DIRECTIONS,
  TOAST_TYPES,
  TOUR_ALERT_TYPES,
  TOUR_STATUSES,
  TOUR_TYPE,
  UPLOAD_STATUS,
  VERIFICATION_METHOD_TYPES,
  VERIFICATION_STATUSES,
  VIDEO_PROVIDERS,
} from './enum-values';

/** The zod schemas of the SPEC §3/§4 states; the values and their types are in ./enum-values.ts. */
export * from './enum-values';

export const internalCheckStatusSchema = z.enum(INTERNAL_CHECK_STATUSES);
export const verificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export const tourStatusSchema = z.enum(TOUR_STATUSES);
export const siteStatusSchema = z.enum(SITE_STATUSES);
export const moderationStatusSchema = siteStatusSchema;
export const tourAlertTypeSchema = z.enum(TOUR_ALERT_TYPES);
export const tourTypeSchema = z.enum(TOUR_TYPE);
export const scheduleTypeSchema = z.enum(SCHEDULE_TYPE);
export const comfortLevelSchema = z.enum(COMFORT_LEVELS);
export const dayOfWeekSchema = z.number().int().min(0).max(6);
export const bookingStatusSchema = z.enum(BOOKING_STATUS);
export const invoiceStatusSchema = z.enum(INVOICE_STATUS);
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const paymentProblemSchema = z.enum(PAYMENT_PROBLEMS);
export const requestSourceSchema = z.enum(REQUEST_SOURCES);
export const discountValueTypeSchema = z.enum(DISCOUNT_VALUE_TYPES);
export const discountKindSchema = z.enum(DISCOUNT_KINDS);
export const prepaymentTypeSchema = z.enum(PREPAYMENT_TYPES);
export const chatMessageTypeSchema = z.enum(CHAT_MESSAGE_TYPES);
export const chatMessageStatusSchema = z.enum(CHAT_MESSAGE_STATUS);
export const chatKindSchema = z.enum(CHAT_KINDS);
export const verificationMethodTypeSchema = z.enum(VERIFICATION_METHOD_TYPES);
export const messengerSourceTypeSchema = z.enum(MESSENGER_SOURCE_TYPES);
export const messengerSourceIdSchema = z.enum(MESSENGER_SOURCE_ID);
export const siteBlockTypeSchema = z.enum(SITE_BLOCK_TYPE);
export const pageTypeSchema = z.enum(PAGE_TYPES);
export const publicPageTypeSchema = z.enum(PUBLIC_PAGE_TYPES);
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export const fontWeightSchema = z.literal(FONT_WEIGHTS);
export const mediaKindSchema = z.enum(MEDIA_KINDS);
export const videoProviderSchema = z.enum(VIDEO_PROVIDERS);
export const blockLinkKindSchema = z.enum(BLOCK_LINK_KIND);
export const blockEditorActionSchema = z.enum(BLOCK_EDITOR_ACTIONS);
export const uploadStatusSchema = z.enum(UPLOAD_STATUS);
export const contractTemplateTypeSchema = z.enum(CONTRACT_TEMPLATE_TYPES);
export const placeholderEntityTypeSchema = z.enum(PLACEHOLDER_ENTITY_TYPES);
export const toastTypeSchema = z.enum(TOAST_TYPES);
export const sortDirectionSchema = z.enum(SORT_DIRECTIONS);
export const settingsTabSchema = z.enum(SETTINGS_TABS);
