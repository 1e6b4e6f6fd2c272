import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Socket } from 'socket.io-client';
import { chatChannel, type Publication } from '@tourdesk/contract/realtime-values';
import { createTestI18n } from '../../lib/i18n/resources';
import { createRealtimeClient } from '../../lib/socket/realtime-client';
import { TravellerChatPage } from './components/traveller-chat-page';
import { forgetOutboxes } from './outbox';
import { chatServer, message, newQueryClient, ORG, travellerChat } from './test-utils';

const TOKEN = 'tok_abc-123';

const messages = () => [
  message({ id: 1, chat_id: 1, text: 'Is breakfast included?', author: 'traveller', type: 'input', is_read: false }),
  message({
    id: 2,
    chat_id: 1,
    type: 'output',
    author: 'organizer',
    author_name: 'Altai Trails',
    text: 'Yes, every day.',
    is_read: false,
  }),
];

const renderPage = (language: 'en' | 'ru' = 'en', token = TOKEN) => {
  const socket = {
    on: () => socket,
    emit: () => socket,
    removeAllListeners: () => socket,
    disconnect: () => socket,
  } as unknown as Socket;
  const realtime = createRealtimeClient({
    fetchChannels: async () => ({ connectionToken: 't', channels: [] }),
    createSocket: () => socket,
  });
  const router = createMemoryRouter(
    [{ path: '/traveller-chat/:token', element: <TravellerChatPage realtimeClient={realtime} /> }],
    { initialEntries: [`/traveller-chat/${token}`] },
  );
  render(
    <QueryClientProvider client={newQueryClient()}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // what the organizer's channel sends the traveller: a member acted, no id
  const publish = (publication: { channel: string; event: Publication['event']; payload: Record<string, unknown> }) =>
    act(() =>
      realtime.dispatch({
        ...publication,
        payload: { actor: { type: 'user', user_id: null }, ...publication.payload },
      } as Publication),
    );
  return { publish };
};

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('language', 'en');
  forgetOutboxes();
});
afterEach(() => vi.unstubAllGlobals());

