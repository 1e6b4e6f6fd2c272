import { organizerChannel } from '@tourdesk/contract';
import type { RealtimeHandlers } from '../realtime';

/**
 * departure_was_updated on the organizer's channel (issue 29): the calendar, the departure's
 * screens and its manifest refetch when guides change, a traveller is checked in, the departure
 * is canceled or messaged.
 */
export const departureRealtime: RealtimeHandlers = {
  'departure.changed': (event, _tx, tell) =>
    tell(organizerChannel(event.organizerId!), 'departure_was_updated', {
      organizer_id: event.organizerId!,
      tour_date_id: event.payload.tour_date_id,
      change: event.payload.change,
    }),
};
