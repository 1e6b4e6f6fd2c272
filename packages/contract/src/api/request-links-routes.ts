/**
 * Route descriptors (method, path, flags) of ./request-links.ts, free of zod: the web calls the
 * API with these and never loads a schema.
 */
import type { RouteDescriptors } from '../route';

/**
 * The links a request's travellers hold (beyond SPEC): the questionnaire link (the request's uuid)
 * and the link of the request's chat with the traveller. The provider reads both on the request
 * page and reissues either: the old one then opens nothing (404), its chat connections end.
 */
export const requestLinksRoutes = {
  travellerLinks: { method: 'GET', path: '/crm/api/request/traveller-links' },
  reissueQuestionnaireLink: { method: 'POST', path: '/crm/api/request/reissue-questionnaire-link' },
  reissueChatLink: { method: 'POST', path: '/crm/api/request/reissue-chat-link' },
} as const satisfies RouteDescriptors;
