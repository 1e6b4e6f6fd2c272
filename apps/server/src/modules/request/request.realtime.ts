import { eq } from 'drizzle-orm';
import { organizerChannel, type BookingStatus, type DomainEvent } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { requests } from '../../db/schema/index';
import type { RealtimeHandlers, Tell } from '../realtime';

/**
 * What the organizer's open screens hear of its requests (SPEC §4), from the domain events:
 * a new request (new_request_in_crm), its status, details or money (request_in_crm_update_status:
 * a member, a payment or a refund, a sweep) and its tourists (update_tourists_info).
 */
/** A request's status or details changed: its page and the list refetch (request_in_crm_update_status). */
const statusOrDetails = (event: DomainEvent<'request.status_changed' | 'request.updated'>, _tx: Db, tell: Tell): void =>
  tell(organizerChannel(event.organizerId!), 'request_in_crm_update_status', {
    organizer_id: event.organizerId!,
    request_id: event.payload.request_id,
    status: event.payload.status as BookingStatus,
  });

/** The request's money changed: told with its status as it is now (read in the delivery transaction). */
const moneyChanged = async (
  event: DomainEvent<'payment.received' | 'payment.refunded'>,
  tx: Db,
  tell: Tell,
): Promise<void> => {
  const [row] = await tx
    .select({ status: requests.status, organizer_id: requests.organizer_id })
    .from(requests)
    .where(eq(requests.id, event.payload.request_id));
  if (row)
    tell(organizerChannel(row.organizer_id), 'request_in_crm_update_status', {
      organizer_id: row.organizer_id,
      request_id: event.payload.request_id,
      status: row.status as BookingStatus,
    });
};

export const requestRealtime: RealtimeHandlers = {
  'request.created': (event, _tx, tell) =>
    tell(organizerChannel(event.organizerId!), 'new_request_in_crm', {
      organizer_id: event.organizerId!,
      request_id: event.payload.request_id,
      status: event.payload.status as BookingStatus,
    }),
  'request.status_changed': statusOrDetails,
  'request.updated': statusOrDetails,
  'request.tourists_changed': (event, _tx, tell) =>
    tell(organizerChannel(event.organizerId!), 'update_tourists_info', {
      organizer_id: event.organizerId!,
      request_id: event.payload.request_id,
      source: event.payload.source,
    }),
  'payment.received': moneyChanged,
  'payment.refunded': moneyChanged,
};
