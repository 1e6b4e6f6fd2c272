import type { Language } from '@tourdesk/contract/entities/user';
import type { TravellerMessageKind } from '@tourdesk/contract/api/traveller-message-routes';

/** Query keys of an organizer's traveller-message settings and previews (one factory per resource). */
export const travellerMessageKeys = {
  all: (organizerId: number) => ['traveller-messages', organizerId] as const,
  settings: (organizerId: number) => ['traveller-messages', organizerId, 'settings'] as const,
  previews: (organizerId: number) => ['traveller-messages', organizerId, 'preview'] as const,
  preview: (organizerId: number, kind: TravellerMessageKind, lang: Language) =>
    ['traveller-messages', organizerId, 'preview', kind, lang] as const,
};
