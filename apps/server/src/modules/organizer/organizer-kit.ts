import {
  type Capability,
  isVerificationFailed,
  organizerSchema,
  type DomainActor,
  type InternalCheckStatus,
  type Organizer,
  type VerificationInfo,
  type VerificationNextStep,
  type VerificationStatus,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { Tenancy } from '../../lib/tenancy';
import type { OrganizerQueries, OrganizerRepository, OrganizerRow } from './organizer.repository';

export interface OrganizerServiceDeps {
  repo: OrganizerRepository;
  tenancy: Tenancy;
  fileUrl: (fileId: number | null) => string | null;
  /** the JWT secret; the verification-widget key is derived from it so the tokens never mix */
  tokenSecret: Uint8Array;
  /** adds a user's live sockets to a channel (the realtime plugin's addUserTo) */
  addUserToChannel?: (userId: number, channel: string) => void;
}

const nextStep = (internal: InternalCheckStatus, verification: VerificationStatus): VerificationNextStep => {
  if (internal === 'failed') return 'contact_support';
  if (verification === 'not_performed') return 'submit_verification_data';
  if (verification === 'failed') return 'resubmit_verification_data';
  if (verification === 'in_progress') return 'wait_for_verification';
  if (internal !== 'success') return 'wait_for_internal_check';
  return 'none';
};

/** What the organizer service's parts share: the organizer to its members, its DTO, its checks' state and event. */
export const createOrganizerKit = (deps: OrganizerServiceDeps) => {
  const { repo, fileUrl } = deps;
  const { assertMember } = deps.tenancy;

  /** The organizer to its members; with a capability, to the roles that have it (none: every member may read it). */
  const load = async (userId: number, organizerId: number, capability?: Capability): Promise<OrganizerRow> => {
    await assertMember(userId, organizerId, capability);
    const row = await repo.findById(organizerId);
    if (!row) throw AppError.notFound('organizer_not_found');
    return row;
  };
  const image = (id: unknown) => (typeof id === 'number' ? { id, url: fileUrl(id) ?? '', alt: '' } : null);

  const toOrganizer = (row: OrganizerRow): Organizer => {
    const p = row.profile;
    return organizerSchema.parse({
      ...p,
      id: row.id,
      name: row.name,
      logo: fileUrl(row.logo_file_id),
      sign_image: image(p.sign_image_id),
      stamp_image: image(p.stamp_image_id),
      own_request_bank_account_id: row.own_request_bank_account_id,
      is_internal_check_success: row.internal_check_status === 'success',
      internal_check_status: row.internal_check_status,
      verification_status: row.verification_status,
      created_at: row.created_at.toISOString(),
    });
  };
  const verificationOf = (row: OrganizerRow): VerificationInfo => {
    const internal = row.internal_check_status as InternalCheckStatus;
    const verification = row.verification_status as VerificationStatus;
    return {
      internal_check_status: internal,
      verification_status: verification,
      is_verification_failed: isVerificationFailed(verification),
      next_step: nextStep(internal, verification),
      reason: verification === 'failed' ? (row.verification_reason ?? null) : null,
    };
  };
  /** The organizer's requisites or checks changed: a domain event of the transaction `r` writes in. */
  const requisitesChanged = (r: OrganizerQueries, row: OrganizerRow, actor: DomainActor): Promise<number> =>
    r.record({
      type: 'organizer.requisites_changed',
      aggregateId: row.id,
      organizerId: row.id,
      actor,
      payload: {
        internal_check_status: row.internal_check_status as InternalCheckStatus,
        verification_status: row.verification_status as VerificationStatus,
      },
    });

  return { load, image, toOrganizer, verificationOf, requisitesChanged };
};
export type OrganizerKit = ReturnType<typeof createOrganizerKit>;

/** What each part of the organizer service is made of. */
export type OrganizerPartDeps = OrganizerServiceDeps & { kit: OrganizerKit };
