import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES, uploadApi } from '@tourdesk/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { files } from '../../db/schema/index';
import { bearer, createUser, openTestDatabase, signIn } from '../../test/test-app';
import { parseVideoUrl } from './media';
import { isBlockedAddress } from './safe-fetch';

const LIMIT = 200_000;

/** An app like createTestApp's, with an optional URL-fetch allow-list (a buildApp option, never env). */
const makeApp = async (allow?: string[], env: Record<string, string> = {}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-upload-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    UPLOAD_MAX_BYTES: String(LIMIT),
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const secrets = {
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-1234'),
    altchaHmacKey: 'test-altcha-key-123456',
  };
  const app = await buildApp({
    config,
    database,
    secrets,
    buildInfo: { timestamp: 1, brand_id: 1 },
    logger: false,
    uploadFetchAllowAddresses: allow,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
type T = Awaited<ReturnType<typeof makeApp>>;

/** A PNG that declares width x height (8-bit grey) and carries one empty row: tiny, but huge once decoded. */
const pngHeaderOnly = (width: number, height: number): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
let t: T;
let open: T;
let anna: { userId: number; organizerIds: number[]; token: string };
let boris: { userId: number; organizerIds: number[]; token: string };
let openToken: string;
let origin: { url: string; hits: string[]; close: () => Promise<void> };
let jpegWithExif: Buffer;
let png: Buffer;
let noisePng: Buffer;

const multipart = async (fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) => {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
};
const upload = async (
  app: T,
  url: string,
  token: string,
  fields: Record<string, string>,
  file?: { data: Buffer; name: string; type: string },
) => {
  const { payload, headers } = await multipart(fields, file);
  const res = await app.app.inject({ method: 'POST', url, headers: { ...headers, ...bearer(token) }, payload });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { errors?: Record<string, string[]> },
  };
};
const postJson = async (app: T, url: string, token: string, payload: object) => {
  const res = await app.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { errors?: Record<string, string[]> },
  };
};
const org = (): number => anna.organizerIds[0]!;
const fileCount = async (app: T) => (await app.database.db.select().from(files)).length;

beforeAll(async () => {
  jpegWithExif = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'Anna Private' } })
    .toBuffer();
  png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#336699' } })
    .png()
    .toBuffer();
  const noise = Buffer.alloc(400 * 400 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  noisePng = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

  t = await makeApp();
  open = await makeApp(['127.0.0.1'], { UPLOAD_FETCH_TIMEOUT_MS: '500' });
  const a = await createUser(t.database, { email: 'anna@upload.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@upload.example', organizers: ['Kamchatka Tours'] });
  await createUser(open.database, { email: 'anna@upload.example', organizers: ['Altai Trails'] });
  anna = { ...a, token: (await signIn(t.app, 'anna@upload.example')).token };
  boris = { ...b, token: (await signIn(t.app, 'boris@upload.example')).token };
  openToken = (await signIn(open.app, 'anna@upload.example')).token;

  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/redirect-private') return res.writeHead(302, { location: 'http://10.0.0.5/photo.png' }).end();
    if (req.url === '/redirect-ok') return res.writeHead(301, { location: '/photo.png' }).end();
    if (req.url === '/huge') return res.writeHead(200, { 'content-type': 'image/png' }).end(noisePng);
    if (req.url === '/huge-chunked') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(noisePng.subarray(0, 150_000));
      return res.end(noisePng.subarray(150_000));
    }
    if (req.url === '/hang') return; // never answers
    return res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
});
afterAll(async () => {
  await origin.close();
  await t.close();
  await open.close();
});

