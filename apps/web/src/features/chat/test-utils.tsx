import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import type { ReactNode } from 'react';
import { chatRequestSchema, type ChatRequest } from '@tourdesk/contract/api/chat';
import {
  chatMessageSchema,
  chatSchema,
  travellerChatSchema,
  type Chat,
  type ChatMessage,
  type TravellerChat,
} from '@tourdesk/contract/entities/chat';
import type { Publication, RealtimeActor, RealtimeEvent, RealtimePayloads } from '@tourdesk/contract/realtime-values';
import { createTestI18n } from '../../lib/i18n/resources';
import { createRealtimeClient } from '../../lib/socket/realtime-client';
import { RealtimeProvider } from '../../lib/socket/realtime-context';
import { ChatScreen, type SupportSite } from './components/chat-screen';
import type { ChatUpload } from './thread-source';

export const ORG = 3;
export const USER = 9;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const at = (minutes: number) => new Date(Date.UTC(2027, 4, 1, 9, 0) + minutes * 60_000).toISOString();

export const message = (patch: Partial<ChatMessage> & { id: number; chat_id: number }): ChatMessage =>
  chatMessageSchema.parse({
    type: 'input',
    author: 'traveller',
    author_name: 'Anna Smirnova',
    text: `Message ${patch.id}`,
    file: null,
    status: 3,
    client_id: null,
    is_read: true,
    created_at: at(patch.id),
    edited_at: null,
    is_deleted: false,
    is_moderated: false,
    edited_by: null,
    moderated_by: null,
    deleted_by: null,
    ...patch,
  });

export const chat = (patch: Partial<Chat> & { id: number }): Chat =>
  chatSchema.parse({
    organizer_id: ORG,
    kind: 'tourist',
    title: 'Anna Smirnova',
    traveller: { name: 'Anna Smirnova', email: 'anna@example.com' },
    site: null,
    tour: { id: 11, name: 'Altai lakes' },
    request_ids: [],
    last_message: null,
    unread_count: 0,
    is_frozen: false,
    frozen_by: null,
    created_at: at(0),
    updated_at: at(0),
    ...patch,
  });

export const chatRequest = (patch: Partial<ChatRequest> & { id: number }): ChatRequest =>
  chatRequestSchema.parse({
    status: 1,
    tour: { id: 11, name: 'Altai lakes' },
    date_start: '2027-06-12',
    date_end: '2027-06-18',
    tourists_count: 2,
    customer_name: 'Anna Smirnova',
    customer_email: 'anna@example.com',
    created_at: at(0),
    ...patch,
  });

export const travellerChat = (patch: Partial<TravellerChat> = {}): TravellerChat =>
  travellerChatSchema.parse({
    id: 1,
    organizer: { id: ORG, name: 'Altai Trails' },
    tour: { id: 11, name: 'Altai lakes' },
    traveller: { name: 'Anna Smirnova', email: 'anna@example.com' },
    unread_count: 0,
    is_frozen: false,
    created_at: at(0),
    updated_at: at(0),
    ...patch,
  });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

export interface ChatServerState {
  chats: Chat[];
  messages: Record<number, ChatMessage[]>;
  requests: Record<number, ChatRequest[]>;
  /** the traveller's link: token → chat id */
  tokens: Record<string, number>;
  travellerChats: Record<string, TravellerChat>;
  /** the next sends answer 500 */
  failSends: number;
  /** sends wait until released (to see them being sent) */
  holdSends: boolean;
  held: (() => void)[];
  calls: Call[];
}

const PAGE = 20;

/**
 * The HTTP side of chats as the server answers it (the contract of api/chat.ts): the list newest
 * first by offset, messages oldest first by before_id with has_more, unread counts, mark-as-read,
 * send-message with client_id answered once, list-for-chat, the support chat, the traveller's routes.
 */
