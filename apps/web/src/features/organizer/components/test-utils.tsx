import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, UiTextsProvider } from '@tourdesk/ui';
import { organizerSchema, type Organizer } from '@tourdesk/contract/entities/organizer';
import { createTestI18n } from '../../../lib/i18n/resources';

// jsdom has no ResizeObserver; Radix checkboxes measure themselves with it
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const makeOrganizer = (patch: Partial<Organizer> = {}): Organizer => ({
  ...organizerSchema.parse({ id: 7, name: 'Altai Trails' }),
  ...patch,
});

export const renderWithApp = (ui: ReactNode, { path = '/', language = 'en' as 'en' | 'ru' } = {}) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createTestI18n(language)}>
        {/* the kit's widgets speak the interface language, as under the app's providers */}
        <UiTextsProvider locale={language}>
          <RouterProvider router={router} />
          <Toaster />
        </UiTextsProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};
