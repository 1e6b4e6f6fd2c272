/**
 * The guide form's field rules (SPEC §3 Guide). A module of its own, free of zod: the web's guide
 * form checks with these before sending; api/tour.ts refines create-guide and update-guide with
 * the same map, so the form and the server report the same message.
 */
import { rules, type FieldRuleMap } from '../validation';

/** SPEC §3 Guide as the guide form writes it; the photo by its upload id. */
export const GUIDE_FIELD_RULES = {
  first_name: [rules.required(), rules.maxLength(100)],
  last_name: [rules.maxLength(100)],
  about: [rules.maxLength(5000)],
} as const satisfies FieldRuleMap;
