import { useMutation } from '@tanstack/react-query';
import { chatRoutes } from '@tourdesk/contract/api/chat-routes';
import { api } from '../../../lib/api/client';

/** get-chat-with-support: the organizer's chat with a site's support (made on the first call). */
export const getChatWithSupport = (orgId: number, siteId: number) =>
  api.call(chatRoutes.getChatWithSupport, { query: { site_id: siteId, organizer_id: orgId } });

/** Opens (making it when needed) the support chat of a site; the caller goes to it. */
export const useOpenSupportChat = (orgId: number) =>
  useMutation({ mutationFn: (siteId: number) => getChatWithSupport(orgId, siteId) });
