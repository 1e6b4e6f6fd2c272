import type { Penalty } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { RequestRepository } from './request.repository';

const penaltiesOf = (v: unknown): Penalty[] =>
  Array.isArray(v)
    ? v
        .filter((p): p is Penalty => typeof p?.days_before === 'number' && typeof p?.percent === 'number')
        .map((p) => ({ days_before: p.days_before, percent: p.percent }))
    : [];

/**
 * The cancellation penalties a request is under: its tour's (unless the tour uses the standard
 * terms), else its organizer's (`profile.penalties`), else none. Cancelling and changing a booking
 * (a lower total offers a refund by these) read the same.
 */
export const requestPenalties = async (
  repo: RequestRepository,
  tourId: number | null,
  profile: Record<string, unknown>,
  q: Db,
): Promise<{ penalties: Penalty[]; source: 'tour' | 'organizer' | 'none' }> => {
  const tour = tourId ? await repo.tour(q, tourId) : null;
  const own = tour && !tour.use_standard_cancellation_terms ? await repo.tourPenalties(tour.id, q) : [];
  const organizerPenalties = penaltiesOf(profile.penalties);
  if (own.length > 0)
    return { penalties: own.map((p) => ({ days_before: p.days_before, percent: Number(p.percent) })), source: 'tour' };
  if (organizerPenalties.length > 0) return { penalties: organizerPenalties, source: 'organizer' };
  return { penalties: [], source: 'none' };
};
