/**
 * What the preview renders the blocks with: the organizer's tours as the public site shows them
 * (or the sample tours for a provider without tours), the tour the tour page's template is shown
 * with, and the preset.
 */
import type { PublicTour, PublicTourCard } from '@tourdesk/contract/api/site';
import type { SitePreset } from '@tourdesk/contract/entities/site';
import type { TourListItem } from '@tourdesk/contract/entities/tour';

export interface PreviewContext {
  preset: SitePreset | null;
  /** tour cards the tours, schedule and other-tours blocks show */
  tours: PublicTourCard[];
  /** the tour a tour page previews (the first of the organizer's, else the sample tour) */
  tour: PublicTour | null;
  /** the tours are the samples, not the organizer's */
  isMock: boolean;
  organizerName: string;
}

/** A tour of the organizer's list as the site's card of it (its next departure without a price). */
export const tourCardOf = (tour: TourListItem): PublicTourCard => {
  const next = tour.next_dates[0];
  return {
    id: tour.id,
    name: tour.name,
    screen_name: tour.screen_name ?? String(tour.id),
    description: '',
    cover: tour.photo,
    price: tour.price ?? null,
    currency: tour.currency,
    duration: tour.duration ?? null,
    duration_hours: tour.duration_hours ?? null,
    nearest_date: next
      ? {
          id: next.id,
          date_start: next.date_start,
          date_end: next.date_end,
          time_start: next.time_start ?? null,
          price: tour.price ?? 0,
          currency: tour.currency,
          number_of_free_seats: next.number_of_free_seats ?? 0,
          not_guaranteed: next.not_guaranteed ?? false,
        }
      : null,
    is_mock: false,
  };
};

/** A tour page's tour from its card: what the list does not carry (programme, guides) stays empty. */
export const tourOfCard = (card: PublicTourCard): PublicTour => ({
  ...card,
  photos: card.cover ? [card.cover] : [],
  video_url: null,
  program: [],
  accommodations: [],
  living_base: '',
  guides: [],
  questions: [],
  in_price: '',
  not_in_price: '',
  gathering_place: '',
  group_min: null,
  group_max: null,
  min_age: null,
  difficulty: null,
  dates: card.nearest_date ? [card.nearest_date] : [],
});

/**
 * The preview's context: the organizer's published tours when it has any, else the sample tours
 * (/spa/site-mock-tours) and the sample tour (/spa/site-mock-tour); the tour page previews the
 * organizer's first published tour, else the sample tour.
 */
export const buildPreviewContext = ({
  preset,
  organizerTours,
  mockTours,
  mockTour,
  organizerName,
}: {
  preset: SitePreset | null | undefined;
  organizerTours: readonly TourListItem[] | undefined;
  mockTours: readonly PublicTourCard[] | undefined;
  mockTour: PublicTour | null | undefined;
  organizerName: string;
}): PreviewContext => {
  const published = (organizerTours ?? []).filter((tour) => tour.status === 'published');
  const own = published.map(tourCardOf);
  const isMock = own.length === 0;
  const tours = isMock ? [...(mockTours ?? [])] : own;
  const first = own[0];
  const tour: PublicTour | null = isMock ? (mockTour ?? null) : first ? tourOfCard(first) : null;
  return { preset: preset ?? null, tours, tour, isMock, organizerName };
};
