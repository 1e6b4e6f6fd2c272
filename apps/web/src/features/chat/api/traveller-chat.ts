import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chatRoutes, travellerChatRoutes } from '@tourdesk/contract/api/chat-routes';
import type { ChatWithOrganizerBody } from '@tourdesk/contract/api/chat';
import { INVISIBLE_CAPTCHA_TOKEN_HEADER } from '@tourdesk/contract/api/captcha-routes';
import type { ChatFile, ChatMessage, TravellerChat } from '@tourdesk/contract/entities/chat';
import { toApiError } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/client';
import { outboxFor } from '../outbox';
import { fromChatFile, type ChatUpload, type ThreadSource } from '../thread-source';
import { patchMessages, type MessagePages } from './chat-cache';
import { chatKeys } from './chat-keys';

/** The traveller's chat through their link (no account): whom they write to, about what. */
export const getTravellerChat = (token: string, signal?: AbortSignal): Promise<TravellerChat> =>
  api.call(travellerChatRoutes.get, { query: { token }, signal });

export const useTravellerChat = (token: string) =>
  useQuery({
    queryKey: chatKeys.travellerDetail(token),
    queryFn: ({ signal }) => getTravellerChat(token, signal),
    staleTime: 10_000,
    retry: false,
  });

/** The chat's real-time channel for the traveller's page. */
export const getTravellerChannels = (token: string) => api.call(travellerChatRoutes.channelsList, { query: { token } });

/** A traveller writes to an organizer (a new chat, or the questionnaire's request's chat again). */
export const startChatWithOrganizer = (body: ChatWithOrganizerBody) =>
  api.call(chatRoutes.getChatWithOrganizer, { body });

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * POST /spa/chat/upload?token=… as multipart with progress (fetch cannot report it) and the
 * invisible captcha token: a file for the traveller's next message.
 */
export const uploadTravellerFile = async (
  token: string,
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<ChatFile> => {
  const captcha = await api.invisibleCaptchaToken();
  return new Promise<ChatFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${travellerChatRoutes.upload.path}?${new URLSearchParams({ token }).toString()}`);
    xhr.setRequestHeader('X-Language', document.documentElement.lang || 'en');
    xhr.setRequestHeader('X-USER-ROLE', 'org');
    xhr.setRequestHeader('Accept', 'application/json');
    if (captcha) xhr.setRequestHeader(INVISIBLE_CAPTCHA_TOKEN_HEADER, captcha);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as ChatFile);
      } else reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(toApiError(0, null));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
};

/** The traveller's own messages. */
const isTravellerMessage = (message: ChatMessage): boolean => message.author === 'traveller';

/** The traveller's side of a chat, by their link's token. */
export const useTravellerThreadSource = (token: string, chatId: number): ThreadSource => {
  const queryClient = useQueryClient();
  return useMemo<ThreadSource>(() => {
    const upload: ChatUpload = (file, onProgress, signal) =>
      uploadTravellerFile(token, file, onProgress, signal).then(fromChatFile);
    return {
      chatId,
      messagesKey: chatKeys.travellerMessages(token),
      fetchMessages: (query, signal) =>
        api.call(travellerChatRoutes.getMessages, { query: { token, ...query }, signal }),
      send: (entry) =>
        api.call(travellerChatRoutes.sendMessage, {
          body: { token, message: entry.message, file_id: entry.file?.id ?? null, client_id: entry.uid },
        }),
      markAsRead: async () => {
        const answer = await api.call(travellerChatRoutes.markAsRead, { body: { token } });
        queryClient.setQueryData<MessagePages>(chatKeys.travellerMessages(token), (data) =>
          patchMessages(data, (m) => (!isTravellerMessage(m) && !m.is_read ? { ...m, is_read: true } : m)),
        );
        queryClient.setQueryData<TravellerChat>(chatKeys.travellerDetail(token), (chat) =>
          chat ? { ...chat, unread_count: 0 } : chat,
        );
        return answer;
      },
      upload,
      isMine: isTravellerMessage,
      outbox: outboxFor(`traveller:${token}`),
    };
  }, [token, chatId, queryClient]);
};
