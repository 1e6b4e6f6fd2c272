import { z } from 'zod';
import { travellerCategoryRefSchema } from './prices';
import { defineRoute } from '../route';
import { questionnaireRoutes, requestTouristRoutes } from './request-tourist-routes';
export {
  BIRTHDAY_RANGE_RULES,
  MIN_BIRTHDAY,
  questionnairePath,
  questionnaireRoutes,
  requestTouristRoutes,
} from './request-tourist-routes';
import { BIRTHDAY_RANGE_RULES } from './request-tourist-routes';
import { MAX_REQUEST_TOURISTS, QUESTIONNAIRE_FIELD_RULES, TOURIST_FIELD_RULES } from './request-rules';
import { touristSchema, type TouristInput } from '../entities/request';
import { dateStringSchema, idSchema } from '../entities/common';
import { bookingStatusSchema, tourTypeSchema } from '../enums';
import { ruleIssues, zodIssues, type FieldRuleMap, type ValidationRule } from '../validation';

/**
 * A tourist's fields as a body carries them, without defaults: an update changes only what it
 * sends (zod's `.partial()` keeps `.default()`, so touristInputSchema cannot be reused for that).
 * Texts are trimmed; the rule maps (TOURIST_FIELD_RULES, QUESTIONNAIRE_FIELD_RULES) check them.
 */
const touristFieldShape = {
  first_name: z.string().trim(),
  last_name: z.string().trim(),
  middle_name: z.string().trim(),
  birthday: dateStringSchema.nullable(),
  passport: z.string().trim(),
  email: z.string().trim(),
  phone: z.string().trim(),
  food_restriction: z.string().trim(),
  is_contact_person: z.boolean(),
  is_child: z.boolean(),
  needs_transfer: z.boolean(),
} satisfies Record<Exclude<keyof TouristInput, 'category_id'>, z.ZodType>;

const optionalShape = <S extends Record<string, z.ZodType>>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, s.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };

/** What a tourist fills in through the questionnaire: the person, not the provider's flags. */
const questionnaireFieldShape = {
  first_name: touristFieldShape.first_name,
  last_name: touristFieldShape.last_name,
  middle_name: touristFieldShape.middle_name.default(''),
  birthday: touristFieldShape.birthday.default(null),
  passport: touristFieldShape.passport.default(''),
  email: touristFieldShape.email.default(''),
  phone: touristFieldShape.phone.default(''),
  food_restriction: touristFieldShape.food_restriction.default(''),
};
export type QuestionnaireFields = z.input<z.ZodObject<typeof questionnaireFieldShape>>;

/** A rule map over a body, dotted paths and `*` rows included (zodFieldRules reads top-level fields only). */
const bodyRules =
  (map: FieldRuleMap) =>
  (values: unknown, ctx: z.RefinementCtx): void =>
    zodIssues(ruleIssues(values, map), ctx);

/** Each tourist rule at `prefix.<field>` (`tourists.*.birthday`). */
const prefixed = (prefix: string, map: FieldRuleMap): FieldRuleMap =>
  Object.fromEntries(Object.entries(map).map(([path, list]) => [`${prefix}.${path}`, list]));
/** Both maps' rules of each field, in order (a spread would let the second map's list replace the first's). */
const mergeRules = (...maps: FieldRuleMap[]): FieldRuleMap => {
  const merged: Record<string, ValidationRule[]> = {};
  for (const map of maps) for (const [path, list] of Object.entries(map)) (merged[path] ??= []).push(...list);
  return merged;
};
const TOURIST_RULES = mergeRules(TOURIST_FIELD_RULES, BIRTHDAY_RANGE_RULES);
const QUESTIONNAIRE_RULES = mergeRules(QUESTIONNAIRE_FIELD_RULES, BIRTHDAY_RANGE_RULES);

// ─── Provider side ─────────────────────────────────────────────────────────────

export const createTouristBodySchema = z
  .strictObject({ request_id: idSchema, ...optionalShape(touristFieldShape) })
  .superRefine(bodyRules(TOURIST_RULES));
export type CreateTouristBody = z.input<typeof createTouristBodySchema>;

/** `id` is the tourist's; fields left out stay as they are. */
export const updateTouristBodySchema = z
  .strictObject({ id: idSchema, ...optionalShape(touristFieldShape) })
  .superRefine(bodyRules(TOURIST_RULES));
export type UpdateTouristBody = z.input<typeof updateTouristBodySchema>;

export const removeTouristBodySchema = z.strictObject({ id: idSchema });

/**
 * The whole list in its order: a row with `id` updates that tourist (fields left out stay), a row
 * without adds one, and every tourist of the request not in the list is removed. At most the
 * request's tourists_count rows (422 `tourists_over_count` on `tourists`).
 */
