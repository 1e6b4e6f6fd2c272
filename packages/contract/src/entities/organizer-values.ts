/** Value lists of the organizer profile, free of zod (the web imports these; ./organizer.ts re-exports them). */

/**
 * Legal forms, for Russian and international providers alike (design: SPEC says "legal entity data").
 * individual: a private person; self_employed: RU "самозанятый"; sole_proprietor: RU ИП;
 * company: RU ООО/АО or any incorporated company abroad.
 */
export const LEGAL_FORMS = ['individual', 'self_employed', 'sole_proprietor', 'company'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

export const SOCIAL_NETWORKS = [
  'vk',
  'telegram',
  'whatsapp',
  'instagram',
  'facebook',
  'youtube',
  'rutube',
  'ok',
  'tiktok',
  'x',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
