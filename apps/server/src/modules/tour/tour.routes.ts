import type { FastifyInstance } from 'fastify';
import { tourApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { GuideService } from './guide.service';
import type { TourDateService } from './tour-date.service';
import type { TourService } from './tour.service';
import type { WeekScheduleService } from './week-schedule.service';

export const tourRoutes = (
  app: FastifyInstance,
  deps: {
    tours: TourService;
    guides: GuideService;
    tourDates: TourDateService;
    weekSchedules: WeekScheduleService;
    contextOf: ContextOf;
  },
): void => {
  const { tours: s, guides: g, tourDates: d, weekSchedules: w, contextOf } = deps;
  registerRoute(app, tourApi.list, ({ request, query }) => s.list(contextOf(request), query));
  registerRoute(app, tourApi.view, ({ request, query }) => s.view(contextOf(request), query.id));
  registerRoute(app, tourApi.create, ({ request, body }) => {
    const { organizer_id, with_publish, save_without_duration_checking, ...fields } = body;
    return s.create(contextOf(request), organizer_id, fields, { with_publish, save_without_duration_checking });
  });
  registerRoute(app, tourApi.update, ({ request, body }) => {
    const { id, with_publish, save_without_duration_checking, ...fields } = body;
    return s.update(contextOf(request), id, fields, { with_publish, save_without_duration_checking });
  });
  registerRoute(app, tourApi.publish, ({ request, body }) => s.publish(contextOf(request), body.id, body.force_draft));
  registerRoute(app, tourApi.draft, ({ request, body }) => s.draft(contextOf(request), body.id));
  registerRoute(app, tourApi.archive, ({ request, body }) => s.archive(contextOf(request), body.id));
  registerRoute(app, tourApi.changeDatesPreliminary, ({ request, body }) =>
    s.changeDatesPreliminary(contextOf(request), body.id, body.value),
  );
  registerRoute(app, tourApi.changeProgramPreliminary, ({ request, body }) =>
    s.changeProgramPreliminary(contextOf(request), body.id, body.value),
  );
  registerRoute(app, tourApi.createCopy, ({ request, body }) =>
    s.createCopy(contextOf(request), body.id, body.organizer_id),
  );
  registerRoute(app, tourApi.defaultPenalties, ({ request, query }) =>
    s.defaultPenalties(contextOf(request), query.organizer_id),
  );
  registerRoute(app, tourApi.catalogue, ({ request, query }) =>
    s.catalogue(contextOf(request), query.kind, query.search),
  );
  registerRoute(app, tourApi.guides, ({ request, query }) => g.list(contextOf(request), query.organizer_id));
  registerRoute(app, tourApi.createGuide, ({ request, body }) => {
    const { organizer_id, ...fields } = body;
    return g.create(contextOf(request), organizer_id, fields);
  });
  registerRoute(app, tourApi.updateGuide, ({ request, body }) => {
    const { organizer_id, guide_id, ...fields } = body;
    return g.update(contextOf(request), organizer_id, guide_id, fields);
  });
  registerRoute(app, tourApi.deleteGuide, ({ request, body }) =>
    g.delete(contextOf(request), body.organizer_id, body.guide_id, body.force),
  );
  registerRoute(app, tourApi.getDates, ({ request, query }) => d.list(contextOf(request), query));
  registerRoute(app, tourApi.saveDate, ({ request, body }) => {
    const { tour_id, date_id, uid, ...fields } = body;
    return d.save(contextOf(request), tour_id, date_id, uid, fields);
  });
  registerRoute(app, tourApi.saveDates, ({ request, body }) =>
    d.saveMany(contextOf(request), body.tour_id, body.dates),
  );
  registerRoute(app, tourApi.removeDate, ({ request, body }) =>
    d.remove(contextOf(request), body.tour_id, body.date_id),
  );
  registerRoute(app, tourApi.saveWeekSchedule, ({ request, body }) => {
    const { id, ...fields } = body;
    return w.save(contextOf(request), id, fields);
  });
};
