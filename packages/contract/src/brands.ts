import { z } from 'zod';
import { BRAND_IDS } from './brand-values';

export * from './brand-values';
/** BRAND_ID of the environment: one of BRAND_IDS. */
export const brandIdSchema = z.coerce.number().int().min(1).max(BRAND_IDS.length);
