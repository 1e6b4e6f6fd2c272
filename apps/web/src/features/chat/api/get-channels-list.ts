import { queryOptions } from '@tanstack/react-query';
import { chatApi, type ChannelsList } from '@tourdesk/contract/api/chat';
import { api } from '../../../lib/api/client';
import { chatKeys } from './chat-keys';

/** Connection token and channel tokens for the real-time socket. */
export const getChannelsList = (signal?: AbortSignal): Promise<ChannelsList> =>
  api.call(chatApi.channelsList, { signal });

export const channelsListQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.channels(), queryFn: ({ signal }) => getChannelsList(signal), staleTime: 0 });
