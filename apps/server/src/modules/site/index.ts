import { Resolver } from 'node:dns/promises';
import type { ServerModule } from '../../lib/modules';
import { createSiteLookService, type SiteLookService } from './site-look.service';
import { createSitePublicService, type SitePublicService } from './site-public.service';
import { siteRoutes } from './site.routes';
import { createSiteRepository } from './site.repository';
import { createSiteService, type SiteService } from './site.service';

/** The site module's public face: the public site's service, for the lead's HTML routes (host, sitemap, cache). */
export type { SitePublicService, PageRef } from './site-public.service';
export type { SiteRow } from './site.repository';
export { SITE_FONTS_PATH } from './site-presets';

declare module '../../lib/modules' {
  interface Services {
    /** the site constructor (issue 25): the organizer's site, its pages, drafts and versions, its domains */
    sites: SiteService;
    /** the site's preset, fonts, favicon and documents */
    siteLook: SiteLookService;
    /** the published site as the public sees it: by host, its pages, tours, metadata, sitemap and cache stamp */
    sitePublic: SitePublicService;
  }
}

/** A custom domain's CNAME lookup: the configured DNS servers (SITES_DNS_SERVERS) or the system's. */
const cnameResolver = (config: { SITES_DNS_SERVERS?: string[] }) => {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (config.SITES_DNS_SERVERS) resolver.setServers(config.SITES_DNS_SERVERS);
  return (host: string) => resolver.resolveCname(host);
};

export const siteModule: ServerModule = {
  name: 'site',
  create: ({ db, tenancy, config, fileUrl }) => {
    const repo = createSiteRepository(db);
    const urls = {
      publicUrl: config.publicUrl,
      sitesDomain: config.SITES_DOMAIN,
      fileUrl: (id: number) => fileUrl(id)!,
    };
    const sites = createSiteService({ repo, tenancy, urls, resolveCname: cnameResolver(config) });
    return {
      sites,
      siteLook: createSiteLookService({ repo, urls, sites }),
      sitePublic: createSitePublicService({ db, repo, urls }),
    };
  },
  routes: (app, { sites, siteLook, sitePublic }, { contextOf, uploadFetchAllowAddresses }) =>
    siteRoutes(app, {
      sites,
      look: siteLook,
      pub: sitePublic,
      contextOf,
      fetchAllowAddresses: uploadFetchAllowAddresses,
    }),
};
