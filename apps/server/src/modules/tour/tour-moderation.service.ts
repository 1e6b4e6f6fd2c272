import { OPERATOR_ACTOR, organizerChannel, type OperatorTourSiteStatus, type SiteStatus } from '@tourdesk/contract';
import type { InTransaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RealtimeHandlers } from '../realtime';
import type { ServiceContext } from '../../lib/context';
import type { TourModerationRepository } from './tour-moderation.repository';

/**
 * The marketplace operator's moderation of a tour on a partner site (`npm run admin --
 * set-tour-site-status`, operator route `/crm/api/operator/set-tour-site-status`). Publishing a
 * tour puts it on `moderation` on the organizer's connected sites (tour.repository.ts
 * submitToSites); the operator answers with published, waiting, unpublished or moderation again.
 */
export const createTourModerationService = (deps: { repo: TourModerationRepository }) => {
  const { repo } = deps;
  return {
    setTourSiteStatus: async (
      ctx: ServiceContext,
      /** reason: why it was sent back, shown to the provider on the tour (kept only while unpublished) */
      input: { tour_id: number; site_id: number; status: SiteStatus; reason?: string | null },
      /** runs in the change's transaction (the console's audit entry) */
      within?: InTransaction<{ organizerId: number }>,
    ): Promise<OperatorTourSiteStatus> => {
      const [tour, siteExists] = await Promise.all([repo.findTour(input.tour_id), repo.siteExists(input.site_id)]);
      if (!tour) throw AppError.notFound('tour_not_found');
      if (!siteExists) throw AppError.notFound('site_not_found');
      // a tour is moderated only on the sites its own organizer has a partnership with
      if (!(await repo.isConnected(tour.organizer_id, input.site_id)))
        throw AppError.validation({ site_id: ['not_connected'] }, 'not_connected');
      // the change and its domain event in one transaction; real time tells the organizer's screens
      const row = await repo.transaction(async (q, tx) => {
        const reason = input.status === 'unpublished' ? input.reason?.trim() || null : null;
        const saved = await q.upsertStatus(tour.id, input.site_id, input.status, reason);
        await q.record({
          type: 'tour.site_status_changed',
          aggregateId: tour.id,
          organizerId: tour.organizer_id,
          actor: OPERATOR_ACTOR,
          payload: { tour_id: tour.id, site_id: saved.site_id, status: saved.status as SiteStatus },
        });
        if (within) await within(tx, { organizerId: tour.organizer_id });
        return saved;
      });
      const result: OperatorTourSiteStatus = {
        tour_id: tour.id,
        organizer_id: tour.organizer_id,
        site_id: row.site_id,
        status: row.status as SiteStatus,
      };
      ctx.log.info({ operator: 'set-tour-site-status', ...result }, 'operator set a tour site status');
      return result;
    },
  };
};
export type TourModerationService = ReturnType<typeof createTourModerationService>;

/** The organizer's open screens hear one tour's moderation status on a site. */
export const tourModerationRealtime: RealtimeHandlers = {
  'tour.site_status_changed': (event, _tx, tell) =>
    /*
     * The event: SPEC §4's `site_status_changed` on the organizer's channel, the one the issue
     * names, with `tour_id` added. Not a new `tour_site_status_changed`: SPEC's event list is
     * closed; the payload is the tour kind of SiteStatusChangedPayload, and the web tells the two
     * kinds apart by `tour_id` (organizer-live-updates.ts): with it, the tour queries refetch;
     * without it (a partnership's status, partner.service.ts), the partner sites do. Listeners
     * of the partnership event read organizer_id, site_id and status, which this carries too;
     * `is_published_on_site` (a partnership's flag) is absent here.
     */
    tell(organizerChannel(event.organizerId!), 'site_status_changed', {
      organizer_id: event.organizerId!,
      tour_id: event.payload.tour_id,
      site_id: event.payload.site_id,
      status: event.payload.status,
    }),
};
