import { describe, expect, it } from 'vitest';
import { ROUTES } from './route-table';
import type { LayoutName, RouteMeta } from './route-meta';

const A = { authOnly: true };
const O = { authOnly: true, organizerExists: true };
const N = { authOnly: true, organizerNotExists: true };

/** SPEC §2, row by row. */
const EXPECTED: [string, LayoutName, RouteMeta][] = [
  ['/', 'none', A],
  ['/debug', 'empty', {}],
  ['/redirect', 'none', O],
  ['/fail', 'boxed', {}],
  ['/success', 'boxed', {}],
  ['/agreement/*', 'boxed', {}],
  ['/privacy/*', 'boxed', {}],
  ['/login', 'boxed', { guestOnly: true }],
  ['/register', 'boxed', { guestOnly: true }],
  ['/password-recovery', 'boxed', { guestOnly: true }],
  ['/reset-password', 'boxed', {}],
  // beyond SPEC §2: the help form (issue 28, POST /spa/submit-help-request)
  ['/help', 'boxed', {}],
  ['/questionnaire/:uuid', 'boxed', {}],
  // beyond SPEC §2: the traveller's booking page by its secret link (issue 27)
  ['/booking/:token', 'empty', {}],
  ['/review/:token', 'empty', {}],
  ['/invite/:token', 'boxed', {}],
  ['/traveller-chat/:token', 'empty', {}],
  ['/operator', 'none', {}],
  ['/login-via-token', 'boxed', {}],
  ['/email-confirm', 'empty', A],
  ['/:orgId/dashboard', 'default', O],
  ['/:orgId/partner/:siteId', 'default', O],
  ['/tour-provider/create', 'empty', N],
  ['/tour-provider/non', 'empty', N],
  ['/:orgId/settings', 'default', A],
  ['/:orgId/settings/:tab', 'default', A],
  ['/profile', 'default', A],
  ['/:orgId/chat', 'default', O],
  ['/:orgId/chat/:id', 'default', O],
  ['/:orgId/tours', 'default', A],
  ['/:orgId/tours/create', 'default', A],
  ['/:orgId/tours/:id', 'default', O],
  ['/:orgId/tours/:tourId/departures/:dateId/rooming-list', 'default', O],
  // beyond SPEC §2: a departure's manifest on the guide's phone (issue 29)
  ['/:orgId/departures/:tour_date_id/manifest', 'default', O],
  ['/:orgId/bookings', 'default', A],
  ['/:orgId/bookings/:id', 'default', O],
  ['/:orgId/reviews', 'default', O],
  ['/:orgId/site', 'default', O],
  ['/:orgId/payments', 'default', O],
  // beyond SPEC §2: the calendar of every departure (issue 29)
  ['/:orgId/departures', 'default', O],
  ['/:orgId/reports', 'default', O],
  ['/:orgId/contract-template', 'default', O],
  ['/:orgId/agent/:agentId', 'default', O],
];

describe('route table', () => {
  it('has every SPEC §2 route with its meta and layout, and nothing else', () => {
    expect(ROUTES.map((r) => [r.path, r.layout, r.meta])).toEqual(EXPECTED);
  });

  it('gives every route a title and, except the redirecting index, a lazy page', async () => {
    for (const route of ROUTES) {
      expect(route.title).toMatch(/^pages:/);
      if (route.path === '/') continue;
      expect(route.load, route.path).toBeTypeOf('function');
      const Component = await route.load?.();
      expect(Component, route.path).toBeTypeOf('function');
    }
  });
});
