import type { TourListFilters } from './list-tours';

/** Query keys of the tour screens: everything of one organizer under ['tours', orgId]. */
export const tourKeys = {
  all: (organizerId: number) => ['tours', organizerId] as const,
  list: (organizerId: number, filters: TourListFilters) => ['tours', organizerId, 'list', filters] as const,
  detail: (organizerId: number, tourId: number) => ['tours', organizerId, 'detail', tourId] as const,
  /** the tour's traveller categories and extras (issue 26) */
  prices: (organizerId: number, tourId: number) => ['tours', organizerId, 'prices', tourId] as const,
};
