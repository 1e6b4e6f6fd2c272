import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { AppError, type FieldMessages } from '../../lib/app-error';
import { reviewApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { readMultipart, type UploadService } from '../upload';
import type { ReviewService } from './review.service';

export const reviewRoutes = async (
  app: FastifyInstance,
  deps: { reviews: ReviewService; uploads: UploadService; contextOf: ContextOf },
): Promise<void> => {
  const { reviews: s, contextOf } = deps;
  registerRoute(app, reviewApi.list, ({ request, query }) => s.list(contextOf(request), query));
  registerRoute(app, reviewApi.unanswered, ({ request, query }) =>
    s.unanswered(contextOf(request), query.tour_organizer_id),
  );
  registerRoute(app, reviewApi.answer, ({ request, body }) =>
    s.answer(contextOf(request), body.tour_organizer_id, body.id, body.answer),
  );
  registerRoute(app, reviewApi.hide, ({ request, body }) =>
    s.hide(contextOf(request), body.tour_organizer_id, body.id, body.hidden, body.reason),
  );
  registerRoute(app, reviewApi.report, ({ request, body }) =>
    s.report(contextOf(request), body.tour_organizer_id, body.id, body.message),
  );
  registerRoute(app, reviewApi.settings, ({ request, query }) =>
    s.settings(contextOf(request), query.tour_organizer_id),
  );
  registerRoute(app, reviewApi.updateSettings, ({ request, body }) =>
    s.updateSettings(contextOf(request), body.tour_organizer_id, body.delay_hours),
  );
  registerRoute(app, reviewApi.page, ({ query }) => s.page(query.token));
  registerRoute(app, reviewApi.save, ({ body }) => s.save(body));
  registerRoute(app, reviewApi.organizerReviews, ({ query }) => s.organizerReviews(query));
  // the photo is multipart: in a scope of its own, as the other uploads (upload.routes.ts)
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: deps.uploads.maxFileBytes(), files: 1 } });
    registerRoute(scope, reviewApi.photo, async ({ request, query }) => {
      if (!request.isMultipart()) throw AppError.validation({ file: ['file_or_url'] });
      const { file, fields } = await readMultipart(request, deps.uploads.maxFileBytes());
      const unknown: FieldMessages = Object.fromEntries(Object.keys(fields).map((k) => [k, ['unknown_field']]));
      if (Object.keys(unknown).length) throw AppError.validation(unknown);
      return s.photo(query.token, file);
    });
  });
};
