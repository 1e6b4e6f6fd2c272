import type { ServerModule } from '../../lib/modules';
import { departureRealtime } from './departure.realtime';

/**
 * The departure module (issue 29): every departure across tours (the calendar), the guides
 * assigned to each, canceling or messaging a whole departure, and its manifest with check-in.
 */
export const departureModule: ServerModule = {
  name: 'departure',
  realtime: () => departureRealtime,
};
