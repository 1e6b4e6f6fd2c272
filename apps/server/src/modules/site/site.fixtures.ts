/** Test fixtures of the site tests: an app with a fake DNS resolver, tenants, uploads as rows, published tours. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { files, tours } from '../../db/schema/index';
import { startTestDnsServer } from '../../test/dns-server';
import { bearer, createUser, openTestDatabase, signIn, type TestApp } from '../../test/test-app';

export interface Who {
  userId: number;
  organizerId: number;
  token: string;
}
export type Body = Record<string, unknown> & {
  errors?: Record<string, string[]>;
  codes?: Record<string, { code: string; params?: Record<string, unknown> }[]>;
  code?: string;
};

export const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const tenant = async (t: TestApp, email: string, org: string): Promise<Who> => {
  const u = await createUser(t.database, { email, organizers: [org] });
  return { userId: u.userId, organizerId: u.organizerIds[0]!, token: (await signIn(t.app, email)).token };
};

export const call = async (
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  who: Who | null,
  payload?: unknown,
): Promise<{ status: number; body: Body; raw: string; headers: Record<string, unknown> }> => {
  const res = await t.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  let body: Body = {};
  try {
    body = res.json() as Body;
  } catch {
    // not JSON (a font file)
  }
  return { status: res.statusCode, body, raw: res.body, headers: res.headers };
};

export const SITES_DOMAIN = 'sites.example.test';
export const PUBLIC_URL = 'https://crm.example.test';
/** What the tests' DNS server answers (SITES_DNS_SERVERS): host → CNAME target (none: NXDOMAIN) */
export const CNAMES = new Map<string, string>();

/** An app like createTestApp's, with the sites domain, a fake CNAME resolver and an optional fetch allow-list. */
export const makeSiteApp = async (allow?: string[], opts: { withCrm?: boolean } = {}): Promise<TestApp> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-site-'));
  // a built CRM (its index.html) when the test needs the product's own routes at / and /org/
  if (opts.withCrm) {
    fs.mkdirSync(path.join(dataDir, 'no-web'));
    fs.writeFileSync(path.join(dataDir, 'no-web', 'index.html'), '<!doctype html><title>CRM</title>');
  }
  const dns = await startTestDnsServer(CNAMES);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SITES_DOMAIN,
    PUBLIC_URL,
    SITES_DNS_SERVERS: dns.address,
  });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    secrets: {
      jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-1234'),
      altchaHmacKey: 'test-altcha-key-123456',
    },
    buildInfo: { timestamp: 1, brand_id: 1 },
    logger: false,
    uploadFetchAllowAddresses: allow,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await dns.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** An uploaded file of the organizer's, as the upload module writes it (no bytes needed here). */
export const uploaded = async (
  t: TestApp,
  who: Who,
  opts: { kind?: 'image' | 'file'; name?: string; isPublic?: boolean } = {},
): Promise<number> => {
  const kind = opts.kind ?? 'image';
  const [row] = await t.database.db
    .insert(files)
    .values({
      organizer_id: who.organizerId,
      user_id: who.userId,
      kind,
      storage_key: `${kind}s/test/${Math.random().toString(36).slice(2)}`,
      original_name: opts.name ?? (kind === 'image' ? 'photo.png' : 'font.woff2'),
      mime: kind === 'image' ? 'image/png' : 'application/octet-stream',
      size: 10,
      is_public: opts.isPublic ?? true,
    })
    .returning({ id: files.id });
  return row!.id;
};

/** A tour with a departure, published (the tour editor's publish needs every field; the status is what the site reads). */
export const publishedTour = async (
  t: TestApp,
  who: Who,
  name: string,
  status = 'published',
): Promise<{ tourId: number; dateId: number; dateStart: string }> => {
  const tour = await call(t, 'POST', '/crm/api/tour/create', who, { organizer_id: who.organizerId, name });
  if (tour.status !== 200) throw new Error(`tour: ${tour.raw}`);
  const dateStart = day(40);
  const date = await call(t, 'POST', '/crm/api/tour/save-date', who, {
    tour_id: tour.body.id,
    date_start: dateStart,
    date_end: day(42),
    price: 10000,
    number_of_seats: 10,
  });
  if (date.status !== 200) throw new Error(`departure: ${date.raw}`);
  const tourId = tour.body.id as number;
  await t.database.db.update(tours).set({ status, price: '12000' }).where(eq(tours.id, tourId));
  return { tourId, dateId: date.body.id as number, dateStart };
};

export const q = (who: Who, extra = ''): string => `organizer_id=${who.organizerId}${extra}`;
export const attach = (t: TestApp, who: Who, body: Record<string, unknown> = {}) =>
  call(t, 'POST', `/crm/api/site/attach-site?${q(who)}`, who, body);
