import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES } from '@tourdesk/contract/team-values';
import { NAV_ITEMS, navItemVisible } from './default-layout';
import { SETTINGS_TAB_CAPABILITY, SETTINGS_TABS } from '../route-table';
import { roleCan } from '@tourdesk/contract/team-values';

describe('the menu per role (issue 29)', () => {
  it('shows each role only what it may use', () => {
    const menu = Object.fromEntries(
      MEMBER_ROLES.map((role) => [role, NAV_ITEMS.filter((item) => navItemVisible(item, role)).map((i) => i.section)]),
    );
    expect(menu).toEqual({
      owner: [
        'dashboard',
        'bookings',
        'tours',
        'departures',
        'chat',
        'reviews',
        'payments',
        'reports',
        'contract-template',
        'site',
        'settings/team',
        'settings',
      ],
      manager: [
        'dashboard',
        'bookings',
        'tours',
        'departures',
        'chat',
        'reviews',
        'payments',
        'reports',
        'contract-template',
        'site',
        'settings',
      ],
      guide: ['dashboard', 'bookings', 'departures', 'chat'],
      accountant: ['dashboard', 'bookings', 'tours', 'departures', 'reviews', 'payments', 'reports', 'settings'],
    });
  });

  it('hides nothing while the role is unknown (the organizer list loads)', () => {
    expect(NAV_ITEMS.filter((item) => navItemVisible(item, null))).toHaveLength(NAV_ITEMS.length);
  });

  it('shows the settings tabs a role may use', () => {
    const tabs = Object.fromEntries(
      MEMBER_ROLES.map((role) => [role, SETTINGS_TABS.filter((tab) => roleCan(role, SETTINGS_TAB_CAPABILITY[tab]))]),
    );
    expect(tabs).toEqual({
      owner: ['main', 'contacts', 'cancellation', 'docs', 'accounts', 'payments', 'messages', 'promo', 'team'],
      manager: ['main', 'contacts', 'cancellation', 'docs', 'messages', 'promo'],
      guide: [],
      accountant: ['payments'],
    });
  });
});
