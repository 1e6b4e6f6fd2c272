import { TransportError, type Transport } from './transport';

const TIMEOUT_MS = 10_000;

/** A file Telegram holds is larger than the caller takes (declared by getFile, or counted while reading). */
export class TelegramFileTooLargeError extends TransportError {}

/** getFile's path as a URL path: each segment encoded, nothing that could leave the bot's file folder. */
const filePathOf = (filePath: string): string => {
  const parts = filePath.split('/');
  if (!filePath || parts.some((p) => p === '' || p === '.' || p === '..'))
    throw new TransportError('telegram getFile: unusable file_path');
  return parts.map(encodeURIComponent).join('/');
};

/** The few Bot API calls we make, over plain fetch (https://core.telegram.org/bots/api). */
export const createTelegramBot = (opts: { token: string; apiUrl: string }) => {
  const base = opts.apiUrl.replace(/\/$/, '');
  const call = async <T>(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<T> => {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const res = await fetch(`${base}/bot${opts.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: T; description?: string } | null;
    if (!res.ok || !body?.ok) throw new TransportError(`telegram ${method} failed: ${body?.description ?? res.status}`);
    return body.result as T;
  };

  /**
   * The bytes of a file a user sent the bot: getFile gives its path, then it is read from the
   * bot's file URL (`<api>/file/bot<token>/<path>`), at most `maxBytes` (more: TelegramFileTooLargeError)
   * within `timeoutMs` for both steps together (or until `signal` aborts). Any other failure is a
   * TransportError.
   */
  const downloadFile = async (
    fileId: string,
    limits: { maxBytes: number; timeoutMs: number; signal?: AbortSignal },
  ): Promise<Buffer> => {
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = limits.signal ? AbortSignal.any([timeout, limits.signal]) : timeout;
    try {
      const file = await call<{ file_path?: string; file_size?: number }>('getFile', { file_id: fileId }, signal);
      if (typeof file.file_size === 'number' && file.file_size > limits.maxBytes)
        throw new TelegramFileTooLargeError(`telegram file of ${file.file_size} bytes`);
      const res = await fetch(`${base}/file/bot${opts.token}/${filePathOf(file.file_path ?? '')}`, { signal });
      if (!res.ok || !res.body) throw new TransportError(`telegram file download failed: ${res.status}`);
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > limits.maxBytes) {
        await res.body.cancel();
        throw new TelegramFileTooLargeError(`telegram file of ${declared} bytes`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Uint8Array).byteLength;
        if (size > limits.maxBytes) throw new TelegramFileTooLargeError(`telegram file over ${limits.maxBytes} bytes`);
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
      return Buffer.concat(chunks);
    } catch (err) {
      if (err instanceof TransportError) throw err;
      throw new TransportError(`telegram file download failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  return {
    call,
    sendMessage: (chatId: string, text: string, extra: Record<string, unknown> = {}) =>
      call<{ message_id: number }>('sendMessage', { chat_id: chatId, text, ...extra }),
    downloadFile,
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
