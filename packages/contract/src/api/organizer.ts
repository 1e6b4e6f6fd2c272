import { z } from 'zod';
import { defineRoute } from '../route';
import { organizerSummarySchema } from '../entities/organizer';

export const organizerApi = {
  list: defineRoute({ method: 'GET', path: '/crm/api/organizer/list', response: z.array(organizerSummarySchema) }),
};