export const chatServer = (
  init: Partial<Pick<ChatServerState, 'chats' | 'messages' | 'requests' | 'tokens' | 'travellerChats'>> = {},
) => {
  // the server's own copies: what it changes is not the tests' fixtures
  const state: ChatServerState = {
    chats: structuredClone(init.chats ?? []),
    messages: structuredClone(init.messages ?? {}),
    requests: structuredClone(init.requests ?? {}),
    tokens: { ...init.tokens },
    travellerChats: structuredClone(init.travellerChats ?? {}),
    failSends: 0,
    holdSends: false,
    held: [],
    calls: [],
  };
  let nextId = 10_000;
  const unread = () => state.chats.reduce((sum, c) => sum + c.unread_count, 0);
  const page = (list: ChatMessage[], q: URLSearchParams) => {
    const before = q.get('before_id');
    const older = before ? list.filter((m) => m.id < Number(before)) : list;
    return { items: older.slice(-PAGE), has_more: older.length > PAGE };
  };
  const send = async (chatId: number, body: Record<string, unknown>, author: 'organizer' | 'traveller') => {
    if (state.holdSends) await new Promise<void>((resolve) => state.held.push(resolve));
    if (state.failSends > 0) {
      state.failSends -= 1;
      return json(500, { message: 'Server Error', code: 'server_error' });
    }
    const list = (state.messages[chatId] ??= []);
    const repeat = list.find((m) => body.client_id && m.client_id === body.client_id);
    if (repeat) return json(200, repeat);
    const file = typeof body.file_id === 'number' ? { id: body.file_id } : null;
    const created = message({
      id: (nextId += 1),
      chat_id: chatId,
      type: author === 'organizer' ? 'output' : 'input',
      author,
      author_name: author === 'organizer' ? 'Ivan Petrov' : 'Anna Smirnova',
      text: String(body.message ?? ''),
      file: file
        ? {
            id: file.id,
            name: 'photo.jpg',
            size: 1000,
            mime: 'image/jpeg',
            url: `/files/${file.id}`,
            is_image: true,
            download_status: 2,
          }
        : null,
      client_id: (body.client_id as string | undefined) ?? null,
      is_read: false,
      created_at: new Date().toISOString(),
    });
    list.push(created);
    return json(200, created);
  };
  const handler = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const q = url.searchParams;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    state.calls.push({ method: init?.method ?? 'GET', path: url.pathname, query: q, body });
    const chatOf = (id: unknown) => state.chats.find((c) => c.id === Number(id));
    switch (url.pathname) {
      case '/crm/api/chat/list': {
        const offset = Number(q.get('offset') ?? 0);
        const limit = Number(q.get('limit') ?? PAGE);
        const sorted = [...state.chats].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
        return json(200, { items: sorted.slice(offset, offset + limit), total: sorted.length, offset, limit });
      }
      case '/crm/api/chat/get-chat': {
        const found = chatOf(q.get('chat_id'));
        return found ? json(200, found) : json(404, { message: 'Chat not found', code: 'chat_not_found' });
      }
      case '/crm/api/chat/get-messages':
        return json(200, page(state.messages[Number(q.get('chat_id'))] ?? [], q));
      case '/crm/api/chat/unread-count':
        return json(200, { count: unread() });
      case '/crm/api/chat/mark-as-read': {
        const found = chatOf(body?.chat_id);
        if (found) found.unread_count = 0;
        for (const m of state.messages[Number(body?.chat_id)] ?? []) if (m.type === 'input') m.is_read = true;
        return json(200, { success: true, unread_count: unread() });
      }
      case '/crm/api/chat/send-message':
        return send(Number(body?.chat_id), body ?? {}, 'organizer');
      case '/crm/api/request/list-for-chat':
        return json(200, { items: state.requests[Number(q.get('chat_id'))] ?? [] });
      case '/crm/api/chat/get-chat-with-support': {
        const site = Number(q.get('site_id'));
        let support = state.chats.find((c) => c.kind === 'support' && c.site?.id === site);
        if (!support) {
          support = chat({
            id: (nextId += 1),
            kind: 'support',
            title: 'Travel Market',
            traveller: null,
            tour: null,
            site: { id: site, name: 'Travel Market' },
          });
          state.chats.push(support);
        }
        return json(200, { id: support.id });
      }
      case '/crm/api/chat/get-chat-with-organizer': {
        const text = String(body?.message ?? '').trim();
        if (text.length > 5000)
          return json(422, {
            message: 'The given data was invalid',
            code: 'validation_failed',
            errors: { message: ['Maximum 5000 characters'] },
            codes: { message: [{ code: 'max_length', params: { length: 5000 } }] },
          });
        const chatId = (nextId += 1);
        const token = `tok${chatId}`;
        state.tokens[token] = chatId;
        state.travellerChats[token] = travellerChat({ id: chatId });
        const first = message({
          id: (nextId += 1),
          chat_id: chatId,
          text,
          client_id: (body?.client_id as string) ?? null,
        });
        state.messages[chatId] = [first];
        return json(200, { id: chatId, token, url: `/org/traveller-chat/${token}`, message: first });
      }
      case '/spa/chat/get': {
        const found = state.travellerChats[q.get('token') ?? ''];
        return found
          ? json(200, found)
          : json(404, { message: 'This chat link is no longer valid', code: 'chat_link_invalid' });
      }
      case '/spa/chat/get-messages':
        return json(200, page(state.messages[state.tokens[q.get('token') ?? ''] ?? 0] ?? [], q));
      case '/spa/chat/send-message':
        return send(state.tokens[String(body?.token)] ?? 0, body ?? {}, 'traveller');
      case '/spa/chat/mark-as-read':
        return json(200, { success: true });
      case '/spa/chat/channels-list':
        return json(200, { connectionToken: 't', channels: [] });
      default:
        return json(404, { message: 'Not found', code: 'not_found' });
    }
  });
  const callsTo = (path: string) => state.calls.filter((c) => c.path === path);
  /** lets the held sends go */
  const release = () => {
    const held = state.held.splice(0);
    for (const go of held) go();
  };
  return { state, handler, callsTo, release };
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

