import { TransportError, type Transport } from './transport';

const TIMEOUT_MS = 10_000;

/** The few Bot API calls we make, over plain fetch (https://core.telegram.org/bots/api). */
export const createTelegramBot = (opts: { token: string; apiUrl: string }) => {
  const call = async <T>(method: string, params: Record<string, unknown>): Promise<T> => {
    const res = await fetch(`${opts.apiUrl.replace(/\/$/, '')}/bot${opts.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: T; description?: string } | null;
    if (!res.ok || !body?.ok) throw new TransportError(`telegram ${method} failed: ${body?.description ?? res.status}`);
    return body.result as T;
  };
  return {
    call,
    sendMessage: (chatId: string, text: string, extra: Record<string, unknown> = {}) =>
      call<{ message_id: number }>('sendMessage', { chat_id: chatId, text, ...extra }),
  };
};
export type TelegramBot = ReturnType<typeof createTelegramBot>;

/** Messages to a linked Telegram chat; `meta.reply_markup` passes keyboards (the contact request). */
export const createTelegramTransport = (bot: TelegramBot): Transport => ({
  name: 'telegram',
  send: async (message) => {
    const extra = message.meta?.reply_markup ? { reply_markup: message.meta.reply_markup } : {};
    const result = await bot.sendMessage(message.recipient, message.body, extra);
    return { providerId: String(result.message_id) };
  },
});
