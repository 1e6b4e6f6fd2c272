import { z } from 'zod';
import { countryCodeSchema } from './common';
import { issueOf } from '../messages';

/** UI-level shapes of SPEC §3. */

/** Gallery item: an image or a video URL, plus alt. */
export const galleryItemSchema = z
  .object({
    image: z.string().optional(),
    video_url: z.string().optional(),
    alt: z.string().default(''),
  })
  .refine((item) => Boolean(item.image) !== Boolean(item.video_url), {
    ...issueOf('media_image_or_video'),
    path: ['image'],
  });
export type GalleryItem = z.infer<typeof galleryItemSchema>;

/** Phone country record of the phone input's country picker. */
export const phoneCountrySchema = z.object({
  name: z.string(),
  iso_code: countryCodeSchema,
  /** dial code with '+', e.g. '+7' */
  phone_code: z.string().regex(/^\+\d{1,4}$/),
  /** the primary country of a shared dial code (RU for +7, US for +1) */
  is_primary: z.boolean().default(false),
});
export type PhoneCountry = z.infer<typeof phoneCountrySchema>;

/** Data table header; rows need an id. */
export const dataTableHeaderSchema = z.object({
  key: z.string(),
  name: z.string(),
  sortable: z.boolean().default(false),
  attrs: z.record(z.string(), z.string()).default({}),
});
export type DataTableHeader = z.infer<typeof dataTableHeaderSchema>;
export interface DataTableRow {
  id: string | number;
}

/** Select items: plain values, objects with configurable text/value keys, or a header-only group heading. */
export type SelectPlainItem = string | number;
export type SelectObjectItem = Record<string, unknown>;
export interface SelectHeaderItem {
  header: string;
}
export type SelectItem = SelectPlainItem | SelectObjectItem | SelectHeaderItem;
export const isSelectHeaderItem = (item: SelectItem): item is SelectHeaderItem =>
  typeof item === 'object' &&
  item !== null &&
  Object.keys(item).length === 1 &&
  typeof (item as { header?: unknown }).header === 'string';