export interface FakeUpload {
  upload: ChatUpload;
  /** the uploads started: progress them, finish or fail them */
  started: { file: File; progress: (p: number) => void; finish: (id: number) => void; fail: (e: unknown) => void }[];
}

export const fakeUpload = (): FakeUpload => {
  const started: FakeUpload['started'] = [];
  const upload: ChatUpload = (file, onProgress) =>
    new Promise((resolve, reject) => {
      started.push({
        file,
        progress: onProgress,
        finish: (id) =>
          resolve({
            id,
            name: file.name,
            size: file.size,
            mime: file.type,
            url: `/files/${id}`,
            is_image: file.type.startsWith('image/'),
          }),
        fail: reject,
      });
    });
  return { upload, started };
};

function ChatRoute({ upload, supportSites }: { upload: ChatUpload; supportSites: readonly SupportSite[] }) {
  const params = useParams();
  return (
    <ChatScreen
      orgId={Number(params.orgId)}
      chatId={params.id === undefined ? null : Number(params.id)}
      userId={USER}
      upload={upload}
      supportSites={supportSites}
    />
  );
}

export const newQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders the app's providers around `element` with a socket the test drives. */
export const renderWithProviders = (
  element: ReactNode,
  { language = 'en', queryClient = newQueryClient() }: { language?: 'en' | 'ru'; queryClient?: QueryClient } = {},
) => {
  const realtime = createRealtimeClient({ fetchChannels: async () => ({ connectionToken: 't', channels: [] }) });
  const i18n = createTestI18n(language);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime}>
        <I18nextProvider i18n={i18n}>
          {element}
          <Toaster />
        </I18nextProvider>
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  /** What the server publishes, as the socket hands it to the client (a colleague's change unless `actor` says). */
  const publish = <E extends RealtimeEvent>(
    channel: string,
    event: E,
    payload: Omit<RealtimePayloads[E], 'actor'> & { actor?: RealtimeActor },
  ) =>
    act(() =>
      realtime.dispatch({ channel, event, payload: { actor: TEST_ACTOR, ...payload } } as unknown as Publication),
    );
  return { ...view, queryClient, publish, i18n };
};

/** Who acted in a publication the tests make: another member. */
export const TEST_ACTOR: RealtimeActor = { type: 'user', user_id: 99 };

/** Renders the chat screen at `path` (/:orgId/chat or /:orgId/chat/:id). */
export const renderChat = (
  path: string,
  {
    language = 'en',
    upload = fakeUpload().upload,
    supportSites = [],
    queryClient,
  }: {
    language?: 'en' | 'ru';
    upload?: ChatUpload;
    supportSites?: readonly SupportSite[];
    queryClient?: QueryClient;
  } = {},
) => {
  const router = createMemoryRouter(
    [
      {
        path: '/:orgId/chat',
        element: (
          <>
            <ChatRoute upload={upload} supportSites={supportSites} />
            <Where />
          </>
        ),
      },
      {
        path: '/:orgId/chat/:id',
        element: (
          <>
            <ChatRoute upload={upload} supportSites={supportSites} />
            <Where />
          </>
        ),
      },
      { path: '/:orgId/bookings/:id', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />, { language, queryClient }), router };
};
