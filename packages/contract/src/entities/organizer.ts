import { z } from 'zod';

/** What the organizer switcher and guards need: GET /crm/api/organizer/list. */
export const organizerSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  is_internal_check_success: z.boolean(),
});
export type OrganizerSummary = z.infer<typeof organizerSummarySchema>;
