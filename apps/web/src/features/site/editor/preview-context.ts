/**
 * What the preview renders the blocks with: the organizer's tours as the public site shows them
 * (or the sample tours for a provider without tours), the tour the tour page's template is shown
 * with, and the preset.
 */
import type { PublicTour, PublicTourCard, SiteOrgData } from '@tourdesk/contract/api/site';
import type { Site, SiteFont, SitePreset } from '@tourdesk/contract/entities/site';
import type { TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import type { TourListItem } from '@tourdesk/contract/entities/tour';
import { makeBookingHref, type SiteLang, type SiteRenderContext } from '../../../site-render/types';

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
 * The preview's context, the same SiteRenderContext the public site renders with (`editing`: links
 * inert, empty blocks shown with a hint): the organizer's published tours, else the sample tours
 * (/spa/site-mock-tours) and the sample tour (/spa/site-mock-tour); the tour page previews the
 * organizer's first published tour, else the sample tour. Null until the preset is in.
 */
export const buildPreviewContext = ({
  lang,
  site,
  organizer,
  preset,
  fonts,
  siteBlocks,
  organizerTours,
  mockTours,
  mockTour,
}: {
  lang: SiteLang;
  site: Pick<Site, 'id' | 'tour_organizer_id' | 'favicon'>;
  organizer: { name: string; description?: string; logo?: string | null } | undefined;
  preset: SitePreset | null | undefined;
  fonts: readonly SiteFont[] | undefined;
  /** the site page's header and footer (the draft) */
  siteBlocks: readonly TypedSiteBlock[];
  organizerTours: readonly TourListItem[] | undefined;
  mockTours: readonly PublicTourCard[] | undefined;
  mockTour: PublicTour | null | undefined;
}): SiteRenderContext | null => {
  if (!preset) return null;
  const own = (organizerTours ?? []).filter((tour) => tour.status === 'published').map(tourCardOf);
  const isMock = own.length === 0;
  const tours = isMock ? [...(mockTours ?? [])] : own;
  const first = own[0];
  const tour: PublicTour | null = isMock ? (mockTour ?? null) : first ? tourOfCard(first) : null;
  const org: SiteOrgData = {
    site_id: site.id,
    organizer_id: site.tour_organizer_id,
    name: organizer?.name ?? '',
    description: organizer?.description ?? '',
    logo: organizer?.logo ?? null,
    phone: '',
    email: '',
    address: '',
    preset,
    fonts: [...(fonts ?? [])],
    favicon_url: site.favicon?.url ?? '/favicon.ico',
    site_blocks: [...siteBlocks],
    has_agreement: true,
    has_policy: true,
  };
  return {
    lang,
    org,
    tours,
    tour,
    schedule: null,
    base: '',
    bookingHref: makeBookingHref(''),
    editing: true,
  };
};
