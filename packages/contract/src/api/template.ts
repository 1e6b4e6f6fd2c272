import { z } from 'zod';
import { defineRoute } from '../route';
import { contractTemplateRoutes, meetDataTemplateRoutes, documentTemplateRoutes } from './template-routes';
import { contractTemplateSchema, meetDataTemplateSchema, placeholdersMapSchema } from '../entities/template';
import { idSchema, queryIdSchema } from '../entities/common';
import { contractTemplateTypeSchema, placeholderEntityTypeSchema } from '../enums';
import { zodRules } from '../validation';
import { CONTRACT_TEMPLATE_RULES, MEET_DATA_TEMPLATE_RULES } from './template-rules';
import { successResponseSchema } from './user';

/** Query ids arrive as strings. */
const queryId = queryIdSchema;
/** Largest template the server stores (HTML after sanitizing is never larger than the input). */
export const TEMPLATE_CONTENT_MAX_LENGTH = 200_000;

const name = z.string().trim().superRefine(zodRules(CONTRACT_TEMPLATE_RULES.name));

const contractTemplateFields = {
  name,
  type: contractTemplateTypeSchema.default('contract'),
  /** HTML with {placeholder} chips; sanitized on save (allow-listed tags and attributes only) */
  content: z.string().max(TEMPLATE_CONTENT_MAX_LENGTH).default(''),
  is_default: z.boolean().default(false),
};
export const contractTemplateCreateBodySchema = z.strictObject({ organizer_id: idSchema, ...contractTemplateFields });
export const contractTemplateUpdateBodySchema = z.strictObject({ id: idSchema, ...contractTemplateFields });
export type ContractTemplateCreateBody = z.input<typeof contractTemplateCreateBodySchema>;

const meetDataFields = {
  name,
  text: z.string().superRefine(zodRules(MEET_DATA_TEMPLATE_RULES.text)).default(''),
  place: z.string().trim().superRefine(zodRules(MEET_DATA_TEMPLATE_RULES.place)).default(''),
  contact_phone: z.string().trim().max(32).superRefine(zodRules(MEET_DATA_TEMPLATE_RULES.contact_phone)).default(''),
  is_default: z.boolean().default(false),
};
export const meetDataTemplateCreateBodySchema = z.strictObject({ organizer_id: idSchema, ...meetDataFields });
export const meetDataTemplateUpdateBodySchema = z.strictObject({ id: idSchema, ...meetDataFields });
export type MeetDataTemplateCreateBody = z.input<typeof meetDataTemplateCreateBodySchema>;

/** A shipped default template, in the language of the request (X-Language: en or ru). */
export const defaultContractTemplateSchema = z.object({
  type: contractTemplateTypeSchema,
  name: z.string(),
  content: z.string(),
});
export type DefaultContractTemplate = z.infer<typeof defaultContractTemplateSchema>;
export const contractTemplateTypeItemSchema = z.object({ type: contractTemplateTypeSchema, name: z.string() });

const byId = z.strictObject({ id: idSchema });

export const contractTemplateApi = {
  create: defineRoute({
    ...contractTemplateRoutes.create,
    body: contractTemplateCreateBodySchema,
    response: contractTemplateSchema,
  }),
  update: defineRoute({
    ...contractTemplateRoutes.update,
    body: contractTemplateUpdateBodySchema,
    response: contractTemplateSchema,
  }),
  delete: defineRoute({ ...contractTemplateRoutes.delete, body: byId, response: successResponseSchema }),
  list: defineRoute({
    ...contractTemplateRoutes.list,
    query: z.strictObject({ organizer_id: queryId }),
    response: z.array(contractTemplateSchema),
  }),
  get: defineRoute({
    ...contractTemplateRoutes.get,
    query: z.strictObject({ id: queryId }),
    response: contractTemplateSchema,
  }),
  getDefaultTemplateByType: defineRoute({
    ...contractTemplateRoutes.getDefaultTemplateByType,
    query: z.strictObject({ type: contractTemplateTypeSchema, organizer_id: queryId }),
    response: defaultContractTemplateSchema,
  }),
  getDefaultTemplateTypes: defineRoute({
    ...contractTemplateRoutes.getDefaultTemplateTypes,
    response: z.array(contractTemplateTypeItemSchema),
  }),
};

export const meetDataTemplateApi = {
  create: defineRoute({
    ...meetDataTemplateRoutes.create,
    body: meetDataTemplateCreateBodySchema,
    response: meetDataTemplateSchema,
  }),
  update: defineRoute({
    ...meetDataTemplateRoutes.update,
    body: meetDataTemplateUpdateBodySchema,
    response: meetDataTemplateSchema,
  }),
  delete: defineRoute({ ...meetDataTemplateRoutes.delete, body: byId, response: successResponseSchema }),
  list: defineRoute({
    ...meetDataTemplateRoutes.list,
    query: z.strictObject({ organizer_id: queryId }),
    response: z.array(meetDataTemplateSchema),
  }),
};

export const documentTemplateApi = {
  placeholdersMap: defineRoute({
    ...documentTemplateRoutes.placeholdersMap,
    query: z.strictObject({ entity_type: placeholderEntityTypeSchema }),
    response: placeholdersMapSchema,
  }),
};
