import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** JSON answers of the API: /crm/api, /spa and /meta (not /org, /files, /flags or Socket.IO). */
const isCompressedUrl = (url: string): boolean => /^\/(?:crm\/api|spa|meta)\//.test(url);

/** Text-like bodies only: images, PDF and archives are compressed already. */
const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.+-]*\+)?json|text\/|application\/(?:javascript|xml))/i;

// Brotli 4 is about as fast as gzip 6 and smaller on JSON; the high levels are for build-time assets.
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_OPTIONS = { level: 6 };

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an `Accept-Encoding` header: br or gzip, whichever has the
 * higher q (br on a tie); `*` stands for both unless named; q=0 refuses. Plain (null) without
 * the header, for `identity` alone, or when identity is named with a higher q than either.
 */
export const chooseEncoding = (header: string | undefined): Encoding | null => {
  if (!header) return null;
  let br = -1;
  let gzip = -1;
  let star = -1;
  let identity = -1;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const [key = '', value = ''] = p.split('=');
      if (key.trim().toLowerCase() === 'q') q = Number(value.trim());
    }
    if (!(q >= 0 && q <= 1)) continue; // a malformed q names nothing
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip, q);
    else if (name === '*') star = q;
    else if (name === 'identity') identity = q;
  }
  if (br < 0) br = star;
  if (gzip < 0) gzip = star;
  const best = Math.max(br, gzip);
  if (best <= 0 || identity > best) return null;
  return br === best ? 'br' : 'gzip';
};

const isLargeEnough = (body: string | Buffer): boolean =>
  typeof body === 'string'
    ? // a UTF-16 unit is at most 3 UTF-8 bytes, so most small answers skip byteLength
      body.length >= COMPRESS_MIN_BYTES ||
      (body.length * 3 >= COMPRESS_MIN_BYTES && Buffer.byteLength(body) >= COMPRESS_MIN_BYTES)
    : body.length >= COMPRESS_MIN_BYTES;

const addVary = (reply: FastifyReply): void => {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
};

/**
 * Sync, callback style (no promise per request): a string or Buffer body of a text type and
 * at least COMPRESS_MIN_BYTES is compressed in libuv's pool; anything else (small answers,
 * streams, files, a body already encoded) passes on untouched after a type and size check.
 */
const compressBody = (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
): void => {
  if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || !isLargeEnough(payload)) return done(null, payload);
  if (reply.hasHeader('content-encoding') || !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? '')))
    return done(null, payload);
  // From here the answer depends on Accept-Encoding, whether or not this one is compressed.
  addVary(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return done(null, payload);
  const finish = (err: Error | null, compressed: Buffer): void => {
    // a failure to compress is no reason to fail the answer: it goes out plain
    if (err) return done(null, payload);
    reply.header('content-encoding', encoding);
    done(null, compressed);
  };
  if (encoding === 'br') zlib.brotliCompress(payload, BROTLI_OPTIONS, finish);
  else zlib.gzip(payload, GZIP_OPTIONS, finish);
};

/**
 * Compression of API answers. The hook is attached to each API route when it is added
 * (`onRoute`, like the token check in plugins/auth.ts), last among its onSend hooks, so
 * other routes never run it and a small answer pays one type and length check (bench/api).
 * Static assets are precompressed at build time (plugins/static-spa.ts). Register this before
 * the routes.
 */
export const registerCompression = (app: FastifyInstance): void => {
  const hook = compressBody as onSendHookHandler;
  app.addHook('onRoute', (route) => {
    if (!isCompressedUrl(route.url)) return;
    const existing = route.onSend;
    route.onSend = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), hook];
  });
};
