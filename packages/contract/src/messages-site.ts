/**
 * Texts of the site constructor (issue 25; design, SPEC §8 "not shown"). Part of MESSAGE_TEXTS
 * (./messages.ts).
 */
export const SITE_MESSAGES = {
  /** attach-site before one is attached: every other constructor call */
  site_not_attached: 'Create the site first',
  site_subdomain_format: 'Use 3 to 40 lowercase Latin letters, digits and hyphens, not at the start or the end',
  site_domain_reserved: 'This address is reserved',
  site_domain_taken: 'This address is already taken by another site',
  site_custom_domain_format: 'Enter a domain name such as tours.example.com',
  /** a custom domain under the sites' own domain: that is a subdomain */
  site_custom_domain_ours: 'This is an address of our sites: choose it as the subdomain instead',
  /** `{target}`: where the CNAME must point */
  site_custom_domain_dns: 'The domain’s CNAME record must point at {target}',
  site_block_not_on_page: 'This block cannot be placed on this page',
  site_block_duplicate_id: 'Another block of this page has the same id',
  site_font_file: 'Upload a WOFF2, WOFF, TTF or OTF font file',
  site_font_not_found: 'Font not found',
  site_article_failed: 'The article could not be read from this link',
} as const;
