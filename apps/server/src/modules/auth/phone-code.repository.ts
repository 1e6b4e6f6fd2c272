import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizers } from '../../db/schema/index';

export const createPhoneCodeRepository = (db: Db) => ({
  /** The organizer's profile; undefined when there is no such organizer. */
  findOrganizer: async (organizerId: number) =>
    (
      await db
        .select({ id: organizers.id, profile: organizers.profile })
        .from(organizers)
        .where(eq(organizers.id, organizerId))
        .limit(1)
    )[0],
});
export type PhoneCodeRepository = ReturnType<typeof createPhoneCodeRepository>;