export const updateTouristsBodySchema = z
  .strictObject({
    request_id: idSchema,
    tourists: z
      .array(z.strictObject({ id: idSchema.optional(), ...optionalShape(touristFieldShape) }))
      .max(MAX_REQUEST_TOURISTS),
  })
  .superRefine(bodyRules(prefixed('tourists.*', TOURIST_RULES)));
export type UpdateTouristsBody = z.input<typeof updateTouristsBodySchema>;

/** What every provider-side tourist route answers: the request's tourists after the change, in order. */
export const requestTouristsSchema = z.object({
  request_id: idSchema,
  tourists_count: z.number().int().nonnegative(),
  tourists: z.array(touristSchema),
});
export type RequestTourists = z.infer<typeof requestTouristsSchema>;

/** A tourist's traveller category (issue 26): one of the booking's; null clears it. */
export const setTouristCategoryBodySchema = z.strictObject({ id: idSchema, category_id: idSchema.nullable() });

export const requestTouristApi = {
  setTouristCategory: defineRoute({
    ...requestTouristRoutes.setTouristCategory,
    body: setTouristCategoryBodySchema,
    response: requestTouristsSchema,
    summary: 'Set the traveller category a tourist is counted in (issue 26)',
  }),
  createTourist: defineRoute({
    ...requestTouristRoutes.createTourist,
    body: createTouristBodySchema,
    response: requestTouristsSchema,
  }),
  updateTourist: defineRoute({
    ...requestTouristRoutes.updateTourist,
    body: updateTouristBodySchema,
    response: requestTouristsSchema,
  }),
  removeTourist: defineRoute({
    ...requestTouristRoutes.removeTourist,
    body: removeTouristBodySchema,
    response: requestTouristsSchema,
  }),
  updateTourists: defineRoute({
    ...requestTouristRoutes.updateTourists,
    body: updateTouristsBodySchema,
    response: requestTouristsSchema,
  }),
};

// ─── Tourist side (public, by uuid) ────────────────────────────────────────────

/**
 * The link's uuid as the client sent it: any short text. An unknown OR malformed one is the same
 * 404 `questionnaire_not_found` (the service checks the format), never a 422 that tells them apart.
 */
const linkUuidSchema = z.string().max(100);

/**
 * A tourist as the shared link shows them. The link is shared by the whole group, so it shows
 * each tourist's name and whether their questionnaire is filled, nothing more: no birthday,
 * passport, e-mail or phone of anyone, not even of a filled questionnaire (whoever holds the link
 * could read them). A tourist sees their own full record only in the answer to their own save.
 */
export const questionnaireTouristSchema = z.object({
  id: idSchema,
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.string(),
  is_questionnaire_filled: z.boolean(),
  /** the traveller category they are counted in (issue 26); null for a booking without categories */
  category: travellerCategoryRefSchema.nullable(),
});
export type QuestionnaireTourist = z.infer<typeof questionnaireTouristSchema>;

/** The organizer as the tourists reach it (its id starts a chat with it: chat/get-chat-with-organizer). */
export const questionnaireOrganizerSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
});
export type QuestionnaireOrganizer = z.infer<typeof questionnaireOrganizerSchema>;

/** The trip in a few words: the tour and its dates (a departure's, or an individual tour's own). */
export const questionnaireTripSchema = z.object({
  tour_name: z.string(),
  tour_type: tourTypeSchema.nullable(),
  date_start: dateStringSchema.nullable(),
  date_end: dateStringSchema.nullable(),
  /** the departure's start time, HH:mm; '' when none */
  time_start: z.string(),
});

/**
 * The booking's messages in Telegram (beyond SPEC, issue 24): the bot's deep links that link a
 * traveller's chat to the request, one per page language (the chat is written to in its Telegram
 * app's language, else the page's), and whether a chat is linked now. Answered only while the
 * bot is configured (TELEGRAM_BOT_USERNAME).
 */
export const questionnaireTelegramSchema = z.object({
  link_urls: z.object({ en: z.string(), ru: z.string() }),
  is_linked: z.boolean(),
});
export type QuestionnaireTelegram = z.infer<typeof questionnaireTelegramSchema>;

