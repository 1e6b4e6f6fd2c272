import type { BookingRequest } from '@tourdesk/contract';
import type { ServiceContext } from '../../lib/context';
import { createRequestCore, type RequestServiceDeps } from './request-core';
import { createRequestEdit } from './request-edit.service';
import { createRequestLifecycle } from './request-lifecycle.service';

export type { OwnRequestInput, RequestServiceDeps, RequestUpdateInput } from './request-core';

/**
 * The request core: one request's life from its making to its end. A request made here holds its
 * seats (request-seats.ts) until it is confirmed or the hold passes; confirm makes them firm
 * (taking them again under the departure's lock when the hold has lapsed); cancel returns them.
 * Status moves follow request-status.ts. Every change is a domain event of its transaction
 * (request.created, request.updated; request.status_changed by moveStatus): subscribers tell the
 * organizer's open screens and its members.
 */
export const createRequestService = (deps: RequestServiceDeps) => {
  const core = createRequestCore(deps);
  const parts = { ...deps, core };
  const { view, accessible } = core;
  return {
    view,
    accessible,
    ...createRequestEdit(parts),

    get: async (ctx: ServiceContext, id: number): Promise<BookingRequest> =>
      view((await accessible(ctx, id, 'bookings.read')).id),

    ...createRequestLifecycle(parts),
  };
};
export type RequestService = ReturnType<typeof createRequestService>;
