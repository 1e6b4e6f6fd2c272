import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelegramBot, TelegramFileTooLargeError } from './telegram';
import { TransportError } from './transport';

/**
 * The Bot API file download (getFile, then the bot's file URL) against a local server: the path
 * getFile answers never leaves the bot's file folder, and no more than the limit is read, whether
 * the size is declared (getFile, Content-Length) or only counted (a chunked answer).
 */
const TOKEN = '42:file-token';
/** getFile's answer per file_id, and what each file path answers */
const getFile: Record<string, { file_path: string; file_size?: number }> = {
  ok: { file_path: 'documents/a b.pdf' },
  escape: { file_path: '../../secrets.json' },
  declared: { file_path: 'documents/big.bin', file_size: 5000 },
  lengthy: { file_path: 'documents/length.bin' },
  chunked: { file_path: 'documents/chunked.bin' },
  hanging: { file_path: 'documents/hanging.bin' },
};
const requested: string[] = [];
let server: http.Server;
let bot: ReturnType<typeof createTelegramBot>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = req.url ?? '';
      requested.push(url);
      if (url === `/bot${TOKEN}/getFile`) {
        const result = getFile[(JSON.parse(raw) as { file_id: string }).file_id];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
      } else if (url === `/file/bot${TOKEN}/documents/a%20b.pdf`) res.end('%PDF-1.4 fine');
      else if (url.endsWith('/length.bin')) res.writeHead(200, { 'content-length': '3000' }).end(Buffer.alloc(3000));
      else if (url.endsWith('/chunked.bin')) {
        res.writeHead(200);
        for (let i = 0; i < 30; i += 1) res.write(Buffer.alloc(100));
        res.end();
      } else if (url.endsWith('/hanging.bin')) res.writeHead(200).write('x');
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  bot = createTelegramBot({
    token: TOKEN,
    apiUrl: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`,
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('reading a file a user sent the bot', () => {
  const limits = { maxBytes: 1000, timeoutMs: 2000 };

  it('reads it from the bot file URL, its path encoded', async () => {
    expect((await bot.downloadFile('ok', limits)).toString()).toBe('%PDF-1.4 fine');
  });

  it('refuses a path that would leave the bot file folder, without asking for it', async () => {
    await expect(bot.downloadFile('escape', limits)).rejects.toBeInstanceOf(TransportError);
    expect(requested.some((u) => u.includes('secrets'))).toBe(false);
  });

  it('a file over the limit is refused: declared by getFile (not downloaded), by its length, or counted', async () => {
    await expect(bot.downloadFile('declared', limits)).rejects.toBeInstanceOf(TelegramFileTooLargeError);
    expect(requested.some((u) => u.endsWith('/big.bin'))).toBe(false);
    await expect(bot.downloadFile('lengthy', limits)).rejects.toBeInstanceOf(TelegramFileTooLargeError);
    await expect(bot.downloadFile('chunked', limits)).rejects.toBeInstanceOf(TelegramFileTooLargeError);
    // the same within the limit is read whole
    expect(await bot.downloadFile('chunked', { ...limits, maxBytes: 3000 })).toHaveLength(3000);
  });

  it('gives up at its time-out, or when the caller aborts', async () => {
    const started = Date.now();
    await expect(bot.downloadFile('hanging', { maxBytes: 1000, timeoutMs: 300 })).rejects.toBeInstanceOf(
      TransportError,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    const abort = new AbortController();
    const pending = bot.downloadFile('hanging', { maxBytes: 1000, timeoutMs: 60_000, signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toBeInstanceOf(TransportError);
  });
});
