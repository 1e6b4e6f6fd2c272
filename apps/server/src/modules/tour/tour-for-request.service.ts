import type { ScheduleType, TourForRequest, TourStatus, TourType } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { TourForRequestRepository } from './tour-for-request.repository';

/**
 * The tours a booking request is made for (SPEC §7 tour/list-for-request*). A request made by
 * hand (own type) may be for a published tour or a draft one (a private group, a tour not on sale
 * yet), never an archived one. `list-for-request` gives the same tours for a request.
 */
export const createTourForRequestService = (deps: { repo: TourForRequestRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;
  const bookable = async (organizerId: number): Promise<{ items: TourForRequest[] }> => {
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
  };
  return {
    listWithOwnType: async (ctx: ServiceContext, organizerId: number): Promise<{ items: TourForRequest[] }> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'bookings.write');
      return bookable(organizerId);
    },
    /** The same tours, for a request: its organizer's (404 'Request not found' to anyone else). */
    listForRequest: async (ctx: ServiceContext, requestId: number): Promise<{ items: TourForRequest[] }> => {
      const organizerId = await repo.requestOrganizer(requestId);
      if (organizerId === null || !(await tenancy.reaches(ctx.userId, organizerId, 'bookings.write')))
        throw AppError.notFound('request_not_found');
      return bookable(organizerId);
    },
  };
};
export type TourForRequestService = ReturnType<typeof createTourForRequestService>;
