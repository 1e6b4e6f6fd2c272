import { z } from 'zod';
import { idSchema } from './common';
import { messengerSourceTypeSchema, verificationMethodTypeSchema } from '../enums';
import {
  isManualVerificationMethod,
  needsMessengerSubscription,
  sortMessengerChats,
  whatsappManualLink,
} from './verification-rules';

export { isManualVerificationMethod, needsMessengerSubscription, sortMessengerChats, whatsappManualLink };

/** SPEC §3 Verification method. */
export const verificationMethodSchema = z.object({
  type: verificationMethodTypeSchema,
  is_default: z.boolean().default(false),
  /** WhatsApp manual flow: the word/number the user messages first; the code input is hidden */
  target: z.string().nullable().default(null),
  /**
   * WhatsApp manual flow (not in SPEC §3): the business number, international format, that the
   * word is sent to; null otherwise
   */
  manual_number: z.string().nullable().default(null),
  /** Telegram: the account is subscribed to the bot (telegram_with_phone_request needs it) */
  is_subscribed: z.boolean().default(false),
});
export type VerificationMethod = z.infer<typeof verificationMethodSchema>;

/** GET phone-confirmation-methods. */
export const phoneConfirmationMethodsSchema = z.object({
  verification_methods: z.array(verificationMethodSchema).default([]),
  is_bot: z.boolean().default(false),
});
export type PhoneConfirmationMethods = z.infer<typeof phoneConfirmationMethodsSchema>;

/** SPEC §3 Messenger chat for notifications. */
export const messengerChatSchema = z.object({
  id: idSchema,
  chat_id: z.string(),
  chat_name: z.string().default(''),
  url: z.string().nullable().default(null),
  source_type: messengerSourceTypeSchema,
  messenger_was_activated: z.boolean().default(false),
});
export type MessengerChat = z.infer<typeof messengerChatSchema>;
