import { z } from 'zod';
import {
  addressSchema,
  countryCodeSchema,
  dateTimeStringSchema,
  idSchema,
  imageSchema,
  penaltySchema,
  percentSchema,
  timeStringSchema,
} from './common';
import { currencySchema, DEFAULT_CURRENCY } from './user';
import { MEMBER_ROLES } from '../team-values';
import { internalCheckStatusSchema, verificationStatusSchema } from '../enums';
import { LEGAL_FORMS, SOCIAL_NETWORKS } from './organizer-values';

export * from './organizer-values';

/** What the organizer switcher and guards need: GET /crm/api/organizer/list. */
export const organizerSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  is_internal_check_success: z.boolean(),
  /** the caller's role in this organizer (issue 29): the web hides what the role cannot do */
  role: z.enum(MEMBER_ROLES),
});
export type OrganizerSummary = z.infer<typeof organizerSummarySchema>;

// ─── Full organizer profile (SPEC §3 Organizer; settings tabs main, contacts, cancellation, docs, accounts) ───

export const legalFormSchema = z.enum(LEGAL_FORMS);

export const legalEntitySchema = z.object({
  legal_form: legalFormSchema.default('company'),
  /** full registered name, e.g. 'ООО «Северный путь»' or 'Balkan Trails d.o.o.' */
  legal_name: z.string().default(''),
  short_name: z.string().default(''),
  /** RU taxpayer number (10 digits for companies, 12 for persons) */
  inn: z.string().default(''),
  /** RU tax registration reason code (companies) */
  kpp: z.string().default(''),
  /** RU state registration number (ОГРН 13 digits / ОГРНИП 15) */
  ogrn: z.string().default(''),
  /** EU VAT or any foreign tax id */
  vat_id: z.string().default(''),
  /** company register number abroad */
  registration_number: z.string().default(''),
  /** tour operator register entry, where the country keeps one */
  tour_operator_registry_number: z.string().default(''),
});
export type LegalEntity = z.infer<typeof legalEntitySchema>;

export const directorSchema = z.object({
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  middle_name: z.string().default(''),
  position: z.string().default(''),
  /** the document the director acts on, e.g. 'charter', 'power of attorney No 5' */
  acts_on_basis_of: z.string().default(''),
});
export type Director = z.infer<typeof directorSchema>;

/** The tour author (tour expert) some marketplaces require before partnering (domain info is_tour_author_required). */
export const tourAuthorSchema = z.object({
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  about: z.string().default(''),
  photo: imageSchema.nullable().default(null),
  experience_years: z.number().int().nonnegative().nullable().default(null),
});
export type TourAuthor = z.infer<typeof tourAuthorSchema>;

export const organizerContactsSchema = z.object({
  email: z.string().default(''),
  phone: z.string().default(''),
  additional_phone: z.string().default(''),
  website: z.string().default(''),
});
export type OrganizerContacts = z.infer<typeof organizerContactsSchema>;

/** Hours for one weekday; Sunday is 0. */
export const workDaySchema = z.object({
  day_of_week: z.number().int().min(0).max(6),
  is_day_off: z.boolean().default(false),
  from: timeStringSchema.nullable().default(null),
  to: timeStringSchema.nullable().default(null),
});
export type WorkDay = z.infer<typeof workDaySchema>;

export const socialNetworkSchema = z.enum(SOCIAL_NETWORKS);
export const socialLinksSchema = z.partialRecord(socialNetworkSchema, z.string());
export type SocialLinks = z.infer<typeof socialLinksSchema>;

export const organizerSchema = z.object({
  id: idSchema,
  name: z.string(),
  logo: z.string().nullable().default(null),
  description: z.string().default(''),
  country: countryCodeSchema.nullable().default(null),
  currency: currencySchema.default(DEFAULT_CURRENCY),
  timezone: z.string().nullable().default(null),
  legal_entity: legalEntitySchema.prefault({}),
  director: directorSchema.prefault({}),
  tour_author: tourAuthorSchema.prefault({}),
  contacts: organizerContactsSchema.prefault({}),
  work_hours: z.array(workDaySchema).default([]),
  social_links: socialLinksSchema.default({}),
  legal_address: addressSchema.prefault({}),
  postal_address: addressSchema.prefault({}),
  is_postal_address_same_as_legal: z.boolean().default(true),
  /** free text shown to tourists (cancellation tab) */
  cancellation_terms: z.string().default(''),
  penalties: z.array(penaltySchema).default([]),
  /** what the provider withholds as actual expenses on cancellation (free text) */
  actual_expenses: z.string().default(''),
  sign_image: imageSchema.nullable().default(null),
  stamp_image: imageSchema.nullable().default(null),
  own_request_bank_account_id: idSchema.nullable().default(null),
  is_internal_check_success: z.boolean().default(false),
  internal_check_status: internalCheckStatusSchema.default('not_performed'),
  verification_status: verificationStatusSchema.default('not_performed'),
  created_at: dateTimeStringSchema.optional(),
});
export type Organizer = z.infer<typeof organizerSchema>;

/** POST organizer/create and update: every profile field but the server-owned ones. */
export const organizerInputSchema = organizerSchema
  .omit({
    id: true,
    is_internal_check_success: true,
    internal_check_status: true,
    verification_status: true,
    created_at: true,
  })
  .extend({
    logo_id: idSchema.nullable().optional(),
    sign_image_id: idSchema.nullable().optional(),
    stamp_image_id: idSchema.nullable().optional(),
  })
  .omit({ logo: true, sign_image: true, stamp_image: true });
export type OrganizerInput = z.input<typeof organizerInputSchema>;

// ─── Dashboard and partners ────────────────────────────────────────────────────

/** SPEC §3 Dashboard data (GET user/dashboard?orgId). */
export const dashboardDataSchema = z.object({
  organizer_country: countryCodeSchema.nullable().default(null),
  should_show_agreement_popup: z.boolean().default(false),
  organizer_verification: z
    .object({
      internal_check_status: internalCheckStatusSchema.default('not_performed'),
      verification_status: verificationStatusSchema.default('not_performed'),
    })
    .prefault({}),
  /** marketplace commission, percent of the booking price */
  organizer_commission: percentSchema.nullable().default(null),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

/** A partner site (marketplace); one per brand is seeded. */
export const partnerSiteSchema = z.object({
  id: idSchema,
  name: z.string(),
  domain: z.string(),
  logo: z.string().nullable().default(null),
  /** the organizer agreement link shown in the sign-partnership modal, for sites that have one */
  organizer_agreement_url: z.string().nullable().default(null),
});
export type PartnerSite = z.infer<typeof partnerSiteSchema>;

export const connectedSiteSchema = partnerSiteSchema.omit({ id: true }).extend({
  site_id: idSchema,
  is_published_on_site: z.boolean().default(false),
});
export type ConnectedSite = z.infer<typeof connectedSiteSchema>;

/** A sales agent the organizer works with (agent settings screen /{orgId}/agent/{agentId}). */
export const agentSchema = z.object({
  id: idSchema,
  tour_organizer_id: idSchema,
  name: z.string(),
  email: z.string().default(''),
  phone: z.string().default(''),
  commission_percent: percentSchema.default(0),
  is_active: z.boolean().default(true),
});
export type Agent = z.infer<typeof agentSchema>;

/** SPEC §3 Partners data (GET organizer/partners). */
export const partnersDataSchema = z.object({
  connected_sites: z.array(connectedSiteSchema).default([]),
  available_for_connection: z.array(partnerSiteSchema).default([]),
  agents: z.array(agentSchema).default([]),
});
export type PartnersData = z.infer<typeof partnersDataSchema>;
