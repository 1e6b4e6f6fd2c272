import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizerMembers, organizers } from '../../db/schema/index';

export const createOrganizerRepository = (db: Db) => ({
  listForUser: (userId: number) =>
    db
      .select({
        id: organizers.id,
        name: organizers.name,
        logo_file_id: organizers.logo_file_id,
        internal_check_status: organizers.internal_check_status,
      })
      .from(organizers)
      .innerJoin(organizerMembers, eq(organizerMembers.organizer_id, organizers.id))
      .where(eq(organizerMembers.user_id, userId))
      .orderBy(asc(organizers.id)),
  isMember: async (userId: number, organizerId: number): Promise<boolean> =>
    (
      await db
        .select({ id: organizerMembers.organizer_id })
        .from(organizerMembers)
        .where(and(eq(organizerMembers.user_id, userId), eq(organizerMembers.organizer_id, organizerId)))
        .limit(1)
    ).length === 1,
});
export type OrganizerRepository = ReturnType<typeof createOrganizerRepository>;
