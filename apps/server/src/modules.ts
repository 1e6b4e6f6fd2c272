import type { ServerModule } from './lib/modules';
import { agentModule } from './modules/agent/index';
import { authModule } from './modules/auth/index';
import { bankAccountModule } from './modules/bank-account/index';
import { chatModule } from './modules/chat/index';
import { departureModule } from './modules/departure/index';
import { generalModule } from './modules/general/index';
import { checkoutModule } from './modules/checkout/index';
import { bookingPageModule } from './modules/booking-page/index';
import { helpModule } from './modules/help/index';
import { messengerModule } from './modules/messenger/index';
import { notificationModule } from './modules/notification/index';
import { operatorModule } from './modules/operator/index';
import { organizerModule } from './modules/organizer/index';
import { partnerModule } from './modules/partner/index';
import { paymentModule } from './modules/payment/index';
import { realtimeModule } from './modules/realtime/index';
import { siteModule } from './modules/site/index';
import { siteWebModule } from './modules/site-web/index';
import { requestModule } from './modules/request/index';
import { reviewModule } from './modules/review/index';
import { reportModule } from './modules/report/index';
import { teamModule } from './modules/team/index';
import { templateModule } from './modules/template/index';
import { tourModule } from './modules/tour/index';
import { travellerMessageModule } from './modules/traveller-message/index';
import { uploadModule } from './modules/upload/index';

/**
 * The server's modules, in the order their services are built: a module comes after those it
 * `needs` (lib/modules.ts checks it at start; modules.test.ts on every run). Adding a module:
 * its folder with an index.ts manifest, its migration, its contract, and one line here.
 */
export const serverModules: readonly ServerModule[] = [
  uploadModule,
  authModule,
  messengerModule,
  organizerModule,
  partnerModule,
  agentModule,
  bankAccountModule,
  templateModule,
  tourModule,
  generalModule,
  paymentModule,
  chatModule,
  helpModule,
  requestModule,
  checkoutModule,
  bookingPageModule,
  notificationModule,
  reviewModule,
  travellerMessageModule,
  departureModule,
  teamModule,
  reportModule,
  siteModule,
  siteWebModule,
  operatorModule,
  realtimeModule,
];
