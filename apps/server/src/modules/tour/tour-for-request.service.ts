import type { ScheduleType, TourForRequest, TourStatus, TourType } from '@tourdesk/contract';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { TourForRequestRepository } from './tour-for-request.repository';

/**
 * The tours a booking request is made for (SPEC §7 tour/list-for-request*). A request made by
 * hand (own type) may be for a published tour or a draft one (a private group, a tour not on sale
 * yet), never an archived one. `list-for-request` (request_id) comes with the bookings issue.
 */
export const createTourForRequestService = (deps: { repo: TourForRequestRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;
  return {
    listWithOwnType: async (ctx: ServiceContext, organizerId: number): Promise<{ items: TourForRequest[] }> => {
      await tenancy.assertMember(ctx.userId, organizerId);
      const rows = await repo.bookable(organizerId);
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          type: r.type as TourType,
          schedule_type: r.schedule_type as ScheduleType,
          status: r.status as TourStatus,
          currency: r.currency as TourForRequest['currency'],
          price: r.price === null ? null : Number(r.price),
        })),
      };
    },
  };
};
export type TourForRequestService = ReturnType<typeof createTourForRequestService>;
