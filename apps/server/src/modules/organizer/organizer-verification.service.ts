import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import {
  OPERATOR_ACTOR,
  userActor,
  type InternalCheckStatus,
  type OperatorOrganizer,
  type VerificationAccessToken,
  type VerificationInfo,
  type VerificationStatus,
  type verificationDataBodySchema,
} from '@tourdesk/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { InTransaction } from '../../db/client';
import type { OrganizerPatch, OrganizerRow } from './organizer.repository';
import type { OrganizerPartDeps } from './organizer-kit';

type VerificationDataBody = z.output<typeof verificationDataBodySchema>;

export const VERIFICATION_TOKEN_TTL_S = 600;

/**
 * The organizer's checks: its verification state, the verification widget's token and the data it
 * sends, and the marketplace operator's list and verdicts.
 */
export const createOrganizerVerification = (deps: OrganizerPartDeps) => {
  const { repo } = deps;
  const { assertMember } = deps.tenancy;
  const { load, verificationOf, requisitesChanged } = deps.kit;
  const verificationKey = crypto.createHmac('sha256', deps.tokenSecret).update('verification-widget').digest();

  return {
    verificationInfo: async (userId: number, id: number): Promise<VerificationInfo> =>
      verificationOf(await load(userId, id)),
    verificationAccessToken: async (userId: number, orgId: number): Promise<VerificationAccessToken> => {
      await load(userId, orgId, 'organizer.write');
      const token = await new SignJWT({ org: orgId, typ: 'verification' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + VERIFICATION_TOKEN_TTL_S)
        .sign(verificationKey);
      return { token, expires_in: VERIFICATION_TOKEN_TTL_S };
    },

    verificationData: async (userId: number, body: VerificationDataBody): Promise<VerificationInfo> => {
      await assertMember(userId, body.orgId, 'organizer.write');
      let isTokenValid = false;
      try {
        const { payload } = await jwtVerify(body.access_token, verificationKey, { algorithms: ['HS256'] });
        isTokenValid = payload.typ === 'verification' && payload.org === body.orgId && payload.sub === String(userId);
      } catch {
        isTokenValid = false;
      }
      if (!isTokenValid) throw AppError.validation({ access_token: ['verification_token_invalid'] });
      const row = await repo.transaction(async (r) => {
        const current = await r.findByIdForUpdate(body.orgId);
        if (!current) throw AppError.notFound('organizer_not_found');
        if (current.verification_status === 'in_progress')
          throw new AppError('bad_request', { message: 'verification_in_progress' });
        if (current.verification_status === 'success')
          throw new AppError('bad_request', { message: 'verification_passed' });
        const attach: number[] = [];
        if (body.document_file_id) {
          const file = await r.findFile(body.document_file_id);
          const isOwn =
            file && (file.organizer_id === null ? file.user_id === userId : file.organizer_id === body.orgId);
          if (!isOwn) throw AppError.validation({ document_file_id: ['file_not_usable'] });
          if (file.organizer_id === null) attach.push(file.id);
        }
        for (const id of attach) await r.attachFile(id, body.orgId);
        const updated = (await r.update(body.orgId, {
          verification_status: 'in_progress',
          profile: {
            ...current.profile,
            verification_submission: {
              full_name: body.full_name,
              document_type: body.document_type,
              document_number: body.document_number,
              document_file_id: body.document_file_id ?? null,
              submitted_by: userId,
              submitted_at: new Date().toISOString(),
            },
          },
        }))!;
        await requisitesChanged(r, updated, userActor(userId));
        return updated;
      });
      return verificationOf(row);
    },

    // ─── Operator ────────────────────────────────────────────────────────────
    operatorList: async (): Promise<OperatorOrganizer[]> =>
      (await repo.listAll()).map((o) => ({
        id: o.id,
        name: o.name,
        internal_check_status: o.internal_check_status as InternalCheckStatus,
        verification_status: o.verification_status as VerificationStatus,
        commission_percent: Number(o.commission_percent),
        members: o.members.filter(Boolean),
      })),

    operatorSetVerification: async (
      input: {
        organizer_id: number;
        internal_check_status?: InternalCheckStatus;
        verification_status?: VerificationStatus;
        commission_percent?: number;
        /** why it is rejected (the console's reason): kept while verification is failed */
        reason?: string | null;
      },
      /** runs in the change's transaction (the console's audit entry), with the row before and after */
      within?: InTransaction<{ before: OrganizerRow; after: OrganizerRow }>,
    ): Promise<OperatorOrganizer> => {
      const patch: OrganizerPatch = {};
      if (input.internal_check_status) patch.internal_check_status = input.internal_check_status;
      if (input.verification_status) {
        patch.verification_status = input.verification_status;
        patch.verification_reason = input.verification_status === 'failed' ? input.reason?.trim() || null : null;
      }
      if (input.commission_percent !== undefined) patch.commission_percent = String(input.commission_percent);
      const row = await repo.transaction(async (r, tx) => {
        const before = within ? await r.findByIdForUpdate(input.organizer_id) : undefined;
        const updated = await r.update(input.organizer_id, patch);
        if (updated) await requisitesChanged(r, updated, OPERATOR_ACTOR);
        if (updated && before && within) await within(tx, { before, after: updated });
        return updated;
      });
      if (!row) throw AppError.notFound('organizer_not_found');
      const [listed] = (await repo.listAll()).filter((o) => o.id === row.id);
      return {
        id: row.id,
        name: row.name,
        internal_check_status: row.internal_check_status as InternalCheckStatus,
        verification_status: row.verification_status as VerificationStatus,
        commission_percent: Number(row.commission_percent),
        members: (listed?.members ?? []).filter(Boolean),
      };
    },
  };
};
