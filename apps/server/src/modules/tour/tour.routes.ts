import type { FastifyInstance } from 'fastify';
import { tourApi, tourForRequestApi, tourIcalFeedApi, tourProgramApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { attachment, contentDisposition } from '../../lib/content-disposition';
import { registerRoute } from '../../lib/route';
import type { GuideService } from './guide.service';
import type { TourForRequestService } from './tour-for-request.service';
import type { TourIcalService } from './tour-ical.service';
import type { TourProgramService } from './tour-program.service';
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
    programs: TourProgramService;
    icalFeeds: TourIcalService;
    forRequest: TourForRequestService;
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

  registerExtraTourRoutes(app, deps);
};

/** The programme PDF, calendar feeds and the tours a request picks from. */
const registerExtraTourRoutes = (
  app: FastifyInstance,
  deps: {
    programs: TourProgramService;
    icalFeeds: TourIcalService;
    forRequest: TourForRequestService;
    contextOf: ContextOf;
  },
): void => {
  const { programs: p, icalFeeds: f, forRequest: r, contextOf } = deps;
  registerRoute(app, tourProgramApi.createPdf, ({ request, body }) => p.create(contextOf(request), body.tour_id));
  registerRoute(app, tourProgramApi.downloadPdf, async ({ request, query, reply }) => {
    const ctx = contextOf(request);
    // a stored one by pdf_id, else the request's; a request named beside a pdf_id must be the caller's too
    if (query.pdf_id !== undefined && query.request_id !== undefined) await p.assertRequest(ctx, query.request_id);
    const pdf =
      query.pdf_id !== undefined ? await p.download(ctx, query.pdf_id) : await p.forRequest(ctx, query.request_id!);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(pdf.name))
      .header('cache-control', 'private, no-store')
      .send(pdf.data) as unknown as Uint8Array;
  });

  registerRoute(app, tourIcalFeedApi.icalFeeds, ({ request, query }) =>
    f.list(contextOf(request), query.organizer_id, query.tour_id),
  );
  registerRoute(app, tourIcalFeedApi.createIcalFeed, ({ request, body }) =>
    f.create(contextOf(request), body.organizer_id, { tour_id: body.tour_id, name: body.name }),
  );
  registerRoute(app, tourIcalFeedApi.revokeIcalFeed, ({ request, body }) =>
    f.revoke(contextOf(request), body.organizer_id, body.feed_id),
  );
  registerRoute(app, tourIcalFeedApi.icalFeed, async ({ request, reply }) => {
    const feed = await f.feed(String((request.params as { token?: unknown }).token ?? ''));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', contentDisposition('inline', feed.fileName))
      .header('cache-control', 'private, no-cache')
      .header('x-robots-tag', 'noindex')
      .send(feed.text) as unknown as string;
  });

  registerRoute(app, tourForRequestApi.listForRequest, ({ request, query }) =>
    r.listForRequest(contextOf(request), query.request_id),
  );
  registerRoute(app, tourForRequestApi.listForRequestWithOwnType, ({ request, query }) =>
    r.listWithOwnType(contextOf(request), query.tour_organizer_id),
  );
};
