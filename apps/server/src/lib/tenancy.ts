import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizerMembers } from '../db/schema/index';
import { AppError } from './app-error';

/**
 * Tenancy: an organizer's data is its members' only. Every organizer-scoped service checks it
 * here, once per call, so no domain depends on the organizer module for it. To anyone else
 * another tenant's organizer does not exist: 404, the same as an id that was never made.
 */
export const createTenancy = (db: Db) => {
  const isMember = async (userId: number, organizerId: number): Promise<boolean> =>
    (
      await db
        .select({ id: organizerMembers.organizer_id })
        .from(organizerMembers)
        .where(and(eq(organizerMembers.user_id, userId), eq(organizerMembers.organizer_id, organizerId)))
        .limit(1)
    ).length === 1;

  return {
    isMember,
    /** 404 `organizer_not_found` unless the user is a member of the organizer. */
    assertMember: async (userId: number, organizerId: number): Promise<void> => {
      if (!(await isMember(userId, organizerId))) throw AppError.notFound('organizer_not_found');
    },
  };
};
export type Tenancy = ReturnType<typeof createTenancy>;
