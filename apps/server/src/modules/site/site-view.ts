import { isDeepStrictEqual } from 'node:util';
import type { Image, PageType, Site, SitePage, SiteStatus, TypedSiteBlock } from '@tourdesk/contract';
import type { SitePageSettings } from '../../db/schema/index';
import type { SitePageRow, SiteRow } from './site.repository';

/** How a site row, a page row and their URLs look in the contract. */

export interface SiteUrls {
  /** the server's public origin (config.publicUrl) */
  publicUrl: string;
  sitesDomain: string;
  fileUrl: (id: number) => string;
}

/** The host a site is served at: its custom domain when set, else `<subdomain>.<SITES_DOMAIN>`. */
export const siteHost = (site: SiteRow, sitesDomain: string): string =>
  site.custom_domain ?? `${site.subdomain}.${sitesDomain}`;

/** `http(s)://<host>[:port]`: the public URL's protocol, and its port for a subdomain (a custom domain has its own). */
export const siteOrigin = (site: SiteRow, urls: SiteUrls): string => {
  const base = new URL(urls.publicUrl);
  const port = !site.custom_domain && base.port ? `:${base.port}` : '';
  return `${base.protocol}//${siteHost(site, urls.sitesDomain)}${port}`;
};

export const previewUrl = (site: SiteRow, urls: SiteUrls): string =>
  `${urls.publicUrl.replace(/\/+$/, '')}/site/${site.subdomain}/`;

export const imageOfFile = (urls: SiteUrls, id: number | null): Image | null =>
  id ? { id, url: urls.fileUrl(id), alt: '' } : null;

export const toSite = (site: SiteRow, urls: SiteUrls): Site => ({
  id: site.id,
  tour_organizer_id: site.organizer_id,
  subdomain: site.subdomain,
  domain: siteHost(site, urls.sitesDomain),
  custom_domain: site.custom_domain,
  is_custom_domain: site.custom_domain !== null,
  status: site.status as SiteStatus,
  preset_type: site.preset_type,
  favicon: imageOfFile(urls, site.favicon_file_id),
  published_at: site.published_at?.toISOString() ?? null,
  url: siteOrigin(site, urls),
  preview_url: previewUrl(site, urls),
});

export const EMPTY_SETTINGS: SitePageSettings = { title: '', meta_description: '', og_image_id: null };

export const toPage = (row: SitePageRow, urls: SiteUrls): SitePage => ({
  type: row.type as PageType,
  blocks: row.draft_blocks as TypedSiteBlock[],
  settings: {
    title: row.draft_settings.title,
    meta_description: row.draft_settings.meta_description,
    og_image: imageOfFile(urls, row.draft_settings.og_image_id),
  },
  published_version: row.published_version,
  published_at: row.published_at?.toISOString() ?? null,
  has_unpublished_changes:
    row.published_version === 0 ||
    !isDeepStrictEqual(row.draft_blocks, row.published_blocks) ||
    !isDeepStrictEqual(row.draft_settings, row.published_settings),
  updated_at: row.updated_at.toISOString(),
});
