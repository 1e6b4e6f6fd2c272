import type { ServerModule } from '../../lib/modules';
import { createReviewRepository } from './review.repository';
import { reviewRealtime } from './review.realtime';
import { reviewRoutes } from './review.routes';
import { createReviewService, type ReviewService } from './review.service';

/** The review module's public face. */
export type { ReviewService } from './review.service';

declare module '../../lib/modules' {
  interface Services {
    /** travellers' reviews of their trips (issue 28): the links, the review page, the organizer's answers, the public lists */
    reviews: ReviewService;
  }
}

export const reviewModule: ServerModule = {
  name: 'review',
  needs: ['uploads'],
  create: ({ db, tenancy, config }, services) => ({
    reviews: createReviewService({
      repo: createReviewRepository(db),
      tenancy,
      uploads: services.uploads,
      publicUrl: config.publicUrl,
      reportToSupport: async (ctx, organizerId, siteId, text) => {
        const chat = await services.chats.chats.withSupport(ctx, { site_id: siteId, organizer_id: organizerId });
        await services.chats.chats.send(ctx, { chat_id: chat.id, message: text });
        return chat.id;
      },
    }),
  }),
  routes: (app, { reviews, uploads }, { contextOf }) => reviewRoutes(app, { reviews, uploads, contextOf }),
  realtime: () => reviewRealtime,
};
