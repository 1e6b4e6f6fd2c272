/**
 * Agent settings field rules: free of zod, so the web's agent form checks with the rules the
 * server's schema is refined with.
 */
import { rules, type ValidationRule } from '../validation';

export const AGENT_SETTINGS_RULES = {
  commission_percent: [rules.required(), rules.minValue(0), rules.maxValue(100)],
  contact_name: [rules.maxLength(255)],
  contact_phone: [rules.phone()],
  contact_email: [rules.email()],
} as const satisfies Record<string, readonly ValidationRule[]>;
