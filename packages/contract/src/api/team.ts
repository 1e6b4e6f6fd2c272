import { z } from 'zod';
import { defineRoute } from '../route';
import { idSchema, queryIdSchema } from '../entities/common';
import { MEMBER_ROLES } from '../team-values';
import { successResponseSchema } from './user';
import { teamRoutes } from './team-routes';

/** One member of an organizer's team: who, with which role, since when. */
export const teamMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  joined_at: z.string(),
  /** the caller */
  is_me: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The owner's team screen (issue 29): members, a role changed, a member removed. Owner only (`members`). */
export const teamApi = {
  members: defineRoute({
    ...teamRoutes.members,
    query: z.strictObject({ organizer_id: queryIdSchema }),
    response: z.object({ items: z.array(teamMemberSchema) }),
  }),
  changeRole: defineRoute({
    ...teamRoutes.changeRole,
    body: z.strictObject({ organizer_id: idSchema, user_id: idSchema, role: z.enum(MEMBER_ROLES) }),
    response: teamMemberSchema,
  }),
  remove: defineRoute({
    ...teamRoutes.remove,
    body: z.strictObject({ organizer_id: idSchema, user_id: idSchema }),
    response: successResponseSchema,
  }),
};
