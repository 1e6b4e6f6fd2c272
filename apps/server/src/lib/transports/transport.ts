/** Where an outgoing message goes; one transport per channel. */
export const MESSAGE_CHANNELS = ['email', 'sms', 'telegram', 'whatsapp', 'vk', 'call'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export interface OutgoingMessage {
  channel: MessageChannel;
  /** e-mail address, phone (E.164) or messenger chat id */
  recipient: string;
  subject?: string | null;
  /** plain text (an e-mail's plain-text part) */
  body: string;
  /** an e-mail's HTML part */
  html?: string | null;
  /** an e-mail's Reply-To and the name it comes from (the organizer's, through the brand's address) */
  replyTo?: string | null;
  fromName?: string | null;
  /** files an e-mail carries */
  attachments?: readonly MessageAttachment[];
  /** transport-specific extras (e.g. Telegram reply_markup, the flash-call code) */
  meta?: Record<string, unknown>;
}

/** A file an e-mail carries. */
export interface MessageAttachment {
  name: string;
  mime: string;
  data: Buffer;
}

/** The one interface every delivery path implements: the outbox, SMTP, the Telegram bot, HTTP providers. */
export interface Transport {
  readonly name: string;
  /** Resolves when the provider accepted the message; rejects otherwise. */
  send(message: OutgoingMessage): Promise<{ providerId?: string }>;
}

export class TransportError extends Error {}
