/**
 * Field rules of requests and tourists (SPEC §5 messages). Free of zod: the web's booking forms
 * check with these before sending; the server's body schemas refine with the very same maps.
 */
import { rules, type FieldRuleMap } from '../validation';

/** More tourists on one request than any group; a larger number is a typo. */
export const MAX_REQUEST_TOURISTS = 1000;
/** A price above this is a typo (as MAX_TOUR_PRICE). */
export const MAX_REQUEST_PRICE = 100_000_000;

const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** yyyy-MM-dd of today in UTC: a birthday after it is in the future everywhere. */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** The contact and count of a request (own, third-party agent, update). */
export const REQUEST_FIELD_RULES: FieldRuleMap = {
  customer_name: [rules.required(), rules.maxLength(255)],
  customer_email: [rules.email(), rules.maxLength(254)],
  customer_phone: [rules.phone()],
  comment: [rules.maxLength(5000)],
  tourists_count: [rules.required(), rules.minValue(1), rules.maxValue(MAX_REQUEST_TOURISTS)],
  unit_price: [rules.minValue(0), rules.maxValue(MAX_REQUEST_PRICE)],
};

/** A tourist: by the provider, or by the tourist through the questionnaire. */
export const TOURIST_FIELD_RULES: FieldRuleMap = {
  first_name: [rules.maxLength(100)],
  last_name: [rules.maxLength(100)],
  middle_name: [rules.maxLength(100)],
  birthday: [rules.custom((v) => isBlank(v) || String(v) <= todayUtc(), 'birthday_in_future')],
  passport: [rules.maxLength(100)],
  email: [rules.email(), rules.maxLength(254)],
  phone: [rules.phone()],
  food_restriction: [rules.maxLength(1000)],
};

/** The questionnaire asks a name at least. */
export const QUESTIONNAIRE_FIELD_RULES: FieldRuleMap = {
  ...TOURIST_FIELD_RULES,
  first_name: [rules.required(), rules.maxLength(100)],
  last_name: [rules.required(), rules.maxLength(100)],
};

/** A third-party agent's request names the agent. */
export const THIRD_PARTY_AGENT_FIELD_RULES: FieldRuleMap = {
  'third_party_agent.name': [rules.required(), rules.maxLength(255)],
  'third_party_agent.email': [rules.email(), rules.maxLength(254)],
  'third_party_agent.phone': [rules.phone()],
  'third_party_agent.commission': [rules.minValue(0), rules.maxValue(MAX_REQUEST_PRICE)],
};

/** Cancelling: the message to the tourist. */
export const CANCEL_REQUEST_FIELD_RULES: FieldRuleMap = {
  message: [rules.maxLength(5000)],
};
