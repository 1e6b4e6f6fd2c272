import { z } from 'zod';
import { defineRoute } from '../route';
import { idSchema, queryIdSchema } from '../entities/common';
import { requestLinksRoutes } from './request-links-routes';
export { requestLinksRoutes } from './request-links-routes';

/**
 * A request's traveller links, as paths under the SPA base (/org): the questionnaire
 * (`/questionnaire/<uuid>`) and the request's chat with its traveller (`/traveller-chat/<token>`;
 * null until the traveller first writes from the questionnaire).
 */
export const travellerLinksSchema = z.object({
  questionnaire_path: z.string(),
  chat_path: z.string().nullable(),
});
export type TravellerLinks = z.infer<typeof travellerLinksSchema>;

export const requestLinksApi = {
  travellerLinks: defineRoute({
    ...requestLinksRoutes.travellerLinks,
    query: z.strictObject({ request_id: queryIdSchema }),
    response: travellerLinksSchema,
  }),
  /** A new questionnaire link (a new uuid): the old one answers 404 and opens the chat no more. */
  reissueQuestionnaireLink: defineRoute({
    ...requestLinksRoutes.reissueQuestionnaireLink,
    body: z.strictObject({ request_id: idSchema }),
    response: travellerLinksSchema,
    summary: 'Reissue the questionnaire link of a request (beyond SPEC)',
  }),
  /**
   * A new link to the request's chat: the old one answers 404 'This chat link is no longer valid'
   * and its live connections end. A request without a chat yet: 422 on request_id.
   */
  reissueChatLink: defineRoute({
    ...requestLinksRoutes.reissueChatLink,
    body: z.strictObject({ request_id: idSchema }),
    response: travellerLinksSchema,
    summary: 'Reissue the traveller’s chat link of a request (beyond SPEC)',
  }),
};
