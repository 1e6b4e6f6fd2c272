import {
  BOOKING_STATUS,
  coded,
  TOURIST_ACTOR,
  userActor,
  type BookingStatus,
  type Questionnaire,
  type QuestionnaireTelegram,
  type QuestionnaireSaveResponse,
  type QuestionnaireSavedTourist,
  type RequestTourists,
  type Tourist,
  type TouristsInfo,
  type UpdateTouristsInfoPayload,
  type addTouristsBodySchema,
  type createTouristBodySchema,
  type updateTouristBodySchema,
  type updateTouristQuestionnaireBodySchema,
  type updateTouristsBodySchema,
  type DomainActor,
} from '@tourdesk/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { Guard, Limits } from '../../plugins/rate-limit';
import { organizerOf, tripOf } from './questionnaire.view';
import { placeCategories, travellerCounts } from './traveller-categories';
import type {
  QuestionnaireRequestRow,
  RequestTouristQueries,
  RequestTouristRepository,
  TouristRow,
  TouristValues,
  TouristsRequest,
} from './request-tourist.repository';

type CreateBody = z.output<typeof createTouristBodySchema>;
type UpdateBody = z.output<typeof updateTouristBodySchema>;
type UpdateListBody = z.output<typeof updateTouristsBodySchema>;
type QuestionnaireBody = z.output<typeof updateTouristQuestionnaireBodySchema>;
type AddBody = z.output<typeof addTouristsBodySchema>;

/**
 * Writes through the public questionnaire link, per client address: a group fills in a dozen
 * forms from one hotel network within minutes; past that each write needs a captcha, past `hard`
 * the hard one (the escalation of rate-limit.ts, as sign-ups).
 */
export const QUESTIONNAIRE_WRITE_GUARD: Guard = { name: 'questionnaire-ip', soft: 30, hard: 90, windowMs: 15 * 60_000 };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Tour complete or canceled: the questionnaire is read-only. */
const isClosed = (status: number): boolean => status >= BOOKING_STATUS.tour_complete;
const isCanceled = (status: number): boolean => status >= BOOKING_STATUS.canceled_by_tourist;

/** SPEC §3 Tourist full_name: last, first and middle name, the blank ones left out. */
export const fullNameOf = (t: Pick<TouristRow, 'first_name' | 'last_name' | 'middle_name'>): string =>
  [t.last_name, t.first_name, t.middle_name].filter((part) => part.trim() !== '').join(' ');

const toTourist = (row: TouristRow): Tourist => ({
  id: row.id,
  request_id: row.request_id,
  full_name: fullNameOf(row),
  first_name: row.first_name,
  last_name: row.last_name,
  middle_name: row.middle_name,
  birthday: row.birthday,
  passport: row.passport,
  email: row.email,
  phone: row.phone,
  food_restriction: row.food_restriction,
  is_contact_person: row.is_contact_person,
  is_child: row.is_child,
  is_questionnaire_filled: row.is_questionnaire_filled,
  needs_transfer: row.needs_transfer,
  category_id: row.category_id,
});

const toSaved = (row: TouristRow): QuestionnaireSavedTourist => {
  const {
    request_id: _r,
    is_contact_person: _c,
    is_child: _k,
    needs_transfer: _n,
    category_id: _g,
    ...saved
  } = toTourist(row);
  return saved;
};

/** The phone as the rule reads it: the input's formatting (spaces, dashes, brackets) dropped. */
const normalPhone = (phone: string): string => phone.replace(/[\s\-()]/g, '');

/** The fields a body sent, as columns; what it left out stays out (an update keeps it). */
const valuesOf = (fields: Partial<Omit<TouristValues, 'is_questionnaire_filled'>>): TouristValues => {
  const values: TouristValues = {};
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  if (values.phone !== undefined) values.phone = normalPhone(values.phone);
  return values;
};

const overCount = (count: number) =>
  new AppError('validation', {
    message: coded('tourists_over_count', { count }),
    fields: { tourists: [coded('tourists_over_count', { count })] },
  });