describe('POST /crm/api/image/upload', () => {
  it('carries the invisible captcha on all three upload routes', () => {
    expect([
      uploadApi.image.invisibleCaptcha,
      uploadApi.file.invisibleCaptcha,
      uploadApi.video.invisibleCaptcha,
    ]).toEqual([true, true, true]);
  });

  it('takes the type from the bytes, strips EXIF, and makes the 1200-wide and 374x500 variants', async () => {
    const exifBefore = (await sharp(jpegWithExif).metadata()).exif;
    expect(exifBefore?.toString('latin1')).toContain('secret-exif-marker');
    // the client's name and type lie: the bytes decide
    const res = await upload(
      t,
      '/crm/api/image/upload',
      anna.token,
      { organizer_id: String(org()), bucket: 'organizer' },
      { data: jpegWithExif, name: 'notes.txt', type: 'text/plain' },
    );
    expect(res.status).toBe(200);
    const id = res.body.id as number;
    expect(res.body).toMatchObject({
      url: `/files/${id}`,
      name: 'notes.txt',
      mime_type: 'image/jpeg',
      is_public: true,
      width: 1600,
      height: 1000,
      variants: { w1200: `/files/${id}/w1200`, poster: `/files/${id}/poster` },
    });

    const original = await t.app.inject({ method: 'GET', url: `/files/${id}` });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['content-disposition']).toMatch(/^inline;/);
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    const served = original.rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.toString('latin1')).not.toContain('secret-exif-marker');
    expect(served.toString('latin1')).not.toContain('Anna Private');

    const w1200 = await t.app.inject({ method: 'GET', url: `/files/${id}/w1200` });
    expect(w1200.headers['content-type']).toBe('image/webp');
    expect(await sharp(w1200.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 750 });
    const poster = await t.app.inject({ method: 'GET', url: `/files/${id}/poster` });
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 374, height: 500 });
    expect((await t.app.inject({ method: 'GET', url: `/files/${id}/huge` })).statusCode).toBe(404);
  });

  it('recognises a PNG named .jpg as PNG', async () => {
    const res = await upload(
      t,
      '/crm/api/image/upload',
      anna.token,
      {},
      { data: png, name: 'photo.jpg', type: 'image/jpeg' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mime_type: 'image/png', width: 300, height: 200 });
  });

  it('refuses an SVG or HTML posing as an image, and a file over the limit, writing nothing', async () => {
    const before = await fileCount(t);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    const a = await upload(
      t,
      '/crm/api/image/upload',
      anna.token,
      {},
      { data: svg, name: 'logo.png', type: 'image/png' },
    );
    expect(a).toEqual({
      status: 422,
      body: {
        message: 'The given data was invalid',
        code: 'validation',
        errors: { file: [UPLOAD_MESSAGES.unsupported_image] },
        codes: { file: [{ code: 'unsupported_image' }] },
      },
    });
    const truncatedJpeg = jpegWithExif.subarray(0, 40);
    expect(
      (
        await upload(
          t,
          '/crm/api/image/upload',
          anna.token,
          {},
          { data: truncatedJpeg, name: 'x.jpg', type: 'image/jpeg' },
        )
      ).body.errors,
    ).toEqual({ file: [UPLOAD_MESSAGES.unsupported_image] });
    expect(noisePng.length).toBeGreaterThan(LIMIT);
    const big = await upload(
      t,
      '/crm/api/image/upload',
      anna.token,
      {},
      { data: noisePng, name: 'big.png', type: 'image/png' },
    );
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ file: [UPLOAD_MESSAGES.too_large] });
    // a small file that unpacks to 30000 x 30000 pixels is a real image, refused for its size
    const huge = await upload(
      t,
      '/crm/api/image/upload',
      anna.token,
      {},
      { data: pngHeaderOnly(30_000, 30_000), name: 'huge.png', type: 'image/png' },
    );
    expect(huge).toEqual({
      status: 422,
      body: {
        message: 'The given data was invalid',
        code: 'validation',
        errors: { file: [UPLOAD_MESSAGES.too_many_pixels] },
        codes: { file: [{ code: 'too_many_pixels' }] },
      },
    });
    expect(
      (
        await upload(
          t,
          '/crm/api/image/upload',
          anna.token,
          { colour: 'red' },
          { data: png, name: 'a.png', type: 'image/png' },
        )
      ).body.errors,
    ).toEqual({ colour: ['Unknown field'] });
    expect((await postJson(t, '/crm/api/image/upload', anna.token, {})).body.errors).toEqual({
      file: [UPLOAD_MESSAGES.file_or_url],
    });
    expect(await fileCount(t)).toBe(before);
    expect(
      fs
        .readdirSync(path.join(t.dataDir, 'files'), { recursive: true })
        .filter((f) => String(f).endsWith('.jpg') || String(f).endsWith('.png')).length,
    ).toBe(2);
  });

  it("answers 404 for another user's organizer and stores nothing", async () => {
    const before = await fileCount(t);
    const res = await upload(
      t,
      '/crm/api/image/upload',
      boris.token,
      { organizer_id: String(org()) },
      { data: png, name: 'a.png', type: 'image/png' },
    );
    expect(res.status).toBe(404);
    expect(await fileCount(t)).toBe(before);
  });
});

