import { useTranslation } from 'react-i18next';
import { useUnansweredReviews } from '../api/reviews';

const BADGE_MAX = 99;

/**
 * The Reviews navigation item's badge: reviews not answered yet. Kept live by the organizer's
 * live updates (review_was_changed refetches it). Nothing shows at 0.
 */
export function ReviewsNavBadge({ orgId }: { orgId: number }) {
  const { t, ready } = useTranslation('reviews', { useSuspense: false });
  const count = useUnansweredReviews(orgId);
  const n = count.data?.count ?? 0;
  if (n === 0) return null;
  return (
    <span
      data-testid="reviews-badge"
      className="ms-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-600 px-1.5 text-xs font-semibold text-on-primary tabular-nums"
    >
      <span aria-hidden="true">{n > BADGE_MAX ? `${BADGE_MAX}+` : n}</span>
      <span className="sr-only">{ready ? t('nav.unanswered', { count: n }) : n}</span>
    </span>
  );
}
