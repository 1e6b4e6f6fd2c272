import { z } from 'zod';
import { dateTimeStringSchema, idSchema } from './common';
import { contractTemplateTypeSchema, placeholderEntityTypeSchema } from '../enums';

/** Contract template (SPEC: fields not shown). `content` is HTML with {placeholders}. */
export const contractTemplateSchema = z.object({
  id: idSchema,
  tour_organizer_id: idSchema,
  name: z.string(),
  type: contractTemplateTypeSchema.default('contract'),
  content: z.string().default(''),
  is_default: z.boolean().default(false),
  updated_at: dateTimeStringSchema.optional(),
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;
export const contractTemplateInputSchema = contractTemplateSchema.omit({
  id: true,
  tour_organizer_id: true,
  updated_at: true,
});
export type ContractTemplateInput = z.input<typeof contractTemplateInputSchema>;

/** Meet-data template: where and when to meet, sent to tourists before a tour. */
export const meetDataTemplateSchema = z.object({
  id: idSchema,
  tour_organizer_id: idSchema,
  name: z.string(),
  text: z.string().default(''),
  /** optional meeting point details */
  place: z.string().default(''),
  contact_phone: z.string().default(''),
  is_default: z.boolean().default(false),
  updated_at: dateTimeStringSchema.optional(),
});
export type MeetDataTemplate = z.infer<typeof meetDataTemplateSchema>;
export const meetDataTemplateInputSchema = meetDataTemplateSchema.omit({
  id: true,
  tour_organizer_id: true,
  updated_at: true,
});
export type MeetDataTemplateInput = z.input<typeof meetDataTemplateInputSchema>;

/** GET organizer-document-template/placeholders-map: placeholder → description, per entity type. */
export const placeholdersMapSchema = z.object({
  entity_type: placeholderEntityTypeSchema,
  placeholders: z.array(z.object({ key: z.string(), description: z.string() })),
});
export type PlaceholdersMap = z.infer<typeof placeholdersMapSchema>;
