/**
 * What the web's phone-confirmation and notification screens compute from verification methods
 * and messenger chats. A module of its own, free of zod: importing these from
 * entities/verification would bring zod and its schemas to those screens.
 */
import { MESSENGER_SOURCE_TYPES, type MessengerSourceType, type VerificationMethodType } from '../enum-values';

interface MethodLike {
  type: VerificationMethodType;
  target?: string | null;
  is_subscribed?: boolean;
}

/** Sort key: telegram first, then the order of MESSENGER_SOURCE_TYPES. */
export const compareMessengerSourceTypes = (a: MessengerSourceType, b: MessengerSourceType): number =>
  MESSENGER_SOURCE_TYPES.indexOf(a) - MESSENGER_SOURCE_TYPES.indexOf(b);

/** SPEC §4: WhatsApp with a target is manual and hides the code input. */
export const isManualVerificationMethod = (m: Pick<MethodLike, 'type' | 'target'>): boolean =>
  (m.type === 'whatsapp' || m.type === 'whatsapp_paid') && !!m.target;

/** The chat with the business number, the word filled in (the manual WhatsApp flow). */
export const whatsappManualLink = (manualNumber: string, word: string): string =>
  `https://wa.me/${manualNumber.replace(/\D/g, '')}?text=${encodeURIComponent(word)}`;

/** SPEC §4: telegram_with_phone_request needs a subscription first. */
export const needsMessengerSubscription = (m: Pick<MethodLike, 'type' | 'is_subscribed'>): boolean =>
  m.type === 'telegram_with_phone_request' && !m.is_subscribed;

/** Telegram first (SPEC §3), then by name. */
export const sortMessengerChats = <T extends { source_type: MessengerSourceType; chat_name: string }>(
  chats: readonly T[],
): T[] =>
  [...chats].sort(
    (a, b) => compareMessengerSourceTypes(a.source_type, b.source_type) || a.chat_name.localeCompare(b.chat_name),
  );
