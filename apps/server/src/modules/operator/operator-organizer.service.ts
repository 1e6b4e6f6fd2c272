import {
  verificationDocumentPath,
  type AuditAction,
  type InternalCheckStatus,
  type Language,
  type OrganizerCard,
  type SiteStatus,
  type VerificationStatus,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Services } from '../../lib/modules';
import type { OperatorActor } from './operator-auth.service';
import { writeAudit, type OperatorRepository } from './operator.repository';
import type { CardRepository } from './operator-card.repository';
import type { SiteRenderer } from '../../lib/site-renderer';

/** The document types shown in the operator's browser as they are; the rest is served as bytes to save. */
const DOCUMENT_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

/** What the provider sent for verification (organizers.profile.verification_submission). */
export interface Submission {
  full_name?: string;
  document_type?: string;
  document_number?: string;
  document_file_id?: number | null;
  submitted_at?: string;
}
export const submissionOf = (profile: unknown): Submission =>
  ((profile as { verification_submission?: Submission } | null)?.verification_submission ?? {}) as Submission;

/**
 * What an operator reads of one organizer (issue 30): the submitted verification document and
 * the organizer's card. Both are reads, and each is written to the audit log before it is served
 * (who read what, when, from where).
 */
export const createOperatorOrganizerService = (deps: {
  cards: CardRepository;
  repo: OperatorRepository;
  services: Pick<Services, 'uploads' | 'sitePublic'>;
  renderer: () => Promise<SiteRenderer>;
}) => {
  const { cards, repo, services } = deps;
  const logRead = (
    tx: Db,
    ctx: Pick<ServiceContext, 'ip'>,
    actor: OperatorActor,
    action: 'organizer.document_viewed' | 'organizer.viewed',
    organizerId: number,
    after: Record<string, unknown> | null,
  ) =>
    writeAudit(tx, {
      operator_id: actor.id,
      operator_name: actor.name,
      action,
      object_type: 'organizer',
      object_id: String(organizerId),
      before: null,
      after,
      ip: ctx.ip,
    });

  /** The profile's own text fields, as the provider filled them (the submission is shown apart). */
  const detailsOf = (profile: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(profile).filter(
        (e): e is [string, string] => e[0] !== 'verification_submission' && typeof e[1] === 'string' && e[1] !== '',
      ),
    );

  return {
    /** The organizer's card, read-only; the view is written to the audit log first. */
    card: async (
      ctx: Pick<ServiceContext, 'ip'>,
      actor: OperatorActor,
      organizerId: number,
    ): Promise<OrganizerCard> => {
      const o = await cards.organizer(organizerId);
      if (!o) throw AppError.notFound('organizer_not_found');
      await repo.transaction((tx) => logRead(tx, ctx, actor, 'organizer.viewed', organizerId, null));
      const [sites, history, tours, requests, chats] = [
        await cards.sites(organizerId),
        await cards.verificationHistory(organizerId),
        await cards.tours(organizerId),
        await cards.requests(organizerId),
        await cards.chats(organizerId),
      ];
      const s = submissionOf(o.profile);
      const hasSubmission = Boolean(s.full_name || s.document_number || s.document_file_id || s.submitted_at);
      return {
        organizer: {
          id: o.id,
          name: o.name,
          created_at: o.created_at.toISOString(),
          verification_status: o.verification_status as VerificationStatus,
          internal_check_status: o.internal_check_status as InternalCheckStatus,
          verification_reason: o.verification_reason,
          commission_percent: Number(o.commission_percent),
          details: detailsOf(o.profile),
          sites: sites.map((x) => ({ ...x, status: x.status as SiteStatus })),
        },
        submission: hasSubmission
          ? {
              full_name: s.full_name ?? '',
              document_type: s.document_type ?? '',
              document_number: s.document_number ?? '',
              submitted_at: s.submitted_at ?? null,
              document_url: s.document_file_id ? verificationDocumentPath(o.id) : null,
            }
          : null,
        verification_history: history.map((h) => ({
          action: h.action as AuditAction,
          operator_name: h.operator_name,
          reason: h.reason,
          created_at: h.created_at.toISOString(),
        })),
        tours: tours.map((t) => ({
          ...t,
          sites: (t.sites ?? []).map((x) => ({ site_id: x.site_id, status: x.status as SiteStatus })),
        })),
        requests: requests.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
        chats: chats.map((c) => ({
          id: c.id,
          kind: c.kind as 'tourist' | 'support',
          title: c.kind === 'support' ? (c.site_name ?? '') : c.traveller_name,
          is_frozen: c.is_frozen,
          last_text: (c.last_text ?? '').slice(0, 200),
          updated_at: c.updated_at.toISOString(),
        })),
      };
    },

    /** The organizer's submitted document, its bytes; 404 when there is none (or no such organizer). */
    verificationDocument: async (ctx: Pick<ServiceContext, 'ip'>, actor: OperatorActor, organizerId: number) => {
      const organizer = await cards.organizer(organizerId);
      if (!organizer) throw AppError.notFound('organizer_not_found');
      const fileId = submissionOf(organizer.profile).document_file_id ?? null;
      const file = fileId ? await services.uploads.find(fileId) : null;
      if (!file || file.organizer_id !== organizerId) throw AppError.notFound('document_not_found');
      const loaded = await services.uploads.load(file, undefined);
      if (!loaded) throw AppError.notFound('document_not_found');
      await repo.transaction((tx) =>
        logRead(tx, ctx, actor, 'organizer.document_viewed', organizerId, { file_id: file.id, name: loaded.name }),
      );
      // a PDF or a photo opens in the operator's tab (served sandboxed, never sniffed); anything else downloads
      return { ...loaded, mime: DOCUMENT_TYPES.has(file.mime) ? file.mime : 'application/octet-stream' };
    },

    /**
     * A tour as its page on the organizer's site shows it, whatever the tour's status (the tour
     * queue's preview): the site renderer's HTML, without the hydration script.
     */
    tourPreview: async (tourId: number, lang: Language): Promise<string> => {
      const organizerId = await cards.tourOrganizer(tourId);
      if (organizerId === null) throw AppError.notFound('tour_not_found');
      const { org, tour, page } = await services.sitePublic.tourPreview(organizerId, tourId, lang);
      const renderer = await deps.renderer();
      return renderer.renderSiteDocument({
        lang,
        langParam: null,
        org,
        tours: [],
        tour,
        schedule: null,
        base: '',
        view: { kind: 'page', page },
        metadata: {
          title: `${tour.name} — ${org.name}`,
          description: '',
          canonical: '',
          image: null,
          alternates: [],
          json_ld: [],
        },
        assets: { css: renderer.assets.css, js: '' },
      });
    },
  };
};
export type OperatorOrganizerService = ReturnType<typeof createOperatorOrganizerService>;
