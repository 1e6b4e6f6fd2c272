import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { WriteToOrganizer } from './components/write-to-organizer';
import { chatServer, ORG, renderWithProviders } from './test-utils';

const UUID = '0b7e4a8c-4a52-4e2e-9d8a-3f1c2b6d7e90';

const renderEntry = (language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      {
        path: '/questionnaire/:uuid',
        element: <WriteToOrganizer organizerId={ORG} organizerName="Altai Trails" requestUuid={UUID} />,
      },
      { path: '/traveller-chat/:token', element: <p>traveller chat</p> },
    ],
    { initialEntries: [`/questionnaire/${UUID}`] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />, { language }), router };
};

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('Write to the organizer (questionnaire page)', () => {
  it("sends the traveller's first message for the request and opens the chat by its link; the link is remembered", async () => {
    const server = chatServer();
    vi.stubGlobal('fetch', server.handler);
    const { router } = renderEntry();
    await userEvent.click(screen.getByRole('button', { name: 'Write to the organizer' }));
    expect(screen.getByRole('heading', { name: 'A question for Altai Trails?' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Can I bring my dog?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/traveller-chat\/tok\d+$/));
    expect(server.callsTo('/crm/api/chat/get-chat-with-organizer')[0]!.body).toEqual({
      organizer_id: ORG,
      request_uuid: UUID,
      message: 'Can I bring my dog?',
      client_id: expect.any(String),
    });
    const token = router.state.location.pathname.split('/').at(-1)!;
    expect(window.localStorage.getItem(`questionnaire-chat:${UUID}`)).toBe(token);
  });

  it('once the traveller has a chat, the entry opens it', async () => {
    window.localStorage.setItem(`questionnaire-chat:${UUID}`, 'tok42');
    vi.stubGlobal('fetch', chatServer().handler);
    renderEntry('ru');
    expect(screen.getByRole('link', { name: 'Открыть чат с организатором' })).toHaveAttribute(
      'href',
      '/traveller-chat/tok42',
    );
  });

  it('an empty message is refused on its field, nothing is sent', async () => {
    const server = chatServer();
    vi.stubGlobal('fetch', server.handler);
    renderEntry();
    await userEvent.click(screen.getByRole('button', { name: 'Write to the organizer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveAccessibleDescription('Required field');
    expect(server.callsTo('/crm/api/chat/get-chat-with-organizer')).toHaveLength(0);
  });
});
