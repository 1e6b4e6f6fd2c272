import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { chatRoutes } from '@tourdesk/contract/api/chat-routes';
import { CHAT_PAGE_SIZE } from '@tourdesk/contract/constants';
import { api } from '../../../lib/api/client';
import { nextChatOffset } from './chat-cache';
import { chatKeys } from './chat-keys';

/** One page of the organizer's chats (SPEC §7 list, §9 page size 20), the last written to first. */
export const listChats = (orgId: number, offset: number, signal?: AbortSignal) =>
  api.call(chatRoutes.list, { query: { tour_organizer_id: orgId, limit: CHAT_PAGE_SIZE, offset }, signal });

export const chatListQueryOptions = (orgId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.list(orgId),
    queryFn: ({ pageParam, signal }) => listChats(orgId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextChatOffset,
    staleTime: 10_000,
  });

/** The chat list, 20 more at a time (infinite scroll by offset). */
export const useChatList = (orgId: number) => useInfiniteQuery(chatListQueryOptions(orgId));
