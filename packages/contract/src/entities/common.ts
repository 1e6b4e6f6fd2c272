import { z } from 'zod';
import { issueOf } from '../messages';
import { MEMBER_ROLES } from '../team-values';

/** Building blocks shared by the entity schemas. */

/**
 * Ids are PostgreSQL integers (serial). A larger number names no row; refused here, it never
 * reaches a query (where the database would fail with 'out of range' instead of not finding it).
 * Its message is 'Incorrect value', as for 0 or -1: 'Maximum 2147483647' would mean nothing to a
 * person reading it.
 */
export const MAX_ID = 2_147_483_647;
/** the server answers 'Incorrect value' for this bound (plugins/errors.ts) */
const ID_TOO_BIG = issueOf('incorrect_value');
export const idSchema = z.number().int().positive().max(MAX_ID, ID_TOO_BIG);

/** A file's bytes, sent with their own Content-Type (not JSON): what a download route answers. */
export const fileBytesSchema = z.custom<Uint8Array>((v) => v instanceof Uint8Array);
export type Id = z.infer<typeof idSchema>;
/** An id in a query string or a path segment: text until coerced. */
export const queryIdSchema = z.coerce.number().int().positive().max(MAX_ID, ID_TOO_BIG);

/** Calendar date, yyyy-MM-dd. */
export const dateStringSchema = z.iso.date();
/** Time of day, HH:mm (24 h). */
export const timeStringSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');
/** Instant, ISO 8601 with offset (e.g. Date#toISOString()). */
export const dateTimeStringSchema = z.iso.datetime({ offset: true });

/** ISO 3166-1 alpha-2, upper case. */
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'Expected an ISO 3166-1 alpha-2 code');

/** Amount of money in the major unit of its currency (e.g. 1500.5 RUB). */
export const moneySchema = z.number().nonnegative().multipleOf(0.01);

export const percentSchema = z.number().min(0).max(100);

/** A stored image: the upload id plus its public URL (variants are derived from the URL). */
export const imageSchema = z.object({
  id: idSchema,
  url: z.string(),
  alt: z.string().default(''),
});
export type Image = z.infer<typeof imageSchema>;

/** An uploaded file (POST /crm/api/file/upload, image/upload, file/upload-video). */
export const uploadedFileSchema = z.object({
  id: idSchema,
  url: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  mime_type: z.string(),
  is_public: z.boolean().default(false),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Legal or postal address (SPEC §3 Organizer). */
export const addressSchema = z.object({
  country: z.string().default(''),
  region: z.string().default(''),
  city: z.string().default(''),
  street: z.string().default(''),
  post_code: z.string().default(''),
});
export type Address = z.infer<typeof addressSchema>;

/** A cancellation penalty: cancelling `days_before` days or fewer before the start costs `percent` of the price. */
export const penaltySchema = z.object({
  days_before: z.number().int().nonnegative(),
  percent: percentSchema,
});
export type Penalty = z.infer<typeof penaltySchema>;

/** Page-number pagination envelope for list responses. */
export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
  });

/**
 * The member of the provider's team who acted (issue 29): a history line, a chat message, a
 * change. `role` is their role now; null once they left the team (the name stays).
 */
export const memberActorSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES).nullable(),
});
export type MemberActor = z.infer<typeof memberActorSchema>;
