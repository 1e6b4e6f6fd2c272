/**
 * Route descriptors (method, path, flags) of ./site.ts, free of zod: the site constructor (SPEC §7
 * "Site constructor", every call with `organizer_id` in the query) and the public site's JSON API
 * (SPEC §7 "Public site", each taking the site by its `domain`). SPEC names the constructor calls
 * only; they live under /crm/api/site/.
 */
import type { RouteDescriptors } from '../route';

const C = '/crm/api/site';

export const siteRoutes = {
  /** the organizer's site, or null before one is attached */
  getAttachedSite: { method: 'GET', path: `${C}/get-attached-site` },
  /** creates the organizer's site on a subdomain, from a preset, with its pages filled from the profile and tours */
  attachSite: { method: 'POST', path: `${C}/attach-site` },
  /** publishes a page's draft (type site, main or tour) as a new version */
  publishData: { method: 'POST', path: `${C}/publish-data` },
  /** whether a subdomain or a custom domain can be the site's (format, taken, reserved; a custom one's CNAME) */
  checkDomain: { method: 'POST', path: `${C}/check-domain` },
  changeDomain: { method: 'POST', path: `${C}/change-domain` },
  /** a page's draft, with what is published */
  getPage: { method: 'GET', path: `${C}/get-page` },
  savePageBlocks: { method: 'POST', path: `${C}/save-page-blocks` },
  /** the main page's title, description and sharing picture */
  updateMainPageSetting: { method: 'POST', path: `${C}/update-main-page-setting` },
  getPresetList: { method: 'GET', path: `${C}/get-preset-list` },
  changePreset: { method: 'POST', path: `${C}/change-preset` },
  getPreset: { method: 'GET', path: `${C}/get-preset` },
  getFontsForPreset: { method: 'GET', path: `${C}/get-fonts-for-preset` },
  updatePresetData: { method: 'POST', path: `${C}/update-preset-data` },
  addFont: { method: 'POST', path: `${C}/add-font` },
  updateFont: { method: 'POST', path: `${C}/update-font` },
  fontData: { method: 'GET', path: `${C}/font-data` },
  updateFavicon: { method: 'POST', path: `${C}/update-favicon` },
  getFavicon: { method: 'GET', path: `${C}/get-favicon` },
  getDocument: { method: 'GET', path: `${C}/get-document` },
  updateDocument: { method: 'POST', path: `${C}/update-document` },
  /** checks one block against its type's schema: success, or 422 with the fields' errors */
  validateBlock: { method: 'POST', path: `${C}/validate-block` },
  /** an article's title, picture, source and date from its OpenGraph and meta tags */
  parseMassMediaArticle: { method: 'POST', path: `${C}/parse-mass-media-article` },
} as const satisfies RouteDescriptors;

export const sitePublicRoutes = {
  /** a published page (main, or tour with its slug): the page's blocks and the site's header and footer */
  customPage: { method: 'GET', path: '/spa/custom-page', isPublic: true },
  /** the agreement or the policy */
  customDocumentPage: { method: 'GET', path: '/spa/custom-document-page', isPublic: true },
  /** the organizer behind the site: name, contacts, logo; the preset, fonts and favicon */
  customSiteOrgData: { method: 'GET', path: '/spa/custom-site-org-data', isPublic: true },
  /** what search engines and link previews read of a page: title, description, canonical, Open Graph, hreflang */
  customMetadata: { method: 'GET', path: '/spa/custom-metadata', isPublic: true },
  /** the site's published tours as cards */
  toursCrm: { method: 'GET', path: '/spa/tours-crm', isPublic: true },
  /** sample tours the editor shows a provider without tours */
  siteMockTours: { method: 'GET', path: '/spa/site-mock-tours', isPublic: true },
  /** the departures of the site's tours, a page at a time */
  toursSchedule: { method: 'GET', path: '/spa/tours-schedule', isPublic: true },
  /** one published tour by its slug, with its live dates and prices */
  tourCrm: { method: 'GET', path: '/spa/tour-crm', isPublic: true },
  siteMockTour: { method: 'GET', path: '/spa/site-mock-tour', isPublic: true },
} as const satisfies RouteDescriptors;

/** The presets a site starts from (get-preset-list). */
export const SITE_PRESET_TYPES = ['forest', 'sea', 'sunset', 'mountain', 'minimal'] as const;
export type SitePresetType = (typeof SITE_PRESET_TYPES)[number];
export const DEFAULT_SITE_PRESET: SitePresetType = 'forest';

/** Subdomains no site may take (the product's own hosts and common service names). */
export const RESERVED_SUBDOMAINS = [
  'www',
  'api',
  'app',
  'admin',
  'org',
  'crm',
  'spa',
  'mail',
  'smtp',
  'ftp',
  'static',
  'cdn',
  'files',
  'assets',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'site',
  'sites',
  'test',
  'dev',
  'staging',
  'localhost',
] as const;

/** A subdomain: 3–40 Latin lower-case letters, digits and hyphens, not starting or ending with a hyphen. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
/** A custom domain: a host name of two labels at least. */
export const CUSTOM_DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Files a font may be uploaded as. */
export const FONT_FILE_EXTENSIONS = ['woff2', 'woff', 'ttf', 'otf'] as const;
