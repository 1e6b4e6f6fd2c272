/** The realtime module's public face: the domain events' real-time subscriber and the channel-token route. */
export {
  createRealtimeSubscriber,
  realtimeActorOf,
  REALTIME_SUBSCRIBER,
  type RealtimeHandlers,
  type Tell,
  type WithoutActor,
} from './realtime.subscriber';
export { realtimeRoutes } from './realtime.routes';
