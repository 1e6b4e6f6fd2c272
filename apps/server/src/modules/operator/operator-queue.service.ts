import {
  verificationDocumentPath,
  type AuditAction,
  type AuditEntry,
  type AuditObjectType,
  type InternalCheckStatus,
  type PartnershipQueueItem,
  type QueueCounts,
  type SiteStatus,
  type TourQueueItem,
  type VerificationQueueItem,
  type VerificationStatus,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Services } from '../../lib/modules';
import { htmlToText } from '../tour/index';
import type { OperatorActor } from './operator-auth.service';
import { writeAudit, type OperatorRepository, type QueueRepository } from './operator.repository';
import { submissionOf } from './operator-organizer.service';

/**
 * The moderation queues (organizers awaiting verification, partnership requests, tours awaiting
 * moderation) and the decisions on them. Decisions go through the same services the admin
 * command calls (organizers.operatorSetVerification, partners.operatorSetSiteStatus,
 * tourModeration.setTourSiteStatus), so the provider's open CRM hears each change as it does
 * today; the audit entry is written inside their transaction.
 */
export const createOperatorQueueService = (deps: {
  queues: QueueRepository;
  repo: OperatorRepository;
  services: Pick<Services, 'organizers' | 'partners' | 'tourModeration'>;
}) => {
  const { queues, repo, services } = deps;

  const audit =
    (
      ctx: Pick<ServiceContext, 'ip'>,
      actor: OperatorActor,
      entry: { action: AuditAction; objectType: AuditObjectType; objectId: string; reason?: string },
    ) =>
    (tx: Db, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
      writeAudit(tx, {
        operator_id: actor.id,
        operator_name: actor.name,
        action: entry.action,
        object_type: entry.objectType,
        object_id: entry.objectId,
        before,
        after,
        reason: entry.reason || null,
        ip: ctx.ip,
      });

  /** A queue filtered by a site that does not exist is a 404, like any unknown id. */
  const known = async (siteId: number | undefined): Promise<number | undefined> => {
    if (siteId !== undefined && !(await queues.siteExists(siteId))) throw AppError.notFound('site_not_found');
    return siteId;
  };

  /** A rejection or a send-back names its reason: the provider reads it. */
  const reasonOf = (isNegative: boolean, reason: string | undefined): string | undefined => {
    const text = reason?.trim();
    if (isNegative && !text) throw AppError.validation({ reason: ['reason_required'] });
    return text || undefined;
  };

  return {
    counts: async (siteId?: number): Promise<QueueCounts> => queues.counts(await known(siteId)),

    verification: async (siteId?: number): Promise<VerificationQueueItem[]> =>
      (await queues.verification(await known(siteId))).map(({ organizer: o, site_ids }) => {
        const s = submissionOf(o.profile);
        return {
          organizer_id: o.id,
          name: o.name,
          internal_check_status: o.internal_check_status as InternalCheckStatus,
          verification_status: o.verification_status as VerificationStatus,
          full_name: s.full_name ?? '',
          document_type: s.document_type ?? '',
          document_number: s.document_number ?? '',
          // the console's own link (the operator's header): /files/:id is for the organizer's members
          document_url: s.document_file_id ? verificationDocumentPath(o.id) : null,
          submitted_at: s.submitted_at ?? o.updated_at.toISOString(),
          site_ids: site_ids ?? [],
        };
      }),

    decideVerification: async (
      ctx: ServiceContext,
      actor: OperatorActor,
      input: { organizer_id: number; decision: 'approve' | 'reject'; reason?: string },
    ) => {
      const isApproved = input.decision === 'approve';
      const reason = reasonOf(!isApproved, input.reason);
      const status = isApproved ? 'success' : 'failed';
      const write = audit(ctx, actor, {
        action: isApproved ? 'verification.approve' : 'verification.reject',
        objectType: 'organizer',
        objectId: String(input.organizer_id),
        reason,
      });
      const result = await services.organizers.operatorSetVerification(
        { organizer_id: input.organizer_id, verification_status: status, internal_check_status: status, reason },
        async (tx, { before, after }) => {
          if (before.verification_status !== 'in_progress')
            throw new AppError('bad_request', { message: 'queue_item_gone' });
          await write(
            tx,
            { verification_status: before.verification_status, internal_check_status: before.internal_check_status },
            { verification_status: after.verification_status, internal_check_status: after.internal_check_status },
          );
        },
      );
      return {
        organizer_id: result.id,
        internal_check_status: result.internal_check_status,
        verification_status: result.verification_status,
      };
    },

    partnerships: async (siteId?: number): Promise<PartnershipQueueItem[]> =>
      (await queues.partnerships(await known(siteId))).map((p) => ({
        ...p,
        status: p.status as SiteStatus,
        signed_at: p.signed_at.toISOString(),
      })),

    decidePartnership: async (
      ctx: ServiceContext,
      actor: OperatorActor,
      input: { organizer_id: number; site_id: number; status: 'published' | 'unpublished'; reason?: string },
    ) => {
      const reason = reasonOf(input.status === 'unpublished', input.reason);
      const current = await queues.findPartnership(input.organizer_id, input.site_id);
      if (!current) throw AppError.notFound('partnership_not_found');
      const write = audit(ctx, actor, {
        action: input.status === 'published' ? 'partnership.publish' : 'partnership.unpublish',
        objectType: 'partnership',
        objectId: `${input.organizer_id}:${input.site_id}`,
        reason,
      });
      const result = await services.partners.operatorSetSiteStatus(
        input.organizer_id,
        input.site_id,
        input.status,
        (tx, { after }) => write(tx, { status: current.status }, { status: after.status }),
      );
      return { organizer_id: input.organizer_id, site_id: input.site_id, status: result.status as SiteStatus };
    },

    tours: async (siteId?: number): Promise<TourQueueItem[]> =>
      (await queues.tours(await known(siteId))).map((t) => ({
        ...t,
        // the tour's description is the editor's HTML: the queue reads its text
        description: htmlToText(t.description).trim(),
        days: t.days ?? 0,
        status: t.status as SiteStatus,
        waiting_since: t.waiting_since.toISOString(),
      })),

    decideTour: async (
      ctx: ServiceContext,
      actor: OperatorActor,
      input: { tour_id: number; site_id: number; decision: 'publish' | 'send_back'; reason?: string },
    ) => {
      const isPublished = input.decision === 'publish';
      const reason = reasonOf(!isPublished, input.reason);
      const current = await queues.findTourStatus(input.tour_id, input.site_id);
      const status: SiteStatus = isPublished ? 'published' : 'unpublished';
      const write = audit(ctx, actor, {
        action: isPublished ? 'tour.publish' : 'tour.send_back',
        objectType: 'tour',
        objectId: String(input.tour_id),
        reason,
      });
      const result = await services.tourModeration.setTourSiteStatus(
        ctx,
        { tour_id: input.tour_id, site_id: input.site_id, status, reason: reason ?? null },
        (tx) =>
          write(tx, { site_id: input.site_id, status: current?.status ?? null }, { site_id: input.site_id, status }),
      );
      return { tour_id: result.tour_id, site_id: result.site_id, status: result.status };
    },

    sites: () => queues.sites(),

    auditLog: async (filter: {
      operator_id?: number;
      action?: AuditAction;
      object_type?: AuditObjectType;
      limit?: number;
    }): Promise<AuditEntry[]> => {
      if (filter.operator_id !== undefined && !(await repo.findById(filter.operator_id)))
        throw AppError.notFound('operator_not_found');
      return (
        await repo.listAudit({
          operatorId: filter.operator_id,
          action: filter.action,
          objectType: filter.object_type,
          limit: filter.limit ?? 100,
        })
      ).map((a) => ({
        id: a.id,
        operator_id: a.operator_id,
        operator_name: a.operator_name,
        action: a.action as AuditAction,
        object_type: a.object_type as AuditObjectType,
        object_id: a.object_id,
        before: a.before ?? null,
        after: a.after ?? null,
        reason: a.reason,
        ip: a.ip,
        created_at: a.created_at.toISOString(),
      }));
    },
  };
};
export type OperatorQueueService = ReturnType<typeof createOperatorQueueService>;
