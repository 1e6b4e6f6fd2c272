import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { VALIDATION_MESSAGES } from '@tourdesk/contract/validation';
import { Toaster } from '@tourdesk/ui';
import { createTestI18n } from '../../../lib/i18n/resources';
import { validationError } from '../../../test/error-bodies';
import { HelpForm } from './help-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const wrap = (ui: ReactNode, language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter([{ path: '/', element: ui }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};
const sent = (fetch: ReturnType<typeof vi.fn>) =>
  JSON.parse(String((fetch.mock.calls.at(-1)![1] as RequestInit).body)) as { data: Record<string, unknown> };

afterEach(() => vi.unstubAllGlobals());

describe('the help form', () => {
  it("a guest's question: checked first, then sent with the page it came from, answered by e-mail", async () => {
    const fetch = vi.fn(async () => json(200, { success: true, channel: 'email', chat_id: null }));
    vi.stubGlobal('fetch', fetch);
    wrap(<HelpForm page="https://altai.example/" />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText(VALIDATION_MESSAGES.required)).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ivan');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ivan@');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), '  Where is my booking?  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Support will answer at ivan@example.com.');
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/spa\/submit-help-request$/);
    expect(sent(fetch)).toEqual({
      data: {
        name: 'Ivan',
        email: 'ivan@example.com',
        message: 'Where is my booking?',
        page: 'https://altai.example/',
      },
    });
  });

  it("a member's question goes to its support chat, with its name and e-mail filled in; in Russian", async () => {
    const fetch = vi.fn(async () => json(200, { success: true, channel: 'chat', chat_id: 41 }));
    vi.stubGlobal('fetch', fetch);
    wrap(<HelpForm who={{ name: 'Анна Смирнова', email: 'anna@example.com', organizerId: 7 }} />, 'ru');
    expect(screen.getByRole('textbox', { name: 'Ваше имя' })).toHaveValue('Анна Смирнова');
    expect(screen.getByRole('textbox', { name: 'Электронная почта' })).toHaveValue('anna@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Ваш вопрос' }), 'Не приходит оплата');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Оно в вашем чате поддержки');
    expect(screen.getByRole('link', { name: 'Открыть чат' })).toHaveAttribute('href', '/7/chat/41');
    expect(sent(fetch).data).toMatchObject({ organizer_id: 7, message: 'Не приходит оплата' });
  });

  it("the server's field errors land on their fields", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(422, validationError({ 'data.email': 'email' }))),
    );
    wrap(<HelpForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ivan');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ivan@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Help');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
  });
});
