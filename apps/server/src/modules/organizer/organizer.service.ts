import type { OrganizerSummary } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { OrganizerRepository } from './organizer.repository';

export const createOrganizerService = (deps: { repo: OrganizerRepository; fileUrl: (fileId: number | null) => string | null }) => {
  const { repo, fileUrl } = deps;
  return {
    list: async (userId: number): Promise<OrganizerSummary[]> =>
      (await repo.listForUser(userId)).map((o) => ({
        id: o.id,
        name: o.name,
        logo: fileUrl(o.logo_file_id),
        is_internal_check_success: o.internal_check_status === 'success',
      })),
    /** Tenancy, checked once per organizer-scoped call: another tenant's organizer is simply not found. */
    assertMember: async (userId: number, organizerId: number): Promise<void> => {
      if (!(await repo.isMember(userId, organizerId))) throw AppError.notFound('Organizer not found');
    },
  };
};
export type OrganizerService = ReturnType<typeof createOrganizerService>;
