import { z } from 'zod';
import { defineRoute } from '../route';
import { bankAccountRoutes } from './bank-account-routes';
import { bankAccountInputSchema, bankAccountSchema } from '../entities/bank-account';
import { idSchema, queryIdSchema } from '../entities/common';
import { CURRENCIES, currencySchema } from '../entities/user';
import { checkRules, failureIssue } from '../validation';
import {
  BANK_ACCOUNT_FIELD_RULES,
  BANK_ACCOUNT_MESSAGES,
  isValidIban,
  isValidSwift,
  normalizeBankCode,
} from './bank-account-rules';

export { BANK_ACCOUNT_FIELD_RULES, BANK_ACCOUNT_MESSAGES, isValidIban, isValidSwift };
import { successResponseSchema } from './user';

/** Query ids arrive as strings. */
const queryId = queryIdSchema;

const bankAccountFieldsRefinement = (values: Record<string, unknown>, ctx: z.RefinementCtx): void => {
  for (const [field, ruleList] of Object.entries(BANK_ACCOUNT_FIELD_RULES)) {
    const failure = checkRules(values[field], ruleList, values);
    if (failure) ctx.addIssue({ code: 'custom', path: [field], ...failureIssue(failure) });
  }
};

const fields = bankAccountInputSchema.shape;
const bankAccountBodyShape = {
  ...fields,
  name: z.string().trim().default(''),
  bank_name: z.string().trim().default(''),
  account_number: z.string().trim().default(''),
  bik: z.string().trim().default(''),
  correspondent_account: z.string().trim().default(''),
  iban: z.string().transform(normalizeBankCode).default(''),
  swift: z.string().transform(normalizeBankCode).default(''),
};

export const bankAccountCreateBodySchema = z
  .strictObject({ tour_organizer_id: idSchema, ...bankAccountBodyShape })
  .superRefine((v, ctx) => bankAccountFieldsRefinement(v, ctx));
export const bankAccountUpdateBodySchema = z
  .strictObject({ tour_organizer_id: idSchema, id: idSchema, ...bankAccountBodyShape })
  .superRefine((v, ctx) => bankAccountFieldsRefinement(v, ctx));
export type BankAccountCreateBody = z.input<typeof bankAccountCreateBodySchema>;

/** get-list rows say which account receives payments for own requests. */
export const bankAccountListItemSchema = bankAccountSchema.extend({ is_own_request_account: z.boolean() });
export type BankAccountListItem = z.infer<typeof bankAccountListItemSchema>;

/** popup-data: the account to edit, or empty defaults (id null) for a new one, and the currencies. */
export const bankAccountPopupDataSchema = z.object({
  bank_account: bankAccountSchema.extend({ id: idSchema.nullable() }),
  currencies: z.array(currencySchema),
});
export type BankAccountPopupData = z.infer<typeof bankAccountPopupDataSchema>;
export const BANK_ACCOUNT_CURRENCIES = CURRENCIES;

export const bankAccountApi = {
  popupData: defineRoute({
    ...bankAccountRoutes.popupData,
    query: z.strictObject({ tour_organizer_id: queryId, id: queryId.optional() }),
    response: bankAccountPopupDataSchema,
  }),
  getList: defineRoute({
    ...bankAccountRoutes.getList,
    query: z.strictObject({ tour_organizer_id: queryId }),
    response: z.array(bankAccountListItemSchema),
  }),
  create: defineRoute({
    ...bankAccountRoutes.create,
    body: bankAccountCreateBodySchema,
    response: bankAccountListItemSchema,
  }),
  update: defineRoute({
    ...bankAccountRoutes.update,
    body: bankAccountUpdateBodySchema,
    response: bankAccountListItemSchema,
  }),
  delete: defineRoute({
    ...bankAccountRoutes.delete,
    body: z.strictObject({ tour_organizer_id: idSchema, id: idSchema }),
    response: successResponseSchema,
  }),
};
