import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import type { User } from '@tourdesk/contract/entities/user';
import { OrganizerSwitcher } from '../../features/organizer/components/organizer-switcher';
import { createTestI18n } from '../../lib/i18n/resources';
import { UserMenu } from './user-menu';

const USER: User = {
  id: 1,
  first_name: 'Anna',
  last_name: 'Smirnova',
  email: 'anna@example.com',
  phone: null,
  country: 'RU',
  is_phone_confirm: true,
  is_password_set: true,
  is_email_set: true,
  is_email_confirm: true,
  is_admin_auth: false,
  language: 'en',
  currency: 'RUB',
  timezone: null,
  avatar: null,
};

const wrap = (ui: ReactNode, language: 'en' | 'ru' = 'en') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );

// axe's label-content-name-mismatch: a control's name holds the text it shows (speech input says what it sees)
describe("the shell's controls are named by what they show", () => {
  it('the organizer switcher: what it does, then the provider and the count it shows', () => {
    const organizers = [
      { id: 1, name: 'Altai Trails', logo: null, is_internal_check_success: true, role: 'owner' as const },
      { id: 2, name: 'Baikal Expeditions', logo: null, is_internal_check_success: true, role: 'owner' as const },
    ];
    wrap(<OrganizerSwitcher organizers={organizers} activeId={2} onSelect={() => undefined} />);
    expect(screen.getByRole('button')).toHaveAccessibleName(
      // jsdom puts no space between blocks, a browser does
      /^Switch tour provider: Baikal Expeditions ?2 tour providers$/,
    );
  });

  it('the account menu: its name, then the person and e-mail it shows; on a phone the picture alone', () => {
    wrap(<UserMenu user={USER} />, 'ru');
    const menu = screen.getByRole('button');
    expect(menu).toHaveAccessibleName(/^Меню аккаунта Anna Smirnova/);
    expect(menu).toHaveAccessibleName(/anna@example\.com$/);
  });

  it('on a phone, the picture alone: the menu is named by what it is', () => {
    wrap(<UserMenu user={USER} compact />);
    expect(screen.getByRole('button')).toHaveAccessibleName('Account menu');
  });
});
