import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { DepartureDates } from './departure-plan.repository';

/**
 * The member's departure for a change (cancel, message; issue 29): `departures.write` (a guide
 * cannot: 403 member_role_forbidden), and the organizer's own departure (else 404).
 */
export const writableDeparture = async (
  deps: {
    tenancy: Tenancy;
    departure: (organizerId: number, tourDateId: number) => Promise<DepartureDates | undefined>;
  },
  ctx: ServiceContext,
  organizerId: number,
  tourDateId: number,
): Promise<DepartureDates> => {
  await deps.tenancy.assertMember(ctx.userId, organizerId, 'departures.write');
  const d = await deps.departure(organizerId, tourDateId);
  if (!d) throw AppError.notFound('tour_date_not_found');
  return d;
};

/** The message code of what went wrong with one request (the web names it: errors:<code>). */
export const errorCodeOf = (e: unknown): string => (e instanceof AppError ? e.coded.code : 'server');
