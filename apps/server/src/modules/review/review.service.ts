import crypto from 'node:crypto';
import {
  BOOKING_STATUS,
  REVIEW_CRM_PAGE_SIZE,
  REVIEW_DEFAULT_DELAY_HOURS,
  REVIEW_LINK_DAYS,
  REVIEW_PHOTOS_MAX,
  TOURIST_ACTOR,
  userActor,
  type CrmReview,
  type DomainActor,
  type Language,
  type OrganizerReviews,
  type PublicReview,
  type ReviewList,
  type ReviewPage,
  type ReviewPhoto,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { recordEvent } from '../../lib/domain-events';
import type { Tenancy } from '../../lib/tenancy';
import type { ReceivedFile, UploadService } from '../upload';
import type { ReviewLinkRow, ReviewRepository, ReviewRow, ReviewWithNames } from './review.repository';

type Change = 'created' | 'edited' | 'answered' | 'hidden' | 'reported';

/** The link's token as it is kept: only its SHA-256 (a leaked table opens no review page). */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** Who a message was for, as a review's author: the e-mail in lower case, or the Telegram chat. */
export const authorKeyOf = (channel: string, recipient: string): string =>
  channel === 'email' ? recipient.trim().toLowerCase() : `${channel}:${recipient}`;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const lang = (v: string): Language => (v === 'ru' ? 'ru' : 'en');

export interface ReviewServiceDeps {
  repo: ReviewRepository;
  tenancy: Tenancy;
  uploads: UploadService;
  publicUrl: string;
  /** the support chat of a site for the organizer, and a message in it (the chat module) */
  reportToSupport: (ctx: ServiceContext, organizerId: number, siteId: number, text: string) => Promise<number>;
}

export const createReviewService = (deps: ReviewServiceDeps) => {
  const { repo, tenancy, uploads } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  const photosOf = (ids: number[]): ReviewPhoto[] =>
    ids.map((id) => ({ id, url: `/files/${id}/w1200`, thumb_url: `/files/${id}/poster` }));

  const publicView = (r: ReviewRow, tourName: string | null): PublicReview => ({
    id: r.id,
    display_name: r.display_name,
    rating: r.rating,
    text: r.text,
    photos: photosOf(r.photo_ids),
    language: lang(r.language),
    created_at: r.created_at.toISOString(),
    tour_id: r.tour_id,
    tour_name: tourName,
    answer: r.answer,
    answered_at: iso(r.answered_at),
  });

  const crmView = ({ review: r, tour_name, date_start }: ReviewWithNames): CrmReview => ({
    ...publicView(r, tour_name),
    organizer_id: r.organizer_id,
    request_id: r.request_id,
    tour_date_id: r.tour_date_id,
    date_start,
    edited_at: iso(r.edited_at),
    answer_edited_at: iso(r.answer_edited_at),
    hidden: r.hidden_at !== null,
    hidden_reason: r.hidden_reason,
    support_chat_id: r.support_chat_id,
  });

  const record = (tx: Db, r: ReviewRow, change: Change, actor: DomainActor) =>
    recordEvent(tx, {
      type: 'review.changed',
      aggregateId: r.id,
      organizerId: r.organizer_id,
      actor,
      payload: { review_id: r.id, change },
    });

  /** The link behind a token: 404 when forged; with the trip it is for. */
  const linkOf = async (token: string) => {
    const link = await repo.linkByHash(hashToken(token));
    const trip = link ? await repo.trip(link.request_id) : null;
    if (!link || !trip) throw AppError.notFound('review_link_not_found');
    return { link, trip };
  };
  const expired = (link: ReviewLinkRow, now: Date): boolean => link.expires_at.getTime() <= now.getTime();

  /** The organizer's review by id, to its members; 404 to anyone else. */
  const owned = async (ctx: ServiceContext, organizerId: number, id: number): Promise<ReviewWithNames> => {
    await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
    const found = await repo.find(organizerId, id);
    if (!found) throw AppError.notFound('review_not_found');
    return found;
  };

  /** Changes a review of the organizer in a transaction that records the event; its view after. */
  const change = async (
    ctx: ServiceContext,
    organizerId: number,
    id: number,
    kind: Change,
    values: (locked: ReviewRow) => Partial<ReviewRow>,
  ): Promise<CrmReview> => {
    await owned(ctx, organizerId, id);
    await repo.transaction(async (tx) => {
      const locked = await repo.lockReview(tx, id);
      if (!locked) throw AppError.notFound('review_not_found');
      const after = await repo.updateReview(tx, id, values(locked));
      await record(tx, after!, kind, userActor(ctx.userId));
    });
    return crmView((await repo.find(organizerId, id))!);
  };

  return {
    /**
     * The review request's link for a message's recipient (the composer asks when it renders one):
     * a new token, valid 30 days, of which only the hash is kept; 'already_reviewed' when the
     * traveller has reviewed the trip, 'request_not_complete' when it is no longer complete.
     */
    linkFor: async (
      q: Db,
      message: { channel: string; recipient: string; recipient_name: string; language: string },
      requestId: number,
      now = new Date(),
    ): Promise<{ url: string } | string> => {
      const trip = await repo.trip(requestId);
      if (!trip || trip.status !== BOOKING_STATUS.tour_complete) return 'request_not_complete';
      const authorKey = authorKeyOf(message.channel, message.recipient);
      if (await repo.reviewOf(q, requestId, trip.tour_date_id, authorKey)) return 'already_reviewed';
      const token = crypto.randomBytes(24).toString('base64url');
      await repo.insertLink(q, {
        organizer_id: trip.organizer_id,
        request_id: requestId,
        author_key: authorKey,
        author_name: message.recipient_name,
        language: lang(message.language),
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + REVIEW_LINK_DAYS * 86_400_000),
      });
      return { url: `${base}/org/review/${token}?lang=${lang(message.language)}` };
    },

    /** The review page behind a link: open for writing, answered (read only) or expired. */
    page: async (token: string, now = new Date()): Promise<ReviewPage> => {
      const { link, trip } = await linkOf(token);
      const review = await repo.reviewOf(repo.db, trip.id, trip.tour_date_id, link.author_key);
      return {
        state:
          review?.answer !== null && review?.answer !== undefined
            ? 'answered'
            : expired(link, now)
              ? 'expired'
              : 'open',
        language: lang(review?.language ?? link.language),
        organizer_name: trip.organizer_name,
        tour_name: trip.tour_name,
        date_start: trip.date_start,
        date_end: trip.date_end,
        suggested_name: link.author_name.split(/\s+/)[0] ?? '',
        expires_at: link.expires_at.toISOString(),
        review: review ? publicView(review, trip.tour_name) : null,
      };
    },

    /** Writes the link's review, or edits it until the organizer answers. */
    save: async (
      body: {
        token: string;
        rating: number;
        text: string;
        display_name: string;
        photo_ids: number[];
        language?: Language;
      },
      now = new Date(),
    ): Promise<PublicReview> => {
      const { link, trip } = await linkOf(body.token);
      if (expired(link, now)) throw AppError.validation({ token: ['review_link_expired'] }, 'review_link_expired');
      const linkIds = await repo.linkIdsOf(trip.id, link.author_key);
      const wanted = [...new Set(body.photo_ids)];
      const mine = new Set(await repo.photosOf(trip.organizer_id, wanted, linkIds));
      if (wanted.some((id) => !mine.has(id))) throw AppError.validation({ photo_ids: ['review_photo_not_found'] });
      const values = {
        rating: body.rating,
        text: body.text,
        display_name: body.display_name,
        photo_ids: wanted,
        language: body.language ?? lang(link.language),
      };
      try {
        const saved = await repo.transaction(async (tx) => {
          const existing = await repo.reviewOf(tx, trip.id, trip.tour_date_id, link.author_key);
          if (existing) {
            const locked = (await repo.lockReview(tx, existing.id))!;
            if (locked.answer !== null) throw AppError.validation({ token: ['review_answered'] }, 'review_answered');
            const after = (await repo.updateReview(tx, locked.id, { ...values, edited_at: now }))!;
            await record(tx, after, 'edited', TOURIST_ACTOR);
            return after;
          }
          const made = await repo.insertReview(tx, {
            ...values,
            organizer_id: trip.organizer_id,
            tour_id: trip.tour_id,
            tour_date_id: trip.tour_date_id,
            request_id: trip.id,
            author_key: link.author_key,
          });
          await record(tx, made, 'created', TOURIST_ACTOR);
          return made;
        });
        return publicView(saved, trip.tour_name);
      } catch (e) {
        // written at the same moment through the other link (the reminder's): one review stays
        if (isUniqueViolation(e)) throw AppError.validation({ token: ['review_exists'] }, 'review_exists');
        throw e;
      }
    },

    /** A photo for the link's review: an image only, processed, at most REVIEW_PHOTOS_MAX × 3 per traveller. */
    photo: async (token: string, file: ReceivedFile | null, now = new Date()): Promise<ReviewPhoto> => {
      const { link, trip } = await linkOf(token);
      if (expired(link, now)) throw AppError.validation({ token: ['review_link_expired'] }, 'review_link_expired');
      if (!file) throw AppError.validation({ file: ['file_or_url'] });
      const review = await repo.reviewOf(repo.db, trip.id, trip.tour_date_id, link.author_key);
      if (review?.answer !== null && review?.answer !== undefined)
        throw AppError.validation({ token: ['review_answered'] }, 'review_answered');
      if ((await repo.photoCount(await repo.linkIdsOf(trip.id, link.author_key))) >= REVIEW_PHOTOS_MAX * 3)
        throw AppError.validation({ file: ['review_photos_too_many'] });
      const row = await uploads.storePublicImage(trip.organizer_id, `review:${link.id}`, file);
      return photosOf([row.id])[0]!;
    },

    list: async (
      ctx: ServiceContext,
      q: {
        tour_organizer_id: number;
        tour_id?: number;
        rating?: number;
        answered?: 'yes' | 'no';
        date_from?: string;
        date_to?: string;
        page: number;
      },
    ): Promise<ReviewList> => {
      await tenancy.assertMember(ctx.userId, q.tour_organizer_id, 'tours.read');
      if (q.tour_id !== undefined && !(await repo.hasTour(q.tour_organizer_id, q.tour_id)))
        throw AppError.notFound('tour_not_found');
      const filter = {
        organizerId: q.tour_organizer_id,
        tourId: q.tour_id,
        rating: q.rating,
        answered: q.answered === undefined ? undefined : q.answered === 'yes',
        from: q.date_from,
        to: q.date_to,
      };
      const { rows, total } = await repo.page(filter, REVIEW_CRM_PAGE_SIZE, (q.page - 1) * REVIEW_CRM_PAGE_SIZE);
      const perTour = await repo.perTour(q.tour_organizer_id);
      return {
        items: rows.map(crmView),
        total,
        page: q.page,
        page_size: REVIEW_CRM_PAGE_SIZE,
        overall: await repo.average({ organizerId: q.tour_organizer_id }),
        per_tour: perTour.map((t) => ({
          tour_id: t.tour_id,
          tour_name: t.tour_name,
          average: t.average === null ? null : Number(t.average),
          count: t.count,
        })),
      };
    },

    unanswered: async (ctx: ServiceContext, organizerId: number): Promise<{ count: number }> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.read');
      return { count: await repo.unanswered(organizerId) };
    },

    /** The public answer: one per review, editable; an empty one takes it back. */
    answer: (ctx: ServiceContext, organizerId: number, id: number, answer: string, now = new Date()) =>
      change(ctx, organizerId, id, 'answered', (r) =>
        answer
          ? r.answer === null
            ? { answer, answered_at: now, answered_by_user_id: ctx.userId }
            : { answer, answer_edited_at: now, answered_by_user_id: ctx.userId }
          : { answer: null, answered_at: null, answer_edited_at: null, answered_by_user_id: null },
      ),

    hide: (ctx: ServiceContext, organizerId: number, id: number, hidden: boolean, reason: string, now = new Date()) =>
      change(ctx, organizerId, id, 'hidden', () =>
        hidden
          ? { hidden_at: now, hidden_reason: reason, hidden_by_user_id: ctx.userId }
          : { hidden_at: null, hidden_reason: null, hidden_by_user_id: null },
      ),

    /** Reports a review to support: the organizer's support chat gets the review and the member's words. */
    report: async (ctx: ServiceContext, organizerId: number, id: number, message: string, now = new Date()) => {
      const { review } = await owned(ctx, organizerId, id);
      const siteId = await repo.supportSite(await repo.requestSite(review.request_id));
      if (siteId === null) throw AppError.notFound('site_not_found');
      const text = [
        `Review #${review.id} (${review.rating}/5, booking No. ${review.request_id}) by ${review.display_name}:`,
        `“${review.text}”`,
        '',
        message,
      ].join('\n');
      const chatId = await deps.reportToSupport(ctx, organizerId, siteId, text);
      return change(ctx, organizerId, id, 'reported', () => ({ support_chat_id: chatId, reported_at: now }));
    },

    settings: async (ctx: ServiceContext, organizerId: number): Promise<{ delay_hours: number }> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.read');
      return { delay_hours: (await repo.delayHours(organizerId)) ?? REVIEW_DEFAULT_DELAY_HOURS };
    },
    updateSettings: async (ctx: ServiceContext, organizerId: number, hours: number) => {
      await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
      await repo.saveDelayHours(organizerId, hours);
      return { delay_hours: hours };
    },

    /** Changes whenever the organizer's reviews do (the public site's page cache key). */
    stamp: (organizerId: number): Promise<string> => repo.stamp(organizerId),

    /** SPEC §7 GET /spa/organizer-reviews: the reviews its site shows (not hidden), newest first. */
    organizerReviews: async (q: {
      id: number;
      tour_id?: number;
      limit: number;
      page: number;
    }): Promise<OrganizerReviews> => {
      if (!(await repo.organizerExists(q.id))) throw AppError.notFound('organizer_not_found');
      // a tour that does not exist is refused; another organizer's shows none of its reviews (public either way)
      if (q.tour_id !== undefined && !(await repo.tourExists(q.tour_id))) throw AppError.notFound('tour_not_found');
      const filter = { organizerId: q.id, tourId: q.tour_id, visibleOnly: true };
      const { rows, total } = await repo.page(filter, q.limit, (q.page - 1) * q.limit);
      const { average, count } = await repo.average(filter);
      return {
        items: rows.map((r) => publicView(r.review, r.tour_name)),
        total,
        page: q.page,
        limit: q.limit,
        average: average === null ? null : Math.round(average * 10) / 10,
        count,
      };
    },
  };
};
export type ReviewService = ReturnType<typeof createReviewService>;
