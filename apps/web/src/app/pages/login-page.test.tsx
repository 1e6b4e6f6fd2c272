import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createTestI18n } from '../../lib/i18n/resources';
import { LoginPage } from './login-page';

/** The paragraph under the form, by its whole text (the links are elements inside it). */
const legal = (text: string) =>
  screen.getByText((_content, element) => element?.tagName === 'P' && element.textContent === text);

const renderAt = (path: string, language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <LoginPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

describe('the legal line under the form', () => {
  it('says signing in on the sign-in tab', () => {
    renderAt('/login');
    expect(legal('By signing in you accept the terms of use and the privacy policy.')).toBeVisible();
  });

  it('says signing up on the sign-up tab', () => {
    renderAt('/register');
    expect(legal('By signing up you accept the terms of use and the privacy policy.')).toBeVisible();
  });

  it('says registering on the Russian sign-up tab', () => {
    renderAt('/register', 'ru');
    expect(legal('Регистрируясь, вы принимаете условия использования и политику конфиденциальности.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'условия использования' })).toBeInTheDocument();
  });
});
