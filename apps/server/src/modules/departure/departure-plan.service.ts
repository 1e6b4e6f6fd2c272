import {
  userActor,
  type CalendarDeparture,
  type DepartureGuide,
  type DepartureGuidesResponse,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { recordEvent } from '../../lib/domain-events';
import type { Tenancy } from '../../lib/tenancy';
import type {
  CalendarFilter,
  DepartureDates,
  DeparturePlanQueries,
  DeparturePlanRepository,
} from './departure-plan.repository';

const notFound = (): AppError => AppError.notFound('tour_date_not_found');

/**
 * Departures across tours (issue 29): who runs each (guides per departure, with a warning when a
 * guide is on another departure at the same time) and the calendar. A departure-scoped member
 * (a guide) reaches only the departures it is assigned to; any other is not found.
 */
export const createDeparturePlanService = (deps: { repo: DeparturePlanRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;

  /** The member's departure: 404 for another organizer's, or one out of a guide's reach. */
  const reachable = async (
    ctx: ServiceContext,
    organizerId: number,
    tourDateId: number,
    capability: 'departures.read' | 'departures.write',
  ): Promise<DepartureDates> => {
    const role = await tenancy.assertMember(ctx.userId, organizerId, capability);
    const d = await repo.departure(organizerId, tourDateId);
    if (!d) throw notFound();
    if (
      tenancy.isDepartureScoped(role) &&
      !(await tenancy.assignedDepartureIds(ctx.userId, organizerId)).includes(d.id)
    )
      throw notFound();
    return d;
  };

  const answer = async (q: DeparturePlanQueries, d: DepartureDates): Promise<DepartureGuidesResponse> => {
    const guides = (await q.guidesOf([d.id])).get(d.id) ?? [];
    return {
      tour_date_id: d.id,
      guides,
      conflicts: await q.conflicts(
        d,
        guides.map((g) => g.id),
      ),
    };
  };

  return {
    guides: async (ctx: ServiceContext, organizerId: number, tourDateId: number): Promise<DepartureGuidesResponse> =>
      answer(repo, await reachable(ctx, organizerId, tourDateId, 'departures.read')),

    /** Sets the departure's guides; a guide not the organizer's is a 422 on guide_ids. */
    setGuides: async (
      ctx: ServiceContext,
      organizerId: number,
      tourDateId: number,
      guideIds: number[],
    ): Promise<DepartureGuidesResponse> => {
      const d = await reachable(ctx, organizerId, tourDateId, 'departures.write');
      const ids = [...new Set(guideIds)];
      const own = new Set(await repo.ownGuideIds(organizerId, ids));
      const foreign = ids.findIndex((id) => !own.has(id));
      if (foreign >= 0)
        throw AppError.validation({ [`guide_ids.${guideIds.indexOf(ids[foreign]!)}`]: ['guide_not_found'] });
      return repo.transaction(async (q, tx) => {
        await q.setGuides(d.id, ids);
        await recordEvent(tx, {
          type: 'departure.changed',
          aggregateId: d.id,
          organizerId,
          actor: userActor(ctx.userId),
          payload: { tour_date_id: d.id, change: 'guides' },
        });
        return answer(q, d);
      });
    },

    /** Every departure overlapping from … to, with its seats and guides (a guide: its own only). */
    calendar: async (
      ctx: ServiceContext,
      organizerId: number,
      filter: CalendarFilter,
    ): Promise<{ items: CalendarDeparture[] }> => {
      const role = await tenancy.assertMember(ctx.userId, organizerId, 'departures.read');
      // a filter naming another organizer's tour or guide (or none) is not found
      if (filter.tourId && !(await repo.isOwnTour(organizerId, filter.tourId)))
        throw AppError.notFound('tour_not_found');
      if (filter.guideId && !(await repo.guide(organizerId, filter.guideId)))
        throw AppError.notFound('guide_not_found');
      const onlyIds = tenancy.isDepartureScoped(role)
        ? await tenancy.assignedDepartureIds(ctx.userId, organizerId)
        : undefined;
      const rows = await repo.calendar(organizerId, { ...filter, onlyIds });
      const guides = await repo.guidesOf(rows.map((r) => r.tour_date_id));
      return { items: rows.map((r) => ({ ...r, guides: guides.get(r.tour_date_id) ?? [] })) };
    },

    /** Links a guide to one of the organizer's members (each member is at most one guide). */
    linkGuideUser: async (
      ctx: ServiceContext,
      organizerId: number,
      guideId: number,
      userId: number | null,
    ): Promise<DepartureGuide> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.write');
      if (!(await repo.guide(organizerId, guideId))) throw AppError.notFound('guide_not_found');
      if (userId !== null) {
        if (!(await tenancy.isMember(userId, organizerId))) throw AppError.validation({ user_id: ['incorrect_value'] });
        if (await repo.guideOfUser(organizerId, userId, guideId))
          throw AppError.validation({ user_id: ['guide_user_taken'] });
      }
      await repo.linkGuideUser(organizerId, guideId, userId);
      return (await repo.guide(organizerId, guideId))!;
    },
  };
};
export type DeparturePlanService = ReturnType<typeof createDeparturePlanService>;
