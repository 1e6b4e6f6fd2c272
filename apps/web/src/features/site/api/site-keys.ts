import type { DocumentType, PageType } from '@tourdesk/contract/enum-values';

/** Query keys of the site editor: everything of one organizer's site under ['site', orgId]. */
export const siteKeys = {
  all: (organizerId: number) => ['site', organizerId] as const,
  site: (organizerId: number) => ['site', organizerId, 'attached'] as const,
  page: (organizerId: number, type: PageType) => ['site', organizerId, 'page', type] as const,
  presets: (organizerId: number) => ['site', organizerId, 'presets'] as const,
  preset: (organizerId: number) => ['site', organizerId, 'preset'] as const,
  fonts: (organizerId: number) => ['site', organizerId, 'fonts'] as const,
  favicon: (organizerId: number) => ['site', organizerId, 'favicon'] as const,
  document: (organizerId: number, type: DocumentType) => ['site', organizerId, 'document', type] as const,
  /** the sample tours a provider without tours previews its pages with (not the organizer's) */
  mockTours: (language: string) => ['site-mock', 'tours', language] as const,
  mockTour: (language: string) => ['site-mock', 'tour', language] as const,
};
