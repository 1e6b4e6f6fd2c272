import { z } from 'zod';
export { UPLOAD_MESSAGES } from '../messages';
import { defineRoute } from '../route';
import { uploadRoutes } from './upload-routes';
export { IMAGE_MIME_TYPES, IMAGE_VARIANTS, type ImageVariant } from './upload-routes';
import { idSchema, uploadedFileSchema } from '../entities/common';
import { videoProviderSchema } from '../enums';

/**
 * Uploads (SPEC §7, all with the invisible captcha). The file routes take multipart/form-data
 * (a `file` part plus the fields below as text parts) or, for a link, JSON with the same fields.
 * `organizer_id` names the organizer the file belongs to: private files are served only to its
 * members (or, without an organizer, only to the uploader).
 */

const bucket = z.string().regex(/^[a-z0-9_-]{1,32}$/);
const flag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true')]);
const optionalId = z.union([idSchema, z.string().regex(/^\d+$/).transform(Number).pipe(idSchema)]);

/** Fields besides the file (text parts of a multipart body, or JSON). */
export const imageUploadFieldsSchema = z.strictObject({
  url: z.string().trim().max(2000).optional(),
  bucket: bucket.optional(),
  organizer_id: optionalId.optional(),
  /** default true; false for images only members may see (sign, stamp, documents) */
  is_public: flag.optional(),
});
export const fileUploadFieldsSchema = z.strictObject({
  is_public: flag.default(false),
  organizer_id: optionalId.optional(),
  bucket: bucket.optional(),
});
export const videoUploadFieldsSchema = z.strictObject({
  url: z.string().trim().max(2000).optional(),
  organizer_id: optionalId.optional(),
});

export const uploadedImageSchema = uploadedFileSchema.extend({
  /** variant → URL (GET /files/{id}/{variant}) */
  variants: z.object({ w1200: z.string(), poster: z.string() }),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const uploadedVideoSchema = z.object({
  id: idSchema,
  /** null for an uploaded file */
  provider: videoProviderSchema.nullable(),
  video_id: z.string().nullable(),
  /** iframe URL for a link, the file URL for an upload */
  embed_url: z.string(),
  url: z.string(),
});
export type UploadedVideo = z.infer<typeof uploadedVideoSchema>;

export const uploadApi = {
  image: defineRoute({ ...uploadRoutes.image, body: imageUploadFieldsSchema.nullish(), response: uploadedImageSchema }),
  file: defineRoute({ ...uploadRoutes.file, body: fileUploadFieldsSchema.nullish(), response: uploadedFileSchema }),
  video: defineRoute({ ...uploadRoutes.video, body: videoUploadFieldsSchema.nullish(), response: uploadedVideoSchema }),
};
