import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { coded } from '@tourdesk/contract';
import { AppError } from '../lib/app-error';
import { messageBody } from './errors';

/** Security headers for the HTML document (CSP and the rest of helmet's set). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameSrc: ['https://www.youtube.com', 'https://player.vimeo.com', 'https://rutube.ru'],
      workerSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
} as const;

/** The encodings a request accepts (`br;q=0` refuses one), lower-cased. */
const acceptedEncodings = (header: string | string[] | undefined): Set<string> => {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  return accepted;
};

/** index.html in each encoding a browser may take, made once at start. */
const encodedVariants = (html: Buffer): { encoding: string; body: Buffer }[] => [
  {
    encoding: 'br',
    body: zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
  },
  { encoding: 'gzip', body: zlib.gzipSync(html, { level: 9 }) },
];

/**
 * The built CRM at /org/: hashed assets cached for a year, every other path under /org
 * answers index.html so the client router decides (it shows its own 404 page).
 */
export const registerStaticSpa = async (app: FastifyInstance, webDist: string): Promise<boolean> => {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, 'the web app is not built: /org/ answers 503 (run npm run build)');
    app.get('/org/*', async (_req, reply) => reply.status(503).send(messageBody(coded('web_app_not_built'))));
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/org/',
    wildcard: false,
    index: false,
    // the build writes .br and .gz beside each asset (apps/web vite.config.ts `precompress`)
    preCompressed: true,
    // A path can only name a file that existed at start: the glob above; `..` never reaches the disk.
    allowedPath: (p) => !p.includes('..'),
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  const indexHtml = await fs.promises.readFile(indexFile);
  const indexVariants = encodedVariants(indexHtml);
  // Helmet lives in this scope only: its two onRequest hooks (one async) would otherwise run on
  // every API request, where JSON answers need nothing but nosniff (bench/api).
  await app.register(async (scope) => {
    await scope.register(fastifyHelmet, HELMET_OPTIONS);
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const accepted = acceptedEncodings(request.headers['accept-encoding']);
      const variant = indexVariants.find((v) => accepted.has(v.encoding) || accepted.has('*'));
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (variant) reply.header('content-encoding', variant.encoding);
      return reply.send(variant?.body ?? indexHtml);
    };
    scope.get('/org', sendIndex);
    scope.get('/org/*', async (request, reply) => {
      const p = request.url.split('?')[0] ?? '';
      // A missing hashed asset is a real 404 (an old tab after a deploy), not a page.
      if (p.startsWith('/org/assets/') || /\.[a-z0-9]{2,5}$/i.test(p)) throw AppError.notFound();
      return sendIndex(request, reply);
    });
  });
  app.get('/', async (_req, reply) => reply.redirect('/org/'));
  return true;
};
