import { z } from 'zod';
import { defineRoute } from '../route';
import { dateTimeStringSchema, idSchema, queryIdSchema } from '../entities/common';
import { languageSchema } from '../entities/user';
import { zodRules } from '../validation';
import {
  TRAVELLER_MESSAGE_CHANNELS,
  TRAVELLER_MESSAGE_KINDS,
  TRAVELLER_MESSAGE_STATUSES,
  TRAVELLER_MESSAGE_TEXT_RULES,
  travellerMessageRoutes,
} from './traveller-message-routes';
export * from './traveller-message-routes';

export const travellerMessageKindSchema = z.enum(TRAVELLER_MESSAGE_KINDS);
export const travellerMessageStatusSchema = z.enum(TRAVELLER_MESSAGE_STATUSES);
export const travellerMessageChannelSchema = z.enum(TRAVELLER_MESSAGE_CHANNELS);

/** An organizer's own subject and body of one kind in one language (placeholders as in the contract templates). */
export const travellerMessageTextSchema = z.strictObject({
  subject: z.string().trim().superRefine(zodRules(TRAVELLER_MESSAGE_TEXT_RULES.subject)),
  body: z.string().trim().superRefine(zodRules(TRAVELLER_MESSAGE_TEXT_RULES.body)),
});
export type TravellerMessageText = z.infer<typeof travellerMessageTextSchema>;

/** One kind's settings: whether it goes out by itself, and the organizer's texts (null: the shipped one). */
export const travellerMessageKindSettingsSchema = z.object({
  kind: travellerMessageKindSchema,
  enabled: z.boolean(),
  texts: z.object({ en: travellerMessageTextSchema.nullable(), ru: travellerMessageTextSchema.nullable() }),
  /** the shipped texts, what `texts` falls back to (placeholders unfilled) */
  default_texts: z.object({
    en: z.object({ subject: z.string(), body: z.string() }),
    ru: z.object({ subject: z.string(), body: z.string() }),
  }),
});
export type TravellerMessageKindSettings = z.infer<typeof travellerMessageKindSettingsSchema>;

export const travellerMessageSettingsSchema = z.object({
  organizer_id: idSchema,
  /** the language of a request's messages when its travellers' is not known (a request typed in by the provider) */
  default_language: languageSchema,
  /** the receipt of a payment carries the contract (PDF, with the stamp) */
  attach_contract: z.boolean(),
  kinds: z.array(travellerMessageKindSettingsSchema),
  /** the placeholders the texts take, with what each stands for in en */
  placeholders: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type TravellerMessageSettings = z.infer<typeof travellerMessageSettingsSchema>;

/** POST update-settings: the kinds named change, the others stay. */
export const updateTravellerMessageSettingsBodySchema = z.strictObject({
  organizer_id: idSchema,
  default_language: languageSchema.optional(),
  attach_contract: z.boolean().optional(),
  kinds: z
    .array(
      z.strictObject({
        kind: travellerMessageKindSchema,
        enabled: z.boolean(),
        texts: z.strictObject({
          en: travellerMessageTextSchema.nullable(),
          ru: travellerMessageTextSchema.nullable(),
        }),
      }),
    )
    .max(TRAVELLER_MESSAGE_KINDS.length)
    .default([]),
});
export type UpdateTravellerMessageSettingsBody = z.input<typeof updateTravellerMessageSettingsBodySchema>;

/** A message as it went out (or would): subject, the HTML e-mail, its plain-text part. */
export const renderedTravellerMessageSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type RenderedTravellerMessage = z.infer<typeof renderedTravellerMessageSchema>;

export const travellerMessagePreviewQuerySchema = z.strictObject({
  organizer_id: queryIdSchema,
  kind: travellerMessageKindSchema,
  lang: languageSchema,
});

/** One message on a request's timeline. */
export const travellerMessageSchema = z.object({
  id: idSchema,
  request_id: idSchema,
  kind: travellerMessageKindSchema,
  channel: travellerMessageChannelSchema,
  /** the address or messenger chat it went to */
  recipient: z.string(),
  /** who it was for: the request's contact or one of its tourists */
  recipient_name: z.string(),
  language: languageSchema,
  subject: z.string(),
  status: travellerMessageStatusSchema,
  /** why the last attempt failed, when it did */
  error: z.string().nullable(),
  /** sent again by hand: who (null: it went out by itself) */
  sent_by_name: z.string().nullable(),
  created_at: dateTimeStringSchema,
  sent_at: dateTimeStringSchema.nullable(),
  opened_at: dateTimeStringSchema.nullable(),
});
export type TravellerMessage = z.infer<typeof travellerMessageSchema>;

export const travellerMessageListSchema = z.object({
  request_id: idSchema,
  /** the language the request's travellers are written to, and whether it was chosen (else the organizer's default) */
  language: languageSchema,
  language_chosen: z.boolean(),
  items: z.array(travellerMessageSchema),
});
export type TravellerMessageList = z.infer<typeof travellerMessageListSchema>;

export const travellerMessageViewSchema = travellerMessageSchema.extend({ rendered: renderedTravellerMessageSchema });
export type TravellerMessageView = z.infer<typeof travellerMessageViewSchema>;

export const sendTravellerMessageAgainBodySchema = z.strictObject({
  request_id: idSchema,
  kind: travellerMessageKindSchema,
});
export type SendTravellerMessageAgainBody = z.input<typeof sendTravellerMessageAgainBodySchema>;

export const setTravellerLanguageBodySchema = z.strictObject({ request_id: idSchema, language: languageSchema });

export const travellerMessageApi = {
  settings: defineRoute({
    ...travellerMessageRoutes.settings,
    query: z.strictObject({ organizer_id: queryIdSchema }),
    response: travellerMessageSettingsSchema,
  }),
  updateSettings: defineRoute({
    ...travellerMessageRoutes.updateSettings,
    body: updateTravellerMessageSettingsBodySchema,
    response: travellerMessageSettingsSchema,
  }),
  preview: defineRoute({
    ...travellerMessageRoutes.preview,
    query: travellerMessagePreviewQuerySchema,
    response: renderedTravellerMessageSchema,
  }),
  list: defineRoute({
    ...travellerMessageRoutes.list,
    query: z.strictObject({ request_id: queryIdSchema }),
    response: travellerMessageListSchema,
  }),
  view: defineRoute({
    ...travellerMessageRoutes.view,
    query: z.strictObject({ id: queryIdSchema }),
    response: travellerMessageViewSchema,
  }),
  sendAgain: defineRoute({
    ...travellerMessageRoutes.sendAgain,
    body: sendTravellerMessageAgainBodySchema,
    response: z.object({ items: z.array(travellerMessageSchema) }),
    summary:
      'Sends one kind of traveller message for a request again, now, to every recipient it goes to (422 when the request has nothing of that kind to send)',
  }),
  setLanguage: defineRoute({
    ...travellerMessageRoutes.setLanguage,
    body: setTravellerLanguageBodySchema,
    response: travellerMessageListSchema,
  }),
  opened: defineRoute({
    ...travellerMessageRoutes.opened,
    query: z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
    response: z.unknown(),
    summary: 'A 1×1 GIF; marks the message whose token it is opened (an unknown token: the same image, nothing marked)',
  }),
};