export const createRequestTouristService = (deps: {
  repo: RequestTouristRepository;
  tenancy: Tenancy;
  limits: Pick<Limits, 'enforce' | 'hit'>;
  /** the booking's Telegram chats (the messenger module): the page's deep links, its unlink */
  telegram?: {
    travellerTelegramOf: (request: { id: number; uuid: string }) => Promise<QuestionnaireTelegram | undefined>;
    unlinkTravellerTelegram: (requestId: number) => Promise<void>;
  };
}) => {
  const { repo, tenancy, limits, telegram } = deps;

  /** The change is a domain event of its transaction (real time tells the organizer's screens: update_tourists_info). */
  const announce = (
    q: RequestTouristQueries,
    request: Pick<TouristsRequest, 'id' | 'organizer_id'>,
    source: UpdateTouristsInfoPayload['source'],
    actor: DomainActor,
  ): Promise<number> =>
    q.record({
      type: 'request.tourists_changed',
      aggregateId: request.id,
      organizerId: request.organizer_id,
      actor,
      payload: { request_id: request.id, source },
    });

  /** Another organizer's request is one that does not exist: 404 `request_not_found`. */
  const ownRequest = async (ctx: ServiceContext, requestId: number): Promise<TouristsRequest> => {
    const request = await repo.findRequest(requestId);
    if (!request || !(await tenancy.reaches(ctx.userId, request.organizer_id, 'bookings.write')))
      throw AppError.notFound('request_not_found');
    return request;
  };
  /** The request of a tourist the caller may edit; another organizer's tourist does not exist. */
  const ownTourist = async (ctx: ServiceContext, touristId: number): Promise<TouristsRequest> => {
    const tourist = await repo.findTourist(touristId);
    const request = tourist && (await repo.findRequest(tourist.request_id));
    if (!request || !(await tenancy.reaches(ctx.userId, request.organizer_id, 'bookings.write')))
      throw AppError.notFound('tourist_not_found');
    return request;
  };

  /**
   * The tourists' categories after a change (issue 26): each one of the booking's, and no more
   * tourists named in a category than the booking has travellers of it; 422 on `field` otherwise.
   */
  const checkCategories = async (q: RequestTouristQueries, requestId: number, field: string): Promise<void> => {
    const tourists = await q.listTourists(requestId);
    if (tourists.every((t) => t.category_id === null)) return;
    const lines = (await q.travellers(requestId)) ?? [];
    for (const t of tourists) {
      if (t.category_id === null) continue;
      const line = lines.find((l) => l.category_id === t.category_id);
      if (!line) throw AppError.validation({ [field]: ['category_not_of_tour'] });
      const named = tourists.filter((o) => o.category_id === t.category_id).length;
      if (named > line.count)
        throw AppError.validation({ [field]: [coded('category_tourists_over', { count: line.count })] });
    }
  };

  /**
   * One provider-side change in one transaction, the request's row locked first (so two calls
   * adding tourists at once cannot pass tourists_count together); the tourists after it answered
   * and the change recorded as a domain event in the same transaction.
   */
  const changeAsProvider = async (
    ctx: ServiceContext,
    request: TouristsRequest,
    change: (q: RequestTouristQueries, locked: TouristsRequest) => Promise<void>,
    categoryField = 'category_id',
  ): Promise<RequestTourists> => {
    const after = await repo.transaction(async (q) => {
      const locked = await q.lockRequest(request.id);
      if (!locked) throw AppError.notFound('request_not_found');
      // a canceled booking's people are its record; they are no longer changed
      if (isCanceled(locked.status)) throw new AppError('validation', { message: 'request_canceled' });
      await change(q, locked);
      await checkCategories(q, request.id, categoryField);
      await q.refreshSearchText(request.id);
      await announce(q, request, 'provider', userActor(ctx.userId));
      return { count: locked.tourists_count, tourists: await q.listTourists(request.id) };
    });
    return { request_id: request.id, tourists_count: after.count, tourists: after.tourists.map(toTourist) };
  };

  // ─── the questionnaire link ───

  const findByUuid = async (uuid: string): Promise<QuestionnaireRequestRow> => {
    const row = UUID_PATTERN.test(uuid) ? await repo.findByUuid(uuid.toLowerCase()) : null;
    if (!row) throw AppError.notFound('questionnaire_not_found');
    return row;
  };

  /**
   * What the shared link shows of the group: names and whether each has filled the
   * questionnaire, never anyone's birthday, passport, e-mail or phone (questionnaireTouristSchema).
   */
  const questionnaireOf = async (row: QuestionnaireRequestRow): Promise<Questionnaire> => {
    const tourists = await repo.listTourists(row.id);
    const telegramPart = await telegram?.travellerTelegramOf(row);
    const categories = placeCategories(row.travellers ?? [], tourists, 0).named;
    return {
      uuid: row.uuid,
      status: row.status as BookingStatus,
      is_closed: isClosed(row.status),
      trip: tripOf(row),
      organizer: organizerOf(row),
      tourists_count: row.tourists_count,
      places_left: Math.max(0, row.tourists_count - tourists.length),
      travellers: travellerCounts(row.travellers),
      tourists: tourists.map((t, i) => ({
        id: t.id,
        full_name: fullNameOf(t),
        first_name: t.first_name,
        last_name: t.last_name,
        middle_name: t.middle_name,
        is_questionnaire_filled: t.is_questionnaire_filled,
        category: categories[i] ?? null,
      })),
      ...(telegramPart ? { telegram: telegramPart } : {}),
    };
  };

  /**
   * One write through the link: counted per client address (rate limit), refused once the trip
   * is over or canceled, in one transaction with the request locked; the questionnaire as it is
   * afterwards answered with the records just saved, and the organizer told.
   */
  const changeAsTourist = async (
    ctx: ServiceContext,
    uuid: string,
    change: (q: RequestTouristQueries, request: QuestionnaireRequestRow) => Promise<TouristRow[]>,
  ): Promise<QuestionnaireSaveResponse> => {
    const pair: [Guard, string] = [QUESTIONNAIRE_WRITE_GUARD, ctx.ip];
    await limits.enforce(ctx, [pair]);
    await limits.hit([pair]);
    const row = await findByUuid(uuid);
    const saved = await repo.transaction(async (q) => {
      const locked = await q.lockRequest(row.id);
      if (!locked) throw AppError.notFound('questionnaire_not_found');
      if (isClosed(locked.status)) throw new AppError('validation', { message: 'questionnaire_closed' });
      const saved = await change(q, { ...row, status: locked.status, tourists_count: locked.tourists_count });
      await q.refreshSearchText(row.id);
      // the traveller messages are written in the language of the page the traveller answered on
      await q.setLanguage(row.id, ctx.lang);
      await announce(q, row, 'questionnaire', TOURIST_ACTOR);
      return saved;
    });
    const questionnaire = await questionnaireOf(await findByUuid(uuid));
    return { questionnaire, saved: saved.map(toSaved) };
  };

  return {
    createTourist: async (ctx: ServiceContext, body: CreateBody): Promise<RequestTourists> => {
      const { request_id, ...fields } = body;
      return changeAsProvider(ctx, await ownRequest(ctx, request_id), async (q, locked) => {
        const listed = (await q.listTourists(locked.id)).length;
        if (listed + 1 > locked.tourists_count) throw overCount(locked.tourists_count);
        await q.insertTourists(locked.id, [valuesOf(fields)]);
      });
    },

    updateTourist: async (ctx: ServiceContext, body: UpdateBody): Promise<RequestTourists> => {
      const { id, ...fields } = body;
      return changeAsProvider(ctx, await ownTourist(ctx, id), async (q, locked) => {
        if (!(await q.updateTourist(locked.id, id, valuesOf(fields)))) throw AppError.notFound('tourist_not_found');
      });
    },

    /** The tourist's traveller category: one of the booking's, at most its count of tourists (issue 26). */
    setTouristCategory: async (ctx: ServiceContext, body: { id: number; category_id: number | null }) =>
      changeAsProvider(ctx, await ownTourist(ctx, body.id), async (q, locked) => {
        if (!(await q.updateTourist(locked.id, body.id, { category_id: body.category_id })))
          throw AppError.notFound('tourist_not_found');
      }),

    removeTourist: async (ctx: ServiceContext, body: { id: number }): Promise<RequestTourists> =>
      changeAsProvider(ctx, await ownTourist(ctx, body.id), async (q, locked) => {
        const listed = await q.listTourists(locked.id);
        if (!listed.some((t) => t.id === body.id)) throw AppError.notFound('tourist_not_found');
        await q.removeTourists(locked.id, [body.id]);
      }),

    updateTourists: async (ctx: ServiceContext, body: UpdateListBody): Promise<RequestTourists> =>
      changeAsProvider(
        ctx,
        await ownRequest(ctx, body.request_id),
        async (q, locked) => {
          if (body.tourists.length > locked.tourists_count) throw overCount(locked.tourists_count);
          const listed = new Set((await q.listTourists(locked.id)).map((t) => t.id));
          const seen = new Set<number>();
          const fieldErrors: Record<string, ReturnType<typeof coded>[]> = {};
          body.tourists.forEach((row, i) => {
            if (row.id === undefined) return;
            if (!listed.has(row.id)) fieldErrors[`tourists.${i}.id`] = [coded('tourist_not_found')];
            else if (seen.has(row.id)) fieldErrors[`tourists.${i}.id`] = [coded('incorrect_value')];
            seen.add(row.id);
          });
          if (Object.keys(fieldErrors).length > 0) throw AppError.validation(fieldErrors);
          const missing = [...listed].filter((id) => !seen.has(id));
          await q.removeTourists(locked.id, missing);
          const added: (TouristValues & { position: number })[] = [];
          for (const [position, { id, ...fields }] of body.tourists.entries()) {
            if (id === undefined) added.push({ ...valuesOf(fields), position });
            else await q.updateTourist(locked.id, id, { ...valuesOf(fields), position });
          }
          await q.insertTourists(locked.id, added);
        },
        'tourists',
      ),

    getByUuid: async (uuid: string): Promise<Questionnaire> => questionnaireOf(await findByUuid(uuid)),

    /**
     * The page's "unlink": the booking's Telegram chats stop getting its messages (counted per
     * client address as the link's other writes; allowed on a closed trip too).
     */
    unlinkTelegram: async (ctx: ServiceContext, uuid: string): Promise<Questionnaire> => {
      const pair: [Guard, string] = [QUESTIONNAIRE_WRITE_GUARD, ctx.ip];
      await limits.enforce(ctx, [pair]);
      await limits.hit([pair]);
      const row = await findByUuid(uuid);
      await telegram?.unlinkTravellerTelegram(row.id);
      return questionnaireOf(row);
    },

    touristsInfo: async (uuid: string): Promise<TouristsInfo> => {
      const row = await findByUuid(uuid);
      const hours = row.tour_duration_hours === null ? null : Number(row.tour_duration_hours);
      return {
        uuid: row.uuid,
        status: row.status as BookingStatus,
        is_closed: isClosed(row.status),
        trip: tripOf(row),
        organizer: organizerOf(row),
        gathering_place: row.gathering_place ?? '',
        in_price: row.in_price ?? '',
        not_in_price: row.not_in_price ?? '',
        days: row.departure_days ?? (row.tour_duration && row.tour_duration > 0 ? row.tour_duration : null),
        duration_hours: hours !== null && hours > 0 ? hours : null,
      };
    },

    /**
     * A listed tourist fills in their own data; it is marked filled. A field left blank keeps what
     * the provider already has (the form cannot show it: the link shows nobody's data), so sending
     * the questionnaire never erases a passport or phone the provider entered.
     */
    updateQuestionnaire: async (ctx: ServiceContext, body: QuestionnaireBody): Promise<QuestionnaireSaveResponse> => {
      const { uuid, id, ...fields } = body;
      const given = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== null && String(value).trim() !== ''),
      );
      return changeAsTourist(ctx, uuid, async (q, request) => {
        const saved = await q.updateTourist(request.id, id, { ...valuesOf(given), is_questionnaire_filled: true });
        if (!saved) throw AppError.notFound('tourist_not_found');
        return [saved];
      });
    },

    /** Tourists not listed yet add themselves, filled, while the request has places for them. */
    addTourists: async (ctx: ServiceContext, body: AddBody): Promise<QuestionnaireSaveResponse> =>
      changeAsTourist(ctx, body.uuid, async (q, request) => {
        const listed = (await q.listTourists(request.id)).length;
        if (listed + body.tourists.length > request.tourists_count) throw overCount(request.tourists_count);
        return q.insertTourists(
          request.id,
          body.tourists.map((fields) => ({ ...valuesOf(fields), is_questionnaire_filled: true })),
        );
      }),
  };
};
export type RequestTouristService = ReturnType<typeof createRequestTouristService>;
