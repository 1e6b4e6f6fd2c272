import type { ServerModule } from '../../lib/modules';
import { realtimeRoutes } from './realtime.routes';

/** The realtime module's public face: the domain events' real-time subscriber and the channel-token route. */
export {
  createRealtimeSubscriber,
  realtimeActorOf,
  REALTIME_SUBSCRIBER,
  type RealtimeHandlers,
  type Tell,
  type WithoutActor,
} from './realtime.subscriber';

/**
 * The realtime module: the channel tokens a member's tab subscribes with. Its subscriber of the
 * domain events is built by the app from every module's `realtime` handlers.
 */
export const realtimeModule: ServerModule = {
  name: 'realtime',
  routes: (app, { organizers }, { signer }) => realtimeRoutes(app, { signer, organizers }),
};
