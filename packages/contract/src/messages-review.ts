/**
 * Texts of the reviews (issue 28). Part of MESSAGE_TEXTS (./messages.ts).
 */
export const REVIEW_MESSAGES = {
  review_not_found: 'Review not found',
  /** a review link that was never made (or mistyped) */
  review_link_not_found: 'This review link is not valid',
  review_link_expired: 'This review link has expired',
  /** the organizer answered: the review can no longer be changed */
  review_answered: 'The organizer has answered this review: it can no longer be changed',
  /** the traveller reviewed this departure already through another booking */
  review_exists: 'You have already reviewed this trip',
  review_photo_not_found: 'Photo not found: upload it again',
  review_photos_too_many: 'Too many photos for one review',
} as const;
