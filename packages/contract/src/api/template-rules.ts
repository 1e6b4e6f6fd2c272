/**
 * Template field rules: free of zod, so the web's template forms check with the rules the
 * server's schemas are refined with.
 */
import { rules, type ValidationRule } from '../validation';

const NAME = [rules.required(), rules.maxLength(255)];

export const CONTRACT_TEMPLATE_RULES = { name: NAME } as const satisfies Record<string, readonly ValidationRule[]>;

export const MEET_DATA_TEMPLATE_RULES = {
  name: NAME,
  text: [rules.maxLength(10_000)],
  place: [rules.maxLength(1000)],
  contact_phone: [rules.phone()],
} as const satisfies Record<string, readonly ValidationRule[]>;
