import crypto from 'node:crypto';
import { userActor, type DepartureMessageResponse } from '@tourdesk/contract';
import type { ServiceContext } from '../../lib/context';
import { recordEvent } from '../../lib/domain-events';
import type { Services } from '../../lib/modules';
import type { Tenancy } from '../../lib/tenancy';
import { errorCodeOf, writableDeparture } from './departure-access';
import type { DepartureCancelRepository } from './departure-cancel.repository';
import type { DepartureDates } from './departure-plan.repository';

/**
 * A message to everyone on a departure (issue 29): into each live request's chat as the member,
 * and to its travellers by e-mail and messenger through the traveller messages (the kind
 * `departure_message`, sent by hand). Each request on its own: a chat that cannot take it (frozen)
 * is reported and the others still get it.
 */
export const createDepartureMessageService = (deps: {
  repo: DepartureCancelRepository;
  tenancy: Tenancy;
  departure: (organizerId: number, tourDateId: number) => Promise<DepartureDates | undefined>;
  chatPoster: Services['chats']['requestPoster'];
  sendTravellerMessage: Services['travellerMessages']['sendDepartureMessage'];
}) => ({
  send: async (
    ctx: ServiceContext,
    input: { organizerId: number; tourDateId: number; text: string },
  ): Promise<DepartureMessageResponse> => {
    const d = await writableDeparture(deps, ctx, input.organizerId, input.tourDateId);
    const live = await deps.repo.liveRequests(d.id);
    const key = `${d.id}:${crypto.randomUUID()}`;
    let messages = 0;
    const failed: number[] = [];
    for (const r of live) {
      try {
        await deps.chatPoster.post(ctx.userId, r.id, input.text);
        messages += await deps.sendTravellerMessage({ requestId: r.id, userId: ctx.userId, text: input.text, key });
      } catch (e) {
        ctx.log.warn({ err: e, request_id: r.id, code: errorCodeOf(e) }, 'departure message: request skipped');
        failed.push(r.id);
      }
    }
    await deps.repo.transaction((_q, tx) =>
      recordEvent(tx, {
        type: 'departure.changed',
        aggregateId: d.id,
        organizerId: input.organizerId,
        actor: userActor(ctx.userId),
        payload: { tour_date_id: d.id, change: 'messaged' },
      }),
    );
    return { tour_date_id: d.id, requests: live.length - failed.length, messages, failed };
  },
});
export type DepartureMessageService = ReturnType<typeof createDepartureMessageService>;