describe("the traveller's chat page", () => {
  it("shows whom the traveller writes to, the messages with the traveller's own on their side, and marks the organizer's read", async () => {
    const server = chatServer({
      tokens: { [TOKEN]: 1 },
      travellerChats: { [TOKEN]: travellerChat({ unread_count: 1 }) },
      messages: { 1: messages() },
    });
    vi.stubGlobal('fetch', server.handler);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Chat with Altai Trails' })).toBeInTheDocument();
    expect(screen.getByText('About the tour: Altai lakes')).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByTestId('message-1').firstElementChild).toHaveClass('bg-primary-600');
    expect(within(log).getByTestId('message-2').firstElementChild).not.toHaveClass('bg-primary-600');
    // one organizer, named in the header: no name above each of its messages
    expect(within(log).queryByText('Altai Trails')).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('/spa/chat/mark-as-read')).toHaveLength(1));
    expect(server.callsTo('/spa/chat/mark-as-read')[0]!.body).toEqual({ token: TOKEN });
    expect(server.callsTo('/spa/chat/get-messages')[0]!.query.get('token')).toBe(TOKEN);
  });

  it('sends a message by the link, with its client id', async () => {
    const server = chatServer({
      tokens: { [TOKEN]: 1 },
      travellerChats: { [TOKEN]: travellerChat() },
      messages: { 1: messages() },
    });
    vi.stubGlobal('fetch', server.handler);
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Thank you!{Enter}');
    await waitFor(() => expect(server.callsTo('/spa/chat/send-message')).toHaveLength(1));
    expect(server.callsTo('/spa/chat/send-message')[0]!.body).toMatchObject({
      token: TOKEN,
      message: 'Thank you!',
      file_id: null,
      client_id: expect.any(String),
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    const sent = await within(log).findByText('Thank you!');
    await waitFor(() =>
      expect(sent.closest('[data-testid^="message-"]')!.querySelector('[data-status="success"]')).not.toBeNull(),
    );
  });

  it("the organizer's answer (text, never HTML, and an image) and the read ticks arrive live on the chat's channel; a freeze closes the composer", async () => {
    const server = chatServer({
      tokens: { [TOKEN]: 1 },
      travellerChats: { [TOKEN]: travellerChat() },
      messages: { 1: messages() },
    });
    vi.stubGlobal('fetch', server.handler);
    const { publish } = renderPage();
    const log = await screen.findByRole('log', { name: 'Messages' });
    const answer = message({
      id: 3,
      chat_id: 1,
      type: 'output',
      author: 'organizer',
      author_name: 'Altai Trails',
      text: 'See the <b>photo</b>',
      file: {
        id: 9,
        name: 'bus.jpg',
        size: 1000,
        mime: 'image/jpeg',
        url: '/spa/chat/file?token=x&id=9',
        is_image: true,
        download_status: 2,
      },
    });
    publish({
      channel: chatChannel(1),
      event: 'new_message',
      payload: { organizer_id: ORG, chat_id: 1, message: answer },
    });
    expect(await within(log).findByText('See the <b>photo</b>')).toBeInTheDocument();
    expect(within(log).getByRole('img', { name: 'bus.jpg' })).toHaveAttribute('src', '/spa/chat/file?token=x&id=9');

    const tick = () => screen.getByTestId('message-1').querySelector('[data-status]')!.getAttribute('data-status');
    expect(tick()).toBe('success');
    publish({
      channel: chatChannel(1),
      event: 'chat_is_read',
      payload: { organizer_id: ORG, chat_id: 1, reader: 'organizer', last_read_id: 3 },
    });
    await waitFor(() => expect(tick()).toBe('read'));

    // another chat's channel changes nothing here
    publish({
      channel: chatChannel(2),
      event: 'new_message',
      payload: { organizer_id: ORG, chat_id: 2, message: message({ id: 4, chat_id: 2, text: 'Someone else' }) },
    });
    publish({
      channel: chatChannel(1),
      event: 'chat_is_frozen',
      payload: { organizer_id: ORG, chat_id: 1, is_frozen: true },
    });
    expect(await screen.findByText('This chat is frozen.')).toBeInTheDocument();
    expect(screen.queryByText('Someone else')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('a file the organizer sent from Telegram shows as being received, then failed or received as its channel says, in Russian too', async () => {
    const fromTelegram = (id: number, name: string, mime: string) =>
      message({
        id,
        chat_id: 1,
        type: 'output',
        author: 'organizer',
        author_name: 'Altai Trails',
        text: '',
        file: {
          id: id * 10,
          name,
          size: 2048,
          mime,
          url: `/spa/chat/file?token=x&id=${id * 10}`,
          is_image: mime === 'image/jpeg',
          download_status: 1,
        },
      });
    for (const language of ['en', 'ru'] as const) {
      const server = chatServer({
        tokens: { [TOKEN]: 1 },
        travellerChats: { [TOKEN]: travellerChat() },
        messages: {
          1: [
            ...messages(),
            fromTelegram(3, 'camp.jpg', 'image/jpeg'),
            fromTelegram(4, 'route.pdf', 'application/pdf'),
          ],
        },
      });
      vi.stubGlobal('fetch', server.handler);
      window.localStorage.setItem('language', language);
      const { publish } = renderPage(language);
      const log = await screen.findByRole('log', { name: language === 'en' ? 'Messages' : 'Сообщения' });
      const texts =
        language === 'en'
          ? { receiving: 'Receiving route.pdf…', failed: 'route.pdf could not be received' }
          : { receiving: 'Получаем route.pdf…', failed: 'Не удалось получить route.pdf' };
      expect(await within(log).findByText(texts.receiving)).toBeInTheDocument();
      expect(within(log).queryByRole('img', { name: 'camp.jpg' })).not.toBeInTheDocument();
      const status = (messageId: number, downloadStatus: 2 | 3) =>
        publish({
          channel: chatChannel(1),
          event: 'attachment_download_status_was_changed',
          payload: {
            organizer_id: ORG,
            chat_id: 1,
            message_id: messageId,
            file_id: messageId * 10,
            download_status: downloadStatus,
          },
        });
      status(4, 3);
      expect(await within(log).findByText(texts.failed)).toBeInTheDocument();
      expect(within(log).queryByText(texts.receiving)).not.toBeInTheDocument();
      expect(within(log).queryByRole('link', { name: /route\.pdf/ })).not.toBeInTheDocument();
      status(3, 2);
      expect(await within(log).findByRole('img', { name: 'camp.jpg' })).toHaveAttribute(
        'src',
        '/spa/chat/file?token=x&id=30',
      );
      cleanup();
    }
  });

  it('says when the link is no longer valid, in Russian too', async () => {
    vi.stubGlobal('fetch', chatServer().handler);
    window.localStorage.setItem('language', 'ru');
    renderPage('ru', 'gone');
    expect(await screen.findByText('Ссылка на чат больше не действует')).toBeInTheDocument();
  });
});
