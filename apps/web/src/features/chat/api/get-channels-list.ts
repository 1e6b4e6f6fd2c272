import { queryOptions } from '@tanstack/react-query';
import type { ChannelsList } from '@tourdesk/contract/api/chat';
import { chatRoutes } from '@tourdesk/contract/api/chat-routes';
import { api } from '../../../lib/api/client';
import { chatKeys } from './chat-keys';

/** Connection token and channel tokens for the real-time socket. */
export const getChannelsList = (signal?: AbortSignal): Promise<ChannelsList> =>
  api.call(chatRoutes.channelsList, { signal });

export const channelsListQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.channels(), queryFn: ({ signal }) => getChannelsList(signal), staleTime: 0 });
