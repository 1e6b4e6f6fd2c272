import { z } from 'zod';

/** SPEC §3 Domain info. */
export const domainInfoSchema = z.object({
  domain: z.string().default(''),
  name: z.string().default(''),
  logo: z.string().default(''),
  id: z.number().int().nullable().default(null),
  is_tour_author_required: z.boolean().default(false),
});
export type DomainInfo = z.infer<typeof domainInfoSchema>;

/** SPEC §3 Site tokens. */
export const siteTokensSchema = z.object({
  captcha_provider: z.string(),
  captcha_key: z.string(),
  hard_captcha_key: z.string(),
  invisible_captcha_provider: z.string(),
  invisible_captcha_key: z.string(),
  maps_provider: z.string(),
  maps_token: z.string(),
  maps_suggest_token: z.string(),
  /** beyond SPEC: the map's tile URL template ({z}/{x}/{y}, optional {s}) and its attribution (plain text) */
  map_tiles_url: z.string(),
  map_tiles_attribution: z.string(),
});
export type SiteTokens = z.infer<typeof siteTokensSchema>;