describe('image upload by URL (SSRF guard)', () => {
  it('refuses loopback, private, link-local and non-HTTP targets by default, without connecting', async () => {
    const port = new URL(origin.url).port;
    const before = await fileCount(t);
    for (const url of [
      `${origin.url}/photo.png`,
      `http://localhost:${port}/photo.png`,
      `http://[::1]:${port}/photo.png`,
      `http://[::ffff:127.0.0.1]:${port}/photo.png`,
      `http://0x7f000001:${port}/photo.png`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5/photo.png',
      'http://192.168.1.1/photo.png',
      'file:///etc/passwd',
      'ftp://example.com/photo.png',
      'gopher://127.0.0.1:6379/_INFO',
    ]) {
      const res = await postJson(t, '/crm/api/image/upload', anna.token, { url });
      expect([url, res.status, res.body.errors]).toEqual([url, 422, { url: [UPLOAD_MESSAGES.url_refused] }]);
    }
    expect(origin.hits).toEqual([]);
    expect(await fileCount(t)).toBe(before);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.10',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect([a, isBlockedAddress(a)]).toEqual([a, true]);
    for (const a of ['93.184.216.34', '2606:4700::6810:85e5', '8.8.8.8'])
      expect([a, isBlockedAddress(a)]).toEqual([a, false]);
  });

  it('with an allow-listed test origin: downloads, follows a redirect it re-checks, and caps size and time', async () => {
    const ok = await postJson(open, '/crm/api/image/upload', openToken, {
      url: `${origin.url}/photo.png`,
      bucket: 'tour',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ mime_type: 'image/png', width: 300, height: 200, name: 'photo.png' });
    expect(
      (await postJson(open, '/crm/api/image/upload', openToken, { url: `${origin.url}/redirect-ok` })).status,
    ).toBe(200);

    const hitsBefore = origin.hits.length;
    const redirected = await postJson(open, '/crm/api/image/upload', openToken, {
      url: `${origin.url}/redirect-private`,
    });
    expect(redirected.body.errors).toEqual({ url: [UPLOAD_MESSAGES.url_refused] });
    expect(origin.hits.slice(hitsBefore)).toEqual(['/redirect-private']);

    expect(
      (await postJson(open, '/crm/api/image/upload', openToken, { url: `${origin.url}/huge` })).body.errors,
    ).toEqual({ url: [UPLOAD_MESSAGES.too_large] });
    expect(
      (await postJson(open, '/crm/api/image/upload', openToken, { url: `${origin.url}/huge-chunked` })).body.errors,
    ).toEqual({ url: [UPLOAD_MESSAGES.too_large] });
    const started = Date.now();
    expect(
      (await postJson(open, '/crm/api/image/upload', openToken, { url: `${origin.url}/hang` })).body.errors,
    ).toEqual({ url: [UPLOAD_MESSAGES.url_failed] });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(
      (await postJson(open, '/crm/api/image/upload', openToken, { url: `${origin.url}/missing.png` })).body.errors,
    ).toEqual({ url: [UPLOAD_MESSAGES.url_failed] });
    // the allow-list names one address; other private ones stay refused
    expect(
      (await postJson(open, '/crm/api/image/upload', openToken, { url: 'http://10.0.0.5/x.png' })).body.errors,
    ).toEqual({ url: [UPLOAD_MESSAGES.url_refused] });
  });
});

