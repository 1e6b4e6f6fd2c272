import crypto from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import {
  coded,
  MAX_ICAL_FEEDS,
  tourIcalFeedApi,
  type Language,
  type TourIcalFeed,
  type TourIcalFeedCreated,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { calendarDayIn } from '../../lib/calendar-day';
import type { FeedDepartureRow, IcalFeedRow, TourIcalRepository } from './tour-ical.repository';

/** 256 random bits, base64url: the secret of a feed's address. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = (): string => crypto.randomBytes(32).toString('base64url');
const digest = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
/** The address of a feed on this server. */
export const icalFeedPath = (token: string): string => tourIcalFeedApi.icalFeed.path.replace(':token', token);
/** A feed shows departures that ended at most this many days ago, and everything ahead. */
export const FEED_PAST_DAYS = 60;

const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The instant a local day and time (HH:mm) is in a time zone: the offset is looked up at the guess
 * and once more at the result, so the hours around a DST change land on the zone's own clock.
 */
export const zonedInstant = (day: string, time: string, timeZone: string | null): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone || 'UTC',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return new Date(wall);
  }
  const offsetAt = (at: number): number => {
    const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - at;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
};

const TEXTS = {
  en: {
    all: 'all departures',
    seats: (free: number, total: number) => `Free seats: ${free} of ${total}`,
    price: (p: string) => `Price: ${p}`,
    start: (time: string) => `Start: ${time}`,
    notGuaranteed: 'Not guaranteed yet',
  },
  ru: {
    all: 'все заезды',
    seats: (free: number, total: number) => `Свободно мест: ${free} из ${total}`,
    price: (p: string) => `Стоимость: ${p}`,
    start: (time: string) => `Начало: ${time}`,
    notGuaranteed: 'Пока не гарантирован',
  },
} satisfies Record<Language, unknown>;

const languageOf = (v: string): Language => (v === 'ru' ? 'ru' : 'en');

/**
 * Calendar feeds (beyond the SPEC): a secret, revocable address per organizer or tour that a
 * guide's calendar subscribes to. The token is 256 random bits; only its SHA-256 digest is stored,
 * so the address is answered once, when made.
 */
export const createTourIcalService = (deps: { repo: TourIcalRepository; tenancy: Tenancy; brandName: string }) => {
  const { repo, tenancy, brandName } = deps;

  const item = (f: IcalFeedRow, tourName: string | null): TourIcalFeed => ({
    id: f.id,
    tour_id: f.tour_id,
    tour_name: f.tour_id === null ? null : tourName,
    name: f.name,
    created_at: f.created_at.toISOString(),
  });
  /** A tour of the organizer, else 404 as for a tour that does not exist. */
  const organizerTour = async (organizerId: number, tourId: number) => {
    const tour = await repo.findTour(tourId);
    if (!tour || tour.organizer_id !== organizerId) throw AppError.notFound('tour_not_found');
    return tour;
  };

  const event = (
    calendar: ReturnType<typeof ical>,
    d: FeedDepartureRow,
    timeZone: string | null,
    lang: Language,
  ): void => {
    const T = TEXTS[lang];
    const amount = Number(d.price);
    // plain spaces: calendar apps show the text as it is
    const price = new Intl.NumberFormat(lang, {
      style: 'currency',
      currency: d.currency,
      currencyDisplay: 'code',
      maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    })
      .format(amount)
      .replace(/[\u00a0\u202f]/g, ' ');
    const isTimed = d.time_start !== '' && d.date_start === d.date_end;
    const description = [
      T.seats(d.number_of_free_seats, d.number_of_seats),
      T.price(price),
      !isTimed && d.time_start ? T.start(d.time_start) : null,
      d.not_guaranteed ? T.notGuaranteed : null,
      d.commentary || null,
    ]
      .filter(Boolean)
      .join('\n');
    const common = {
      id: `tour-date-${d.id}@${brandName.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'tourdesk'}`,
      summary: d.tour_variant ? `${d.tour_name} (${d.tour_variant})` : d.tour_name,
      description,
      location: d.gathering_place || null,
      stamp: d.updated_at,
      lastModified: d.updated_at,
      status: d.not_guaranteed ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    };
    if (isTimed) {
      // an excursion at its hour, on the organizer's clock; an hour long when the tour says no length
      const start = zonedInstant(d.date_start, d.time_start, timeZone);
      const hours = d.duration_hours === null ? 1 : Number(d.duration_hours);
      calendar.createEvent({ ...common, start, end: new Date(start.getTime() + hours * 3_600_000) });
    } else {
      // whole days, the last one included (DTEND of an all-day event is the day after)
      calendar.createEvent({
        ...common,
        allDay: true,
        start: new Date(`${d.date_start}T00:00:00Z`),
        end: new Date(`${addDays(d.date_end, 1)}T00:00:00Z`),
      });
    }
  };

  return {
    list: async (ctx: ServiceContext, organizerId: number, tourId?: number): Promise<{ items: TourIcalFeed[] }> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.read');
      if (tourId !== undefined) await organizerTour(organizerId, tourId);
      const rows = await repo.liveFeeds(organizerId, tourId, MAX_ICAL_FEEDS);
      return { items: rows.map((r) => item(r.feed, r.tour_name)) };
    },

    create: async (
      ctx: ServiceContext,
      organizerId: number,
      input: { tour_id: number | null; name: string },
    ): Promise<TourIcalFeedCreated> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.write');
      const tour = input.tour_id === null ? null : await organizerTour(organizerId, input.tour_id);
      if ((await repo.liveFeedCount(organizerId)) >= MAX_ICAL_FEEDS)
        throw AppError.validation({ name: [coded('max_value', { max: MAX_ICAL_FEEDS })] });
      const token = newToken();
      const row = await repo.insertFeed({
        organizer_id: organizerId,
        tour_id: tour?.id ?? null,
        name: input.name,
        language: ctx.lang,
        token_hash: digest(token),
      });
      return { ...item(row, tour?.name ?? null), url: icalFeedPath(token) };
    },

    revoke: async (ctx: ServiceContext, organizerId: number, feedId: number): Promise<{ success: true }> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.write');
      if (!(await repo.revokeFeed(organizerId, feedId))) throw AppError.notFound('not_found');
      return { success: true };
    },

    /** The iCalendar text of a live feed's token; 404 for an unknown, malformed or revoked one. */
    feed: async (token: string, now = new Date()): Promise<{ text: string; fileName: string }> => {
      if (!TOKEN_PATTERN.test(token)) throw AppError.notFound('not_found');
      const found = await repo.feedByTokenHash(digest(token));
      if (!found) throw AppError.notFound('not_found');
      const { feed, timezone } = found;
      const lang = languageOf(feed.language);
      const today = calendarDayIn(timezone, now);
      const departures = await repo.departures(feed.organizer_id, feed.tour_id, addDays(today, -FEED_PAST_DAYS));
      const tourName = feed.tour_id === null ? TEXTS[lang].all : ((await repo.findTour(feed.tour_id))?.name ?? '');
      const calendar = ical({
        name: [found.organizer_name, tourName].filter(Boolean).join(' · '),
        prodId: { company: brandName, product: 'tour-departures', language: lang.toUpperCase() },
        // calendar apps read this as how often to fetch again
        ttl: 60 * 60,
      });
      for (const d of departures) event(calendar, d, timezone, lang);
      return {
        text: calendar.toString(),
        fileName: feed.tour_id === null ? 'departures.ics' : `tour-${feed.tour_id}.ics`,
      };
    },
  };
};
export type TourIcalService = ReturnType<typeof createTourIcalService>;
