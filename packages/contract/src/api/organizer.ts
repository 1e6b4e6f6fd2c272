import { z } from 'zod';
import { issueOf } from '../messages';
export { ORGANIZER_MESSAGES } from '../messages';
import { defineRoute } from '../route';
import { VERIFICATION_DOCUMENT_TYPES, organizerRoutes, operatorRoutes } from './organizer-routes';
export {
  CURRENT_AGREEMENT_VERSION,
  DASHBOARD_WEEKS,
  UPCOMING_DEPARTURE_DAYS,
  VERIFICATION_DOCUMENT_TYPES,
} from './organizer-routes';
import {
  agentSchema,
  connectedSiteSchema,
  dashboardDataSchema,
  organizerInputSchema,
  organizerSchema,
  organizerSummarySchema,
  partnerSiteSchema,
} from '../entities/organizer';
import { dateStringSchema, dateTimeStringSchema, idSchema, moneySchema, queryIdSchema } from '../entities/common';
import { currencySchema } from '../entities/user';
import { internalCheckStatusSchema, siteStatusSchema, verificationStatusSchema } from '../enums';
import { FORM_RULES, zodFieldRules, zodIssues } from '../validation';
import { ORGANIZER_FIELD_RULES, VERIFICATION_DATA_RULES, organizerFieldIssues } from './organizer-rules';

export { ORGANIZER_FIELD_RULES };
import { successResponseSchema } from './user';

// ─── Shared pieces ─────────────────────────────────────────────────────────────

/** Query ids arrive as strings. */
const queryId = queryIdSchema;
/** Query flags: 1/0/true/false. */
const queryFlag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

// ─── Organizer field rules: in ./organizer-rules (zod-free, the web's forms import them) ──

/** zod refinement shared by create and update: the SPEC §5 rules on every field present. */
export const organizerFieldRefinement = (value: Record<string, unknown>, ctx: z.RefinementCtx): void =>
  zodIssues(organizerFieldIssues(value), ctx);

type Shape = Record<string, z.ZodType>;
/** Drops a field's default, so a partial body leaves what it does not mention untouched. */
const withoutDefault = (s: z.ZodType): z.ZodType =>
  s instanceof z.ZodDefault || s instanceof z.ZodPrefault
    ? withoutDefault((s as z.ZodDefault).unwrap() as z.ZodType)
    : s;
const partialGroup = (s: z.ZodType): z.ZodType => {
  const inner = withoutDefault(s);
  if (!(inner instanceof z.ZodObject)) return inner.optional();
  const shape = Object.fromEntries(
    Object.entries(inner.shape as Shape).map(([k, v]) => [k, withoutDefault(v).optional()]),
  );
  return z.strictObject(shape).optional();
};

/** POST organizer/create: name plus any profile field (defaults fill the rest). */
export const organizerCreateBodySchema = z
  .strictObject({ ...organizerInputSchema.shape, name: z.string().trim().max(255) })
  .superRefine((v, ctx) => organizerFieldRefinement(v as Record<string, unknown>, ctx));

/**
 * POST organizer/update: id plus only the fields to change. A top-level field not sent is kept;
 * a group (legal_entity, director, tour_author, contacts, legal_address, postal_address) sent in
 * part is merged into the stored group; lists (work_hours, penalties) and social_links are replaced.
 */
type PartialGroups<O> = { id: number } & {
  [K in keyof O]?: O[K] extends unknown[] ? O[K] : O[K] extends Record<string, unknown> ? Partial<O[K]> : O[K];
};
export type OrganizerUpdateBody = PartialGroups<z.input<typeof organizerInputSchema>>;
export type OrganizerUpdateValues = PartialGroups<z.output<typeof organizerInputSchema>>;
type InputShape = typeof organizerInputSchema.shape;
/** The update's fields: each optional, a group's own fields too, no defaults (see partialGroup). */
type PartialGroupShape = {
  [K in keyof InputShape]: z.ZodOptional<
    z.ZodType<
      PartialGroups<z.output<typeof organizerInputSchema>>[K],
      PartialGroups<z.input<typeof organizerInputSchema>>[K]
    >
  >;
};
const partialGroups = (shape: InputShape): PartialGroupShape =>
  Object.fromEntries(Object.entries(shape as Shape).map(([k, v]) => [k, partialGroup(v)])) as PartialGroupShape;

