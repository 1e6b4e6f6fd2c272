import { useQuery } from '@tanstack/react-query';
import { chatRoutes } from '@tourdesk/contract/api/chat-routes';
import { api } from '../../../lib/api/client';
import { chatKeys } from './chat-keys';

/** unread-count: the messages the organizer has not read in all its chats (the badge and the tab title). */
export const getUnreadCount = (orgId: number, signal?: AbortSignal) =>
  api.call(chatRoutes.unreadCount, { query: { organizer_id: orgId }, signal });

export const useUnreadCount = (orgId: number) =>
  useQuery({
    queryKey: chatKeys.unreadCount(orgId),
    queryFn: ({ signal }) => getUnreadCount(orgId, signal),
    staleTime: 30_000,
  });
