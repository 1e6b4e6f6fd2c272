import { z } from 'zod';
import { defineRoute } from '../route';
import { agentRoutes } from './agent-routes';
import { agentSchema } from '../entities/organizer';
import { idSchema, percentSchema, queryIdSchema } from '../entities/common';
import { zodRules } from '../validation';
import { AGENT_SETTINGS_RULES } from './agent-rules';

/** Query ids arrive as strings. */
const queryId = queryIdSchema;

/**
 * Agent settings (/{orgId}/agent/{agentId}): the organizer's terms for one agent of a site it is
 * connected to. allowed_tour_ids null means every tour.
 */
export const agentSettingsSchema = agentSchema.extend({
  site_id: idSchema.nullable(),
  allowed_tour_ids: z.array(idSchema).nullable(),
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  is_enabled: z.boolean(),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

/** Each field refined with its rules (a field-level check runs even when another field fails its type). */
const R = AGENT_SETTINGS_RULES;
export const agentSettingsBodySchema = z.strictObject({
  organizer_id: idSchema,
  agent_id: idSchema,
  commission_percent: percentSchema,
  /** null: every tour; otherwise the ids of the tours the agent may sell */
  allowed_tour_ids: z.array(idSchema).max(1000).nullable(),
  contact_name: z.string().trim().superRefine(zodRules(R.contact_name)).default(''),
  contact_phone: z.string().trim().max(32).superRefine(zodRules(R.contact_phone)).default(''),
  contact_email: z.string().trim().max(254).superRefine(zodRules(R.contact_email)).default(''),
  is_enabled: z.boolean().default(true),
});
export type AgentSettingsBody = z.input<typeof agentSettingsBodySchema>;

export const agentApi = {
  get: defineRoute({
    ...agentRoutes.get,
    query: z.strictObject({ organizer_id: queryId, agent_id: queryId }),
    response: agentSettingsSchema,
  }),
  update: defineRoute({ ...agentRoutes.update, body: agentSettingsBodySchema, response: agentSettingsSchema }),
};
