import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants';
import { rules, zodRules } from './validation';

// Schemas live here, not in validation.ts: validation.ts stays free of zod at run time so the
// web's forms can use its rules without shipping zod (apps/web/src/zod-free.test.ts).

/** zod field schemas carrying the SPEC messages, for API bodies. */
export const emailFieldSchema = z
  .string()
  .trim()
  .max(254)
  .superRefine(zodRules([rules.required(), rules.email()]));
export const phoneFieldSchema = z
  .string()
  .trim()
  .max(32)
  .superRefine(zodRules([rules.phone()]));
export const passwordFieldSchema = z
  .string()
  .max(1024)
  .superRefine(zodRules([rules.required(), rules.minLength(MIN_PASSWORD_LENGTH)]));
