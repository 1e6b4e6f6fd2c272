import { z } from 'zod';
import { defineRoute } from '../route';
import { requestMeetDataRoutes, MEET_DATA_SEND_RULES } from './request-meet-data-routes';
export {
  MEET_DATA_RESEND_SECONDS,
  MEET_DATA_SEND_RULES,
  MEET_DATA_STATUSES,
  MEET_DATA_TEXT_MAX_LENGTH,
  requestMeetDataRoutes,
} from './request-meet-data-routes';
import { dateTimeStringSchema, idSchema, queryIdSchema } from '../entities/common';
import { bookingStatusSchema } from '../enums';
import { zodRules } from '../validation';

/** GET meet-data-preview: the request, and the template to fill (none: the default one, else the first). */
export const meetDataPreviewQuerySchema = z.strictObject({
  request_id: queryIdSchema,
  template_id: queryIdSchema.optional(),
});
export type MeetDataPreviewQuery = z.input<typeof meetDataPreviewQuerySchema>;

/** Someone the request names who can get the meet data: who booked, or a tourist with an e-mail. */
export const meetDataRecipientSchema = z.object({
  email: z.string(),
  /** their name as the request has it ('' when it has none) */
  name: z.string(),
  /** customer: who booked (first, when their e-mail is also a tourist's); tourist: one of the travellers */
  role: z.enum(['customer', 'tourist']),
});
export type MeetDataRecipient = z.infer<typeof meetDataRecipientSchema>;

/** Meet data sent for a request. */
export const meetDataSendSchema = z.object({
  id: idSchema,
  request_id: idSchema,
  /** null once the template is deleted */
  template_id: idSchema.nullable(),
  /** the template's name when it was sent */
  template_name: z.string(),
  /** what was sent: the template's text, placeholders filled, as the sender left it */
  text: z.string(),
  place: z.string(),
  contact_phone: z.string(),
  /** the addresses it went to */
  emails: z.array(z.string()),
  /** who sent it (null once that user is deleted) */
  sent_by: idSchema.nullable(),
  sent_by_name: z.string(),
  sent_at: dateTimeStringSchema,
});
export type MeetDataSend = z.infer<typeof meetDataSendSchema>;

/** A template to choose from. */
export const meetDataTemplateChoiceSchema = z.object({ id: idSchema, name: z.string(), is_default: z.boolean() });
export type MeetDataTemplateChoice = z.infer<typeof meetDataTemplateChoiceSchema>;

export const meetDataPreviewSchema = z.object({
  request_id: idSchema,
  status: bookingStatusSchema,
  /** whether the request's status takes meet data (MEET_DATA_STATUSES) */
  can_send: z.boolean(),
  /** the organizer's meet-data templates, oldest first */
  templates: z.array(meetDataTemplateChoiceSchema),
  /** the chosen template, filled from the request; null when the organizer has none */
  template: z
    .object({
      id: idSchema,
      name: z.string(),
      /** the template's text with the request's values in place of its placeholders */
      text: z.string(),
      place: z.string(),
      contact_phone: z.string(),
    })
    .nullable(),
  recipients: z.array(meetDataRecipientSchema),
  /** earlier sends, newest first */
  sends: z.array(meetDataSendSchema),
});
export type MeetDataPreview = z.infer<typeof meetDataPreviewSchema>;

/** POST send-meet-data: the text as edited, to some of the recipients the preview named. */
export const sendMeetDataBodySchema = z.strictObject({
  request_id: idSchema,
  template_id: idSchema,
  text: z.string().superRefine(zodRules(MEET_DATA_SEND_RULES.text)),
  emails: z.array(z.string().trim().max(254)).max(1000).superRefine(zodRules(MEET_DATA_SEND_RULES.emails)),
});
export type SendMeetDataBody = z.input<typeof sendMeetDataBodySchema>;

export const sendMeetDataResultSchema = meetDataSendSchema.extend({
  /** chosen addresses the mail transport refused (the send records only the others) */
  not_delivered: z.array(z.string()),
});
export type SendMeetDataResult = z.infer<typeof sendMeetDataResultSchema>;

export const requestMeetDataApi = {
  meetDataPreview: defineRoute({
    ...requestMeetDataRoutes.meetDataPreview,
    query: meetDataPreviewQuerySchema,
    response: meetDataPreviewSchema,
  }),
  sendMeetData: defineRoute({
    ...requestMeetDataRoutes.sendMeetData,
    body: sendMeetDataBodySchema,
    response: sendMeetDataResultSchema,
    summary:
      'Sends the meet data by e-mail to the chosen recipients (each one the request knows) in the text’s language, and records the send; a confirmed request only (2 or 3), once per request in 30 s',
  }),
};
