import { z } from 'zod';
import { idSchema } from './common';
import { compareMessengerSourceTypes, messengerSourceTypeSchema, verificationMethodTypeSchema } from '../enums';
import type { MessengerSourceType } from '../enums';

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

/** SPEC §4: WhatsApp with a target is manual and hides the code input. */
export const isManualVerificationMethod = (m: Pick<VerificationMethod, 'type' | 'target'>): boolean =>
  (m.type === 'whatsapp' || m.type === 'whatsapp_paid') && !!m.target;

/** The chat with the business number, the word filled in (the manual WhatsApp flow). */
export const whatsappManualLink = (manualNumber: string, word: string): string =>
  `https://wa.me/${manualNumber.replace(/\D/g, '')}?text=${encodeURIComponent(word)}`;

/** SPEC §4: telegram_with_phone_request needs a subscription first. */
export const needsMessengerSubscription = (m: Pick<VerificationMethod, 'type' | 'is_subscribed'>): boolean =>
  m.type === 'telegram_with_phone_request' && !m.is_subscribed;

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

/** Telegram first (SPEC §3), then by name. */
export const sortMessengerChats = <T extends { source_type: MessengerSourceType; chat_name: string }>(chats: readonly T[]): T[] =>
  [...chats].sort((a, b) => compareMessengerSourceTypes(a.source_type, b.source_type) || a.chat_name.localeCompare(b.chat_name));
