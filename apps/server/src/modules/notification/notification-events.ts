import type { Db } from '../../db/client';
import { notificationEvents } from '../../db/schema/index';
import type { NotificationKind } from './notification.texts';

/**
 * Records what the organizer's members are to be told of, once per dedupe key (a second record
 * of the same key changes nothing). Pass the transaction that makes the change: the event exists
 * exactly when the change does. The notification dispatcher turns it into outbox messages.
 * Answers whether it was new.
 */
export const recordNotificationEvent = async (
  q: Db,
  event: {
    kind: NotificationKind;
    organizerId: number;
    requestId?: number | null;
    chatId?: number | null;
    actorUserId?: number | null;
    data?: Record<string, unknown>;
    dedupeKey: string;
  },
): Promise<boolean> =>
  (
    await q
      .insert(notificationEvents)
      .values({
        kind: event.kind,
        organizer_id: event.organizerId,
        request_id: event.requestId ?? null,
        chat_id: event.chatId ?? null,
        actor_user_id: event.actorUserId ?? null,
        data: event.data ?? {},
        dedupe_key: event.dedupeKey,
      })
      .onConflictDoNothing({ target: notificationEvents.dedupe_key })
      .returning({ id: notificationEvents.id })
  ).length === 1;

/**
 * A payment of a request was received (payment-effects.ts calls it inside the transaction that
 * applies the payment, so a replayed provider notification records nothing more).
 */
export const recordPaymentReceived = async (
  q: Db,
  payment: { organizerId: number; requestId: number; paymentId: number; amountMinor: number; currency: string },
): Promise<void> => {
  await recordNotificationEvent(q, {
    kind: 'payment_received',
    organizerId: payment.organizerId,
    requestId: payment.requestId,
    data: { amount_minor: payment.amountMinor, currency: payment.currency, payment_id: payment.paymentId },
    dedupeKey: `payment_received:${payment.paymentId}`,
  });
};