export const organizerUpdateBodySchema = z
  .strictObject({
    id: idSchema,
    ...partialGroups(organizerInputSchema.shape),
    name: z.string().trim().max(255).optional(),
  })
  .superRefine((v, ctx) => organizerFieldRefinement(v, ctx));

/** GET organizer/view: the card a member sees in lists and headers (no legal or bank details). */
export const organizerViewSchema = organizerSchema.pick({
  id: true,
  name: true,
  logo: true,
  description: true,
  country: true,
  currency: true,
  contacts: true,
  social_links: true,
  is_internal_check_success: true,
  internal_check_status: true,
  verification_status: true,
});
export type OrganizerView = z.infer<typeof organizerViewSchema>;

/** GET organizer/public-info: what a traveller may see; the tour author only with author_data_from_crm. */
export const organizerPublicInfoSchema = organizerSchema
  .pick({
    id: true,
    name: true,
    logo: true,
    description: true,
    country: true,
    contacts: true,
    social_links: true,
    work_hours: true,
    is_internal_check_success: true,
  })
  .extend({ tour_author: organizerSchema.shape.tour_author.nullable() });
export type OrganizerPublicInfo = z.infer<typeof organizerPublicInfoSchema>;

/** What the provider should do next about verification (the web shows a text per step). */
export const VERIFICATION_NEXT_STEPS = [
  'submit_verification_data',
  'resubmit_verification_data',
  'wait_for_verification',
  'wait_for_internal_check',
  'contact_support',
  'none',
] as const;
export const verificationNextStepSchema = z.enum(VERIFICATION_NEXT_STEPS);
export type VerificationNextStep = z.infer<typeof verificationNextStepSchema>;

export const verificationInfoSchema = z.object({
  internal_check_status: internalCheckStatusSchema,
  verification_status: verificationStatusSchema,
  /** SPEC §4: true when verification is failed or not_performed (isVerificationFailed) */
  is_verification_failed: z.boolean(),
  next_step: verificationNextStepSchema,
  /** why the operator rejected it (issue 30), while it is failed; else null */
  reason: z.string().nullable(),
});
export type VerificationInfo = z.infer<typeof verificationInfoSchema>;

/** An amount in one currency. */
export const currencyAmountSchema = z.object({ currency: currencySchema, amount: moneySchema });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** The unpaid invoices of one currency (dashboard). */
export const dashboardUnpaidSchema = z.object({
  currency: currencySchema,
  count: z.number().int().positive(),
  amount: moneySchema,
});
export type DashboardUnpaid = z.infer<typeof dashboardUnpaidSchema>;

/** One week of the dashboard's chart. */
export const dashboardWeekSchema = z.object({
  /** its Monday, in the organizer's calendar */
  week_start: dateStringSchema,
  /** requests made that week (any status, source or kind) */
  requests: z.number().int().nonnegative(),
  /** what payments that succeeded that week brought, per currency (refunds not taken off); no entry for none */
  revenue: z.array(currencyAmountSchema),
});
export type DashboardWeek = z.infer<typeof dashboardWeekSchema>;

