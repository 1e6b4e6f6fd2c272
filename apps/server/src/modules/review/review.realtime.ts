import { organizerChannel } from '@tourdesk/contract';
import type { RealtimeHandlers } from '../realtime';

/** review_was_changed on the organizer's channel: the reviews screen and the menu's count refetch. */
export const reviewRealtime: RealtimeHandlers = {
  'review.changed': (event, _tx, tell) =>
    tell(organizerChannel(event.organizerId!), 'review_was_changed', {
      organizer_id: event.organizerId!,
      review_id: event.payload.review_id,
      change: event.payload.change,
    }),
};
