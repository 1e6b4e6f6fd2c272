import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { organizerChannel } from '@tourdesk/contract/realtime-values';
import { notificationSound, setChatSoundEnabled } from '../../lib/notification-sound';
import { tabAttention } from '../../lib/tab-attention';
import { ChatAttention } from './components/chat-attention';
import { ChatNavBadge } from './components/chat-nav-badge';
import { chat, chatServer, message, ORG, renderWithProviders, USER } from './test-utils';

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

const incoming = (id: number) => ({
  organizer_id: ORG,
  chat_id: 1,
  message: message({ id, chat_id: 1, text: 'Hello', is_read: false }),
});

const setup = (unread: number, language: 'en' | 'ru' = 'en') => {
  const server = chatServer({ chats: [chat({ id: 1, unread_count: unread })] });
  vi.stubGlobal('fetch', server.handler);
  const view = renderWithProviders(
    <>
      <ChatAttention orgId={ORG} userId={USER} />
      <nav>
        Chats <ChatNavBadge orgId={ORG} />
      </nav>
    </>,
    { language },
  );
  /** the server counts one more unread message, then publishes it */
  const newMessage = (id: number, channel = organizerChannel(ORG)) => {
    server.state.chats[0]!.unread_count += 1;
    view.publish(channel, 'new_message', incoming(id));
  };
  return { ...view, server, newMessage };
};

beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  tabAttention().setBaseTitle('Bookings · Tourdesk');
  window.localStorage.clear();
});

afterEach(() => {
  setVisibility('visible');
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('unread badge and tab title', () => {
  it('the Chats item shows the unread count, which follows new messages and reads live', async () => {
    const { newMessage, publish, server } = setup(3);
    const badge = await screen.findByTestId('chat-badge');
    expect(badge).toHaveTextContent('3');
    expect(badge).toHaveTextContent('3 unread messages');
    expect(document.title).toBe('(3) Bookings · Tourdesk');

    newMessage(20);
    await waitFor(() => expect(screen.getByTestId('chat-badge')).toHaveTextContent('4 unread messages'));
    expect(document.title).toBe('(4) Bookings · Tourdesk');

    // read in another tab, or by a colleague
    server.state.chats[0]!.unread_count = 0;
    publish(organizerChannel(ORG), 'chat_is_read', {
      organizer_id: ORG,
      chat_id: 1,
      reader: 'organizer',
      last_read_id: 20,
    });
    await waitFor(() => expect(screen.queryByTestId('chat-badge')).not.toBeInTheDocument());
    expect(document.title).toBe('Bookings · Tourdesk');
  });

  it('shows 99+ past 99 and says the count in Russian', async () => {
    setup(120, 'ru');
    const badge = await screen.findByTestId('chat-badge');
    expect(badge).toHaveTextContent('99+');
    expect(badge).toHaveTextContent('120 непрочитанных сообщений');
  });

  it("another organizer's messages leave the count alone", async () => {
    const { newMessage, server } = setup(1);
    await screen.findByTestId('chat-badge');
    const before = server.callsTo('/crm/api/chat/unread-count').length;
    newMessage(21, organizerChannel(ORG + 1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.callsTo('/crm/api/chat/unread-count')).toHaveLength(before);
  });
});

describe('hidden tab attention and sound', () => {
  it('while the tab is hidden, a new message makes the title and favicon alternate every 1000 ms until it is visible', async () => {
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3Csvg%2F%3E" />';
    const { newMessage } = setup(0);
    await waitFor(() => expect(document.title).toBe('Bookings · Tourdesk'));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setVisibility('hidden');
    newMessage(22);
    expect(document.title).toBe('(1) New message');
    const icon = () => document.querySelector('link[rel~="icon"]')!.getAttribute('href');
    expect(icon()).not.toBe('data:image/svg+xml,%3Csvg%2F%3E');
    act(() => vi.advanceTimersByTime(1000));
    expect(document.title).toMatch(/Bookings · Tourdesk$/);
    expect(icon()).toBe('data:image/svg+xml,%3Csvg%2F%3E');
    // a second message counts, in the same rhythm
    newMessage(23);
    expect(document.title).toMatch(/Bookings · Tourdesk$/);
    act(() => vi.advanceTimersByTime(1000));
    expect(document.title).toBe('(2) New messages');
    act(() => vi.advanceTimersByTime(1000));
    expect(document.title).toMatch(/Bookings · Tourdesk$/);
    setVisibility('visible');
    expect(document.title).toMatch(/Bookings · Tourdesk$/);
    expect(tabAttention().isAlternating()).toBe(false);
  });

  it("the organizer's own messages call for no attention; a new chat does", async () => {
    const { publish } = setup(0, 'ru');
    await waitFor(() => expect(document.title).toBe('Bookings · Tourdesk'));
    setVisibility('hidden');
    publish(organizerChannel(ORG), 'new_message', {
      organizer_id: ORG,
      chat_id: 1,
      message: message({ id: 30, chat_id: 1, type: 'output', author: 'organizer' }),
    });
    expect(tabAttention().isAlternating()).toBe(false);
    publish(organizerChannel(ORG), 'chat_created', { organizer_id: ORG, chat: chat({ id: 2 }) });
    expect(document.title).toBe('(1) Новое сообщение');
  });

  it('plays the sound on a new message unless the user turned it off', async () => {
    const play = vi.spyOn(notificationSound(), 'play').mockReturnValue(true);
    const { newMessage } = setup(0);
    await screen.findByText('Chats');
    newMessage(40);
    expect(play).toHaveBeenCalledTimes(1);
    act(() => setChatSoundEnabled(USER, false));
    newMessage(41);
    expect(play).toHaveBeenCalledTimes(1);
  });
});
