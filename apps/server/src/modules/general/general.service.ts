import { BlockList, isIP } from 'node:net';
import { createRequire } from 'node:module';
import { getBrand, type DomainInfo, type SiteTokens } from '@tourdesk/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { BuildInfo } from '../../lib/build-info';
import { isOperatorToken } from '../organizer';
import type { GeneralRepository, PartnerSiteRow } from './general.repository';

const require = createRequire(import.meta.url);

/** Loopback, private, link-local and unique-local ranges answer the configured default country. */
const LOCAL_NETWORKS = new BlockList();
LOCAL_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL_NETWORKS.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL_NETWORKS.addSubnet('100.64.0.0', 10, 'ipv4');
LOCAL_NETWORKS.addSubnet('0.0.0.0', 8, 'ipv4');
LOCAL_NETWORKS.addAddress('::1', 'ipv6');
LOCAL_NETWORKS.addAddress('::', 'ipv6');
LOCAL_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
LOCAL_NETWORKS.addSubnet('fe80::', 10, 'ipv6');

export const isLocalAddress = (ip: string): boolean => {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const addr = v4mapped ?? ip;
  const family = isIP(addr);
  if (family === 0) return true;
  return LOCAL_NETWORKS.check(addr, family === 4 ? 'ipv4' : 'ipv6');
};

type GeoLookup = (ip: string) => { country: string } | null;
let geo: GeoLookup | null = null;
/** geoip-country reads its data file when first required: pay for it on the first lookup only. */
const lookupCountry = (ip: string): string | null => {
  geo ??= (require('geoip-country') as { lookup: GeoLookup }).lookup;
  return geo(ip)?.country ?? null;
};

const SITE_CACHE_MS = 30_000;

export const createGeneralService = (deps: {
  repo: GeneralRepository;
  config: Config;
  buildInfo: BuildInfo;
  databaseKind: Database['kind'];
  /** the operator token of `npm run admin`: also opens the outbox from elsewhere */
  operatorToken: string;
}) => {
  const { repo, config } = deps;
  let sites: {
    at: number;
    byDomain: Map<string, PartnerSiteRow>;
    brand: PartnerSiteRow | undefined;
    answers: Map<string, DomainInfo>;
  } | null = null;

  // Partner sites change rarely and domain info is asked on every page load: keep them in memory briefly.
  const loadSites = async () => {
    if (sites && Date.now() - sites.at < SITE_CACHE_MS) return sites;
    const rows = await repo.listPartnerSites();
    sites = {
      at: Date.now(),
      byDomain: new Map(rows.map((r) => [r.domain, r])),
      brand: rows.find((r) => r.brand_id === config.BRAND_ID),
      answers: new Map(),
    };
    return sites;
  };

  const toDomainInfo = (s: PartnerSiteRow): DomainInfo => ({
    domain: s.domain,
    name: s.name,
    logo: s.logo,
    id: s.id,
    is_tour_author_required: s.is_tour_author_required,
  });

  return {
    /** Synchronous while the sites are cached (the common case: no promise per request). */
    domainInfo: (host: string | undefined): DomainInfo | Promise<DomainInfo> => {
      const domain = (host ?? '')
        .toLowerCase()
        .replace(/:\d+$/, '')
        .replace(/^www\./, '');
      const answer = (s: NonNullable<typeof sites>): DomainInfo => {
        let info = s.answers.get(domain);
        if (!info) {
          const site = s.byDomain.get(domain) ?? s.brand;
          const b = getBrand(config.BRAND_ID);
          info = site
            ? toDomainInfo(site)
            : {
                domain: b.domain,
                name: b.name,
                logo: '',
                id: null,
                is_tour_author_required: b.is_tour_author_required,
              };
          // bounded: a flood of made-up hosts cannot grow it past the cache's lifetime
          if (s.answers.size < 1000) s.answers.set(domain, info);
        }
        return info;
      };
      if (sites && Date.now() - sites.at < SITE_CACHE_MS) return answer(sites);
      return loadSites().then(answer);
    },
    siteTokens: (altchaChallengeUrl: string): SiteTokens => ({
      captcha_provider: 'altcha',
      captcha_key: altchaChallengeUrl,
      hard_captcha_key: `${altchaChallengeUrl}?hard=1`,
      invisible_captcha_provider: 'altcha',
      invisible_captcha_key: `${altchaChallengeUrl}?invisible=1`,
      maps_provider: config.MAPS_PROVIDER,
      maps_token: config.MAPS_TOKEN,
      maps_suggest_token: config.MAPS_SUGGEST_TOKEN,
      map_tiles_url: config.MAP_TILES_URL,
      map_tiles_attribution: config.MAP_TILES_ATTRIBUTION,
    }),
    countryByIp: (ip: string): string =>
      isLocalAddress(ip) ? config.DEFAULT_COUNTRY : (lookupCountry(ip) ?? config.DEFAULT_COUNTRY),
    /**
     * The build, brand, database and Node version: what an attacker looks up known holes by. Not
     * for anyone on the network: a signed-in user (/org/debug), the server's own machine or the
     * operator token; anyone else 401.
     */
    debugInfo: (caller: { isSignedIn: boolean; isFromThisMachine: boolean; operatorToken: string | undefined }) => {
      if (!caller.isSignedIn && !caller.isFromThisMachine && !isOperatorToken(caller.operatorToken, deps.operatorToken))
        throw new AppError('unauthorized');
      return {
        timestamp: deps.buildInfo.timestamp,
        brand_id: config.BRAND_ID,
        database: deps.databaseKind,
        node: process.version,
        uptime_s: Math.round(process.uptime()),
      };
    },
    /**
     * The outbox holds sign-in codes and reset links: reading it is signing in as anyone. Only
     * with the debug outbox on (else 404), and only for a caller on the server's own machine or
     * one holding the operator token (else 403).
     */
    outbox: async (caller: { isFromThisMachine: boolean; operatorToken: string | undefined }, limit: number) => {
      if (!config.isDebugOutbox) throw AppError.notFound();
      if (!caller.isFromThisMachine && !isOperatorToken(caller.operatorToken, deps.operatorToken))
        throw new AppError('forbidden', { message: 'outbox_local_only' });
      return repo.listOutbox(limit);
    },
  };
};
export type GeneralService = ReturnType<typeof createGeneralService>;
