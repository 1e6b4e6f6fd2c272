import type {
  CustomMetadata,
  CustomPage,
  PublicTour,
  PublicTourCard,
  PublicTourDate,
  SiteOrgData,
  ToursSchedule,
} from '@tourdesk/contract/api/site';
import type { SiteDocument } from '@tourdesk/contract/entities/site';
import type { OrganizerReviews } from '@tourdesk/contract/api/review';
import type { CheckoutFirstPaint } from '@tourdesk/contract/api/checkout';

export type SiteLang = 'en' | 'ru';

/** Everything a block reads besides its own data. */
export interface SiteRenderContext {
  lang: SiteLang;
  org: SiteOrgData;
  /** the cards of the tours, schedule and other tours blocks */
  tours: PublicTourCard[];
  /** the tour of a tour page (tour-bound blocks read it live) */
  tour: PublicTour | null;
  schedule: ToursSchedule | null;
  /** path prefix of the site's own links: '' on the site's host, '/site/<subdomain>' in the path preview */
  base: string;
  bookingHref(tourId: number | null, dateId: number | null): string;
  /** the language the page was asked in (?lang=), carried on by the site's own links; null: the site's default */
  langParam?: SiteLang | null;
  /** the platform's help form (its /org/help), the footer's "Report a problem"; none in the editor */
  helpHref?: string | null;
  /** the editor's preview: links are inert */
  editing?: boolean;
  /** the block whose title is the page's one h1 (set by SitePage) */
  h1BlockId?: string | null;
  /** the organizer's published reviews (the page's tour's on a tour page): the reviews block in "mine" mode */
  reviews?: OrganizerReviews | null;
}

/** The serialisable part of the context: what the server embeds as #site-state. */
export type SiteContextData = Pick<SiteRenderContext, 'lang' | 'org' | 'tours' | 'tour' | 'schedule' | 'base'> &
  Partial<Pick<SiteRenderContext, 'langParam' | 'helpHref' | 'reviews'>>;

export type SiteView =
  | { kind: 'page'; page: CustomPage }
  | { kind: 'document'; document: SiteDocument }
  | { kind: 'schedule' }
  | { kind: 'not_found' }
  | { kind: 'booking'; booking: SiteBooking };

/** The booking form's errors: a field's or the whole form's, as the site's text keys. */
export type BookingError = 'errorRequired' | 'errorEmail' | 'errorTooLong' | 'errorTooMany';
/**
 * The booking page of a tour (a "crm booking" link), until the checkout lands: the traveller's
 * name, e-mail and message start a chat with the organizer (get-chat-with-organizer).
 */
export interface SiteBooking {
  tour: PublicTourCard | null;
  date: PublicTourDate | null;
  values: { name: string; email: string; message: string };
  errors: Partial<Record<'name' | 'email' | 'message' | 'form', BookingError>>;
  /** the booking widget's chrome-less page in another site's iframe, and that site's origin */
  embed?: { parentOrigin: string | null };
  /** the tour's checkout options, rendered by the server (the first paint has the calendar) */
  checkout?: CheckoutFirstPaint | null;
}

export interface SiteDocumentInput extends SiteContextData {
  view: SiteView;
  metadata: CustomMetadata;
  assets: { css: string[]; js: string | null };
}

/** What the server renders a page from. */
export interface SiteState extends SiteContextData {
  view: SiteView;
}

/**
 * What the hydration script reads back (#site-state): the context its islands render with (the
 * tour cards and the schedule are left out: no island shows them).
 */
export type SiteIslandState = SiteContextData;

/**
 * Where a "crm booking" link leads on the public site: `<base>/booking?tour=<id>&date=<id>`.
 * The server's site routes serve that path (until the checkout lands, the chat-with-organizer form).
 */
export const makeBookingHref =
  (base: string) =>
  (tourId: number | null, dateId: number | null): string => {
    const query = new URLSearchParams();
    if (tourId != null) query.set('tour', String(tourId));
    if (dateId != null) query.set('date', String(dateId));
    const qs = query.toString();
    return `${base}/booking${qs ? `?${qs}` : ''}`;
  };

/** The full context from its serialisable part (the same on the server and in the browser). */
export const contextOf = (data: SiteContextData): SiteRenderContext => ({
  lang: data.lang,
  org: data.org,
  tours: data.tours,
  tour: data.tour,
  schedule: data.schedule,
  base: data.base,
  langParam: data.langParam ?? null,
  helpHref: data.helpHref ?? null,
  reviews: data.reviews ?? null,
  bookingHref: makeBookingHref(data.base),
});

/** A path of the site with the language the page was asked in (?lang=), so the reader stays in it. */
export const withLang = (href: string, ctx: Pick<SiteRenderContext, 'langParam'>): string => {
  if (!ctx.langParam || !href.startsWith('/') || href.startsWith('//')) return href;
  const [path, hash = ''] = href.split('#', 2) as [string, string?];
  if (/[?&]lang=/.test(path)) return href;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${ctx.langParam}${hash ? `#${hash}` : ''}`;
};