/** GET get-by-uuid: what the questionnaire page shows and lets be filled. */
export const questionnaireSchema = z.object({
  uuid: z.uuid(),
  status: bookingStatusSchema,
  /** canceled (5–8) or complete (4): the page shows the tourists, nothing can be written */
  is_closed: z.boolean(),
  trip: questionnaireTripSchema,
  organizer: questionnaireOrganizerSchema,
  tourists_count: z.number().int().positive(),
  /** tourists_count − tourists listed: how many may still add themselves */
  places_left: z.number().int().nonnegative(),
  /** the booking's travellers per category (issue 26): "2 × Adult, 1 × Child"; empty without categories */
  travellers: z.array(travellerCategoryRefSchema.extend({ count: z.number().int().positive() })),
  tourists: z.array(questionnaireTouristSchema),
  /** the booking's messages in Telegram; absent while no bot is configured */
  telegram: questionnaireTelegramSchema.optional(),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/** A tourist's own data, as they just saved it: only in the answer to that save. */
export const questionnaireSavedTouristSchema = touristSchema.pick({
  id: true,
  full_name: true,
  first_name: true,
  last_name: true,
  middle_name: true,
  birthday: true,
  passport: true,
  email: true,
  phone: true,
  food_restriction: true,
  is_questionnaire_filled: true,
});
export type QuestionnaireSavedTourist = z.infer<typeof questionnaireSavedTouristSchema>;

/** A save's answer: the questionnaire as it is now, and the records just saved. */
export const questionnaireSaveResponseSchema = z.object({
  questionnaire: questionnaireSchema,
  saved: z.array(questionnaireSavedTouristSchema),
});
export type QuestionnaireSaveResponse = z.infer<typeof questionnaireSaveResponseSchema>;

/** POST update-tourists-questionnaires: `id` is the tourist's (one of the link's request). Marks it filled. */
export const updateTouristQuestionnaireBodySchema = z
  .strictObject({ uuid: linkUuidSchema, id: idSchema, ...questionnaireFieldShape })
  .superRefine(bodyRules(QUESTIONNAIRE_RULES));
export type UpdateTouristQuestionnaireBody = z.input<typeof updateTouristQuestionnaireBodySchema>;

/**
 * Tourists a traveller names as they book (the checkout, issue 27): each as the questionnaire
 * asks (a name at least), checked at `<key>.*.<field>` in the body that holds them.
 */
export const travellerTouristsSchema = z.array(z.strictObject(questionnaireFieldShape)).max(MAX_REQUEST_TOURISTS);
export const travellerTouristsRules = (key: string) => bodyRules(prefixed(`${key}.*`, QUESTIONNAIRE_RULES));

/** POST add-tourists: tourists not on the list yet add themselves, filled, while places remain. */
export const addTouristsBodySchema = z
  .strictObject({
    uuid: linkUuidSchema,
    tourists: z.array(z.strictObject(questionnaireFieldShape)).min(1).max(MAX_REQUEST_TOURISTS),
  })
  .superRefine(bodyRules(prefixed('tourists.*', QUESTIONNAIRE_RULES)));
export type AddTouristsBody = z.input<typeof addTouristsBodySchema>;

/** GET /spa/tourists-info: what the tourists need to know of the trip (the tour's own texts). */
export const touristsInfoSchema = z.object({
  uuid: z.uuid(),
  status: bookingStatusSchema,
  is_closed: z.boolean(),
  trip: questionnaireTripSchema,
  organizer: questionnaireOrganizerSchema,
  /** the meeting point (the tour's gathering_place) */
  gathering_place: z.string(),
  in_price: z.string(),
  not_in_price: z.string(),
  /** days of a multi-day tour; null when unknown */
  days: z.number().int().positive().nullable(),
  /** hours of an excursion; null when unknown */
  duration_hours: z.number().positive().nullable(),
});
export type TouristsInfo = z.infer<typeof touristsInfoSchema>;

const uuidQuery = z.strictObject({ uuid: linkUuidSchema });

export const questionnaireApi = {
  getByUuid: defineRoute({ ...questionnaireRoutes.getByUuid, query: uuidQuery, response: questionnaireSchema }),
  updateTouristsQuestionnaires: defineRoute({
    ...questionnaireRoutes.updateTouristsQuestionnaires,
    body: updateTouristQuestionnaireBodySchema,
    response: questionnaireSaveResponseSchema,
  }),
  addTourists: defineRoute({
    ...questionnaireRoutes.addTourists,
    body: addTouristsBodySchema,
    response: questionnaireSaveResponseSchema,
  }),
  touristsInfo: defineRoute({ ...questionnaireRoutes.touristsInfo, query: uuidQuery, response: touristsInfoSchema }),
  unlinkTelegram: defineRoute({
    ...questionnaireRoutes.unlinkTelegram,
    body: uuidQuery,
    response: questionnaireSchema,
    summary: 'Unlinks every Telegram chat linked to the booking through its questionnaire page (each is told so)',
  }),
};
