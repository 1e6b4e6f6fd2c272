import type { ServerModule } from '../../lib/modules';
import { createGuideService, type GuideService } from './guide.service';
import { createTourDateService, type TourDateService } from './tour-date.service';
import { createTourForRequestRepository } from './tour-for-request.repository';
import { createTourForRequestService, type TourForRequestService } from './tour-for-request.service';
import { createTourIcalRepository } from './tour-ical.repository';
import { createTourIcalService, type TourIcalService } from './tour-ical.service';
import { createTourModerationRepository } from './tour-moderation.repository';
import {
  createTourModerationService,
  tourModerationRealtime,
  type TourModerationService,
} from './tour-moderation.service';
import { createTourProgramRepository } from './tour-program.repository';
import { createTourProgramService, type TourProgramService } from './tour-program.service';
import { createTourRepository } from './tour.repository';
import { tourRoutes } from './tour.routes';
import { createTourService, type TourService } from './tour.service';
import { createPromoCodeRepository } from './promo-code.repository';
import { createPromoCodeService, type PromoCodeService } from './promo-code.service';
import { createTourPricesRepository } from './tour-prices.repository';
import { tourPricesRoutes } from './tour-prices.routes';
import { createTourPricesService, type TourPricesService } from './tour-prices.service';
import { createWeekScheduleRepository } from './week-schedule.repository';
import {
  createWeekScheduleService,
  WEEK_SCHEDULE_SWEEP_INTERVAL_MS,
  type WeekScheduleService,
} from './week-schedule.service';

/** The tour module's public face: what other modules may use of it. */
export { toTourDate } from './tour-date.service';
export type { TourModerationService } from './tour-moderation.service';
export { htmlToText } from './tour-program.pdf';
export { CATALOGUE } from './catalogue-data';
/** the site module reads a published tour whole, as the tour editor does */
export { createTourRepository } from './tour.repository';
export { toTour } from './tour.mapper';
/** a booking's prices read its tour's categories and extras (issue 26) */
export { createTourPricesRepository, type CategoryRow, type ExtraRow } from './tour-prices.repository';
export { toCategory, toExtra } from './tour-prices.service';
export type { AppliedPromo, PromoCodeService } from './promo-code.service';

declare module '../../lib/modules' {
  interface Services {
    tours: TourService;
    guides: GuideService;
    /** a tour's departures */
    tourDates: TourDateService;
    /** weekly schedules and the departures they keep (an hourly sweep) */
    weekSchedules: WeekScheduleService;
    /** the programme PDF */
    tourPrograms: TourProgramService;
    /** the tours' calendar feeds */
    tourFeeds: TourIcalService;
    /** the tours and departures a new request picks from */
    toursForRequest: TourForRequestService;
    /** a tour's moderation on each partner site (the operator's) */
    tourModeration: TourModerationService;
    /** a tour's traveller categories and extras (issue 26) */
    tourPrices: TourPricesService;
    /** the organizer's promo codes, used by bookings (issue 26) */
    promoCodes: PromoCodeService;
  }
}

export const tourModule: ServerModule = {
  name: 'tour',
  needs: ['uploads'],
  create: ({ db, database, tenancy, fileUrl, brandName }, { uploads }) => {
    const repo = createTourRepository(db);
    return {
      tours: createTourService({ repo, tenancy, fileUrl }),
      guides: createGuideService({ repo, tenancy, fileUrl }),
      tourDates: createTourDateService({ repo, tenancy }),
      weekSchedules: createWeekScheduleService({
        repo: createWeekScheduleRepository(db),
        tours: repo,
        tenancy,
        dialect: database.kind,
      }),
      tourPrograms: createTourProgramService({ repo: createTourProgramRepository(db), tenancy, uploads, brandName }),
      tourFeeds: createTourIcalService({ repo: createTourIcalRepository(db), tenancy, brandName }),
      toursForRequest: createTourForRequestService({ repo: createTourForRequestRepository(db), tenancy }),
      tourModeration: createTourModerationService({ repo: createTourModerationRepository(db) }),
      tourPrices: createTourPricesService({ repo: createTourPricesRepository(db), tenancy }),
      promoCodes: createPromoCodeService({ repo: createPromoCodeRepository(db), tenancy }),
    };
  },
  routes: (app, s, { contextOf }) => {
    tourPricesRoutes(app, { prices: s.tourPrices, promoCodes: s.promoCodes, contextOf });
    tourRoutes(app, {
      tours: s.tours,
      guides: s.guides,
      tourDates: s.tourDates,
      weekSchedules: s.weekSchedules,
      programs: s.tourPrograms,
      icalFeeds: s.tourFeeds,
      forRequest: s.toursForRequest,
      contextOf,
    });
  },
  realtime: () => tourModerationRealtime,
  sweeps: ({ weekSchedules }) => [
    // the departures of the week schedules kept
    {
      name: 'week schedule',
      sweep: () => weekSchedules.sweepWeekSchedules(new Date()),
      intervalMs: WEEK_SCHEDULE_SWEEP_INTERVAL_MS,
    },
  ],
};