/** GET user/dashboard: SPEC §3 dashboard data plus the morning counts. */
export const dashboardResponseSchema = dashboardDataSchema.extend({
  is_verification_failed: z.boolean(),
  verification_next_step: verificationNextStepSchema,
  /** why the operator rejected the verification (issue 30), while it is failed; else null */
  verification_reason: z.string().nullable(),
  /** the agreement version the popup asks to accept */
  agreement_version: z.string(),
  /**
   * whether the organizer's figures (new requests, unpaid invoices, weeks) are the caller's to see:
   * false for a role without `reports` (a guide, issue 29), whose figures are then all zero
   */
  figures_shown: z.boolean().default(true),
  /** requests waiting for the provider's confirmation */
  new_requests_count: z.number().int().nonnegative(),
  /** tour dates starting today and in the next days (UPCOMING_DEPARTURE_DAYS: today to upcoming_departures_to) */
  upcoming_departures_count: z.number().int().nonnegative(),
  /** invoices issued and not paid (status 1), every currency */
  unpaid_invoices_count: z.number().int().nonnegative(),
  /** the unpaid invoices per currency: how many and what they ask (never summed across currencies) */
  unpaid_invoices: z.array(dashboardUnpaidSchema),
  /** the organizer's today (its time zone) */
  today: dateStringSchema,
  /** the last day of the upcoming departures' days (inclusive) */
  upcoming_departures_to: dateStringSchema,
  /** the last DASHBOARD_WEEKS weeks (Monday to Sunday in the organizer's time zone), oldest first, this week last */
  weeks: z.array(dashboardWeekSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** Verification provider session: a short-lived signed token the provider widget is opened with. */
export const verificationAccessTokenSchema = z.object({ token: z.string(), expires_in: z.number().int().positive() });
export type VerificationAccessToken = z.infer<typeof verificationAccessTokenSchema>;

export const verificationDataBodySchema = z
  .strictObject({
    orgId: idSchema,
    access_token: z.string().min(1).max(4000),
    full_name: z.string().trim(),
    document_type: z.enum(VERIFICATION_DOCUMENT_TYPES),
    document_number: z.string().trim(),
    /** an uploaded scan (POST /crm/api/file/upload, private) */
    document_file_id: idSchema.nullable().optional(),
  })
  .superRefine(zodFieldRules(VERIFICATION_DATA_RULES));
export type VerificationDataBody = z.input<typeof verificationDataBodySchema>;

// ─── Partners ──────────────────────────────────────────────────────────────────

export const partnerSiteInfoSchema = partnerSiteSchema.extend({ is_tour_author_required: z.boolean() });
export const connectedSiteInfoSchema = connectedSiteSchema.extend({
  status: siteStatusSchema,
  is_tour_author_required: z.boolean(),
  signed_at: dateTimeStringSchema,
});
export type ConnectedSiteInfo = z.infer<typeof connectedSiteInfoSchema>;
export const partnersResponseSchema = z.object({
  connected_sites: z.array(connectedSiteInfoSchema),
  available_for_connection: z.array(partnerSiteInfoSchema),
  agents: z.array(agentSchema.extend({ site_id: idSchema.nullable() })),
});
export type PartnersResponse = z.infer<typeof partnersResponseSchema>;

export const signPartnershipBodySchema = z
  .strictObject({
    tour_organizer_id: idSchema,
    site_id: idSchema,
    // defaults so a missing acceptance reports 'Required field' next to the other one
    is_agreement_accepted: z.boolean().default(false),
    is_privacy_accepted: z.boolean().default(false),
  })
  .superRefine(zodFieldRules(FORM_RULES.signPartnership));

// ─── Routes ────────────────────────────────────────────────────────────────────

export const organizerApi = {
  list: defineRoute({ ...organizerRoutes.list, response: z.array(organizerSummarySchema) }),
  /** Creates the organizer with the caller as its owner. */
  create: defineRoute({ ...organizerRoutes.create, body: organizerCreateBodySchema, response: organizerSchema }),
  update: defineRoute({ ...organizerRoutes.update, body: organizerUpdateBodySchema, response: organizerSchema }),
  info: defineRoute({ ...organizerRoutes.info, query: z.strictObject({ id: queryId }), response: organizerSchema }),
  view: defineRoute({ ...organizerRoutes.view, query: z.strictObject({ id: queryId }), response: organizerViewSchema }),
  publicInfo: defineRoute({
    ...organizerRoutes.publicInfo,
    query: z.strictObject({ id: queryId, author_data_from_crm: queryFlag.optional() }),
    response: organizerPublicInfoSchema,
  }),
  verificationInfo: defineRoute({
    ...organizerRoutes.verificationInfo,
    query: z.strictObject({ id: queryId }),
    response: verificationInfoSchema,
  }),
  acceptAgreement: defineRoute({
    ...organizerRoutes.acceptAgreement,
    body: z.strictObject({ tour_organizer_id: idSchema, version: z.string().min(1).max(32) }),
    response: successResponseSchema,
  }),
  dashboard: defineRoute({
    ...organizerRoutes.dashboard,
    query: z.strictObject({ orgId: queryId }),
    response: dashboardResponseSchema,
  }),
  verificationAccessToken: defineRoute({
    ...organizerRoutes.verificationAccessToken,
    query: z.strictObject({ orgId: queryId }),
    response: verificationAccessTokenSchema,
  }),
  verificationData: defineRoute({
    ...organizerRoutes.verificationData,
    body: verificationDataBodySchema,
    response: verificationInfoSchema,
  }),
  partners: defineRoute({
    ...organizerRoutes.partners,
    query: z.strictObject({ organizer_id: queryId }),
    response: partnersResponseSchema,
  }),
  setPublishedOnSite: defineRoute({
    ...organizerRoutes.setPublishedOnSite,
    body: z.strictObject({ site_id: idSchema, is_published_on_site: z.boolean(), tour_organizer_id: idSchema }),
    response: connectedSiteInfoSchema,
  }),
  signPartnership: defineRoute({
    ...organizerRoutes.signPartnership,
    body: signPartnershipBodySchema,
    response: connectedSiteInfoSchema,
  }),
};

// ─── Operator (marketplace staff; `npm run admin`) ─────────────────────────────

export { OPERATOR_TOKEN_HEADER } from './organizer-routes';

export const operatorOrganizerSchema = z.object({
  id: idSchema,
  name: z.string(),
  internal_check_status: internalCheckStatusSchema,
  verification_status: verificationStatusSchema,
  commission_percent: z.number(),
  members: z.array(z.string()),
});
export type OperatorOrganizer = z.infer<typeof operatorOrganizerSchema>;

/** A tour's moderation status on one partner site, as the operator set it. */
export const operatorTourSiteStatusSchema = z.object({
  tour_id: idSchema,
  organizer_id: idSchema,
  site_id: idSchema,
  status: siteStatusSchema,
});
export type OperatorTourSiteStatus = z.infer<typeof operatorTourSiteStatusSchema>;

/** Public at the JWT level; the operator token header is checked instead. */
export const operatorApi = {
  listOrganizers: defineRoute({ ...operatorRoutes.listOrganizers, response: z.array(operatorOrganizerSchema) }),
  setVerification: defineRoute({
    ...operatorRoutes.setVerification,
    body: z
      .strictObject({
        organizer_id: idSchema,
        internal_check_status: internalCheckStatusSchema.optional(),
        verification_status: verificationStatusSchema.optional(),
        commission_percent: z.number().min(0).max(100).optional(),
      })
      .refine((b) => b.internal_check_status || b.verification_status || b.commission_percent !== undefined, {
        ...issueOf('nothing_to_change'),
        path: ['internal_check_status'],
      }),
    response: operatorOrganizerSchema,
  }),
  setSiteStatus: defineRoute({
    ...operatorRoutes.setSiteStatus,
    body: z.strictObject({ organizer_id: idSchema, site_id: idSchema, status: siteStatusSchema }),
    response: connectedSiteInfoSchema,
  }),
  /**
   * The marketplace's moderation of one tour on one partner site (`npm run admin --
   * set-tour-site-status`). Unknown tour or site → 404; a site the tour's organizer has no
   * partnership with → 422 on `site_id`. Publishes `site_status_changed` with `tour_id`.
   */
  setTourSiteStatus: defineRoute({
    ...operatorRoutes.setTourSiteStatus,
    body: z.strictObject({ tour_id: idSchema, site_id: idSchema, status: siteStatusSchema }),
    response: operatorTourSiteStatusSchema,
  }),
};
