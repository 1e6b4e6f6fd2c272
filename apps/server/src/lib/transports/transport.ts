/** Where an outgoing message goes; one transport per channel. */
export const MESSAGE_CHANNELS = ['email', 'sms', 'telegram', 'whatsapp', 'vk', 'call'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export interface OutgoingMessage {
  channel: MessageChannel;
  /** e-mail address, phone (E.164) or messenger chat id */
  recipient: string;
  subject?: string | null;
  /** plain text */
  body: string;
  /** transport-specific extras (e.g. Telegram reply_markup, the flash-call code) */
  meta?: Record<string, unknown>;
}

/** The one interface every delivery path implements: the outbox, SMTP, the Telegram bot, HTTP providers. */
export interface Transport {
  readonly name: string;
  /** Resolves when the provider accepted the message; rejects otherwise. */
  send(message: OutgoingMessage): Promise<{ providerId?: string }>;
}

export class TransportError extends Error {}