describe('POST /crm/api/file/upload and GET /files', () => {
  it('serves a private file only to members of its organizer, as an attachment', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% agreement scan\n');
    const res = await upload(
      t,
      '/crm/api/file/upload',
      anna.token,
      { is_public: '0', organizer_id: String(org()) },
      { data: pdf, name: 'Договор.pdf', type: 'application/pdf' },
    );
    expect(res.status).toBe(200);
    const id = res.body.id as number;
    expect(res.body).toMatchObject({
      name: 'Договор.pdf',
      size: pdf.length,
      mime_type: 'application/pdf',
      is_public: false,
    });

    expect((await t.app.inject({ method: 'GET', url: `/files/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/files/${id}`, headers: bearer(boris.token) })).statusCode).toBe(
      404,
    );
    const mine = await t.app.inject({ method: 'GET', url: `/files/${id}`, headers: bearer(anna.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(pdf)).toBe(true);
    expect(mine.headers['content-disposition']).toBe(
      `attachment; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent('Договор.pdf')}`,
    );
    expect(mine.headers['content-type']).toBe('application/octet-stream');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // a plain link carries the token cookie the SPA keeps
    expect(
      (await t.app.inject({ method: 'GET', url: `/files/${id}`, cookies: { token: anna.token } })).statusCode,
    ).toBe(200);
  });

  it('never lets a stored HTML or SVG run: served as a download with nosniff and a sandbox CSP', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const res = await upload(
      t,
      '/crm/api/file/upload',
      anna.token,
      { is_public: 'true' },
      { data: html, name: 'page.html', type: 'text/html' },
    );
    expect(res.status).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: `/files/${res.body.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('serves a private image as an attachment to members only', async () => {
    const res = await upload(
      t,
      '/crm/api/image/upload',
      anna.token,
      { organizer_id: String(org()), is_public: 'false' },
      { data: png, name: 'stamp.png', type: 'image/png' },
    );
    const id = res.body.id as number;
    expect((await t.app.inject({ method: 'GET', url: `/files/${id}/w1200` })).statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'GET', url: `/files/${id}`, headers: bearer(anna.token) });
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('a private file without an organizer is the uploader’s alone', async () => {
    const res = await upload(
      t,
      '/crm/api/file/upload',
      boris.token,
      {},
      { data: Buffer.from('hello'), name: 'note.txt', type: 'text/plain' },
    );
    expect(res.body.is_public).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/files/${res.body.id}`, headers: bearer(anna.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/files/${res.body.id}`, headers: bearer(boris.token) })).statusCode,
    ).toBe(200);
  });

  it("answers 404 for another user's organizer and stores nothing; refuses a missing file", async () => {
    const before = await fileCount(t);
    expect(
      (
        await upload(
          t,
          '/crm/api/file/upload',
          boris.token,
          { organizer_id: String(org()) },
          { data: Buffer.from('x'), name: 'x.txt', type: 'text/plain' },
        )
      ).status,
    ).toBe(404);
    expect((await upload(t, '/crm/api/file/upload', anna.token, { is_public: '1' })).body.errors).toEqual({
      file: [UPLOAD_MESSAGES.file_or_url],
    });
    expect(await fileCount(t)).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/files/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/files/abc' })).statusCode).toBe(404);
  });
});

describe('POST /crm/api/file/upload-video', () => {
  it('parses YouTube, RuTube and Vimeo links and refuses other hosts', async () => {
    const yt = await postJson(t, '/crm/api/file/upload-video', anna.token, {
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      organizer_id: org(),
    });
    expect(yt.status).toBe(200);
    expect(yt.body).toMatchObject({
      provider: 'youtube',
      video_id: 'dQw4w9WgXcQ',
      embed_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    const rt = await postJson(t, '/crm/api/file/upload-video', anna.token, {
      url: 'https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/',
    });
    expect(rt.body).toMatchObject({
      provider: 'rutube',
      video_id: 'c6cc4d620b1d4338901770a44b3e82f4',
      embed_url: 'https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4',
    });
    const vm = await postJson(t, '/crm/api/file/upload-video', anna.token, { url: 'https://vimeo.com/76979871' });
    expect(vm.body).toMatchObject({
      provider: 'vimeo',
      video_id: '76979871',
      embed_url: 'https://player.vimeo.com/video/76979871',
    });
    const other = await postJson(t, '/crm/api/file/upload-video', anna.token, {
      url: 'https://evil.example/watch?v=dQw4w9WgXcQ',
    });
    expect(other.body.errors).toEqual({ url: [UPLOAD_MESSAGES.unsupported_video] });
    expect(
      (
        await postJson(t, '/crm/api/file/upload-video', boris.token, {
          url: 'https://youtu.be/dQw4w9WgXcQ',
          organizer_id: org(),
        })
      ).status,
    ).toBe(404);

    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')?.video_id).toBe('dQw4w9WgXcQ');
    expect(parseVideoUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')?.video_id).toBe('dQw4w9WgXcQ');
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871')?.video_id).toBe('76979871');
    expect(parseVideoUrl('https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4')?.provider).toBe('rutube');
    expect(parseVideoUrl('javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseVideoUrl('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseVideoUrl('https://www.youtube.com/watch?v=short')).toBeNull();
  });

  it('stores an MP4 file recognised by its bytes and refuses anything else', async () => {
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2'),
      Buffer.alloc(64),
    ]);
    const res = await upload(
      t,
      '/crm/api/file/upload-video',
      anna.token,
      { organizer_id: String(org()) },
      { data: mp4, name: 'clip.mp4', type: 'video/mp4' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: null, video_id: null, url: `/files/${res.body.id}` });
    const served = await t.app.inject({ method: 'GET', url: `/files/${res.body.id}` });
    expect(served.headers['content-type']).toBe('video/mp4');
    const bad = await upload(
      t,
      '/crm/api/file/upload-video',
      anna.token,
      {},
      { data: png, name: 'clip.mp4', type: 'video/mp4' },
    );
    expect(bad.body.errors).toEqual({ file: [UPLOAD_MESSAGES.unsupported_video] });
  });
});
