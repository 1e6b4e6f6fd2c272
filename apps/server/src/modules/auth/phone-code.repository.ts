import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizerMembers, organizers } from '../../db/schema/index';

export const createPhoneCodeRepository = (db: Db) => ({
  /** The organizer's profile when the user is a member of it; undefined otherwise (another tenant's id). */
  findMemberOrganizer: async (organizerId: number, userId: number) =>
    (
      await db
        .select({ id: organizers.id, profile: organizers.profile })
        .from(organizers)
        .innerJoin(organizerMembers, eq(organizerMembers.organizer_id, organizers.id))
        .where(and(eq(organizers.id, organizerId), eq(organizerMembers.user_id, userId)))
        .limit(1)
    )[0],
});
export type PhoneCodeRepository = ReturnType<typeof createPhoneCodeRepository>;
