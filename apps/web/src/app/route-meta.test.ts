import { describe, expect, it } from 'vitest';
import { activeOrganizerId, hasOnlyNumericIds, resolveGuard } from './route-meta';

const withOrgs = { organizers: [{ id: 7 }, { id: 9 }] };
const noOrgs = { organizers: [] };

describe('guards (SPEC §2)', () => {
  it('authOnly sends a guest to /login', () => {
    expect(resolveGuard({ authOnly: true }, { session: null })).toEqual({ kind: 'login' });
    expect(resolveGuard({ authOnly: true }, { session: noOrgs })).toEqual({ kind: 'allow' });
  });

  it('guestOnly sends a signed-in user to /', () => {
    expect(resolveGuard({ guestOnly: true }, { session: withOrgs })).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveGuard({ guestOnly: true }, { session: null })).toEqual({ kind: 'allow' });
  });

  it('organizerExists without any organizer goes to /tour-provider/non', () => {
    expect(resolveGuard({ authOnly: true, organizerExists: true }, { session: noOrgs })).toEqual({
      kind: 'redirect',
      to: '/tour-provider/non',
    });
    expect(resolveGuard({ authOnly: true, organizerExists: true }, { session: withOrgs, orgId: '9' })).toEqual({
      kind: 'allow',
    });
  });

  it('organizerNotExists with an organizer goes to the active one’s bookings', () => {
    expect(resolveGuard({ authOnly: true, organizerNotExists: true }, { session: withOrgs })).toEqual({
      kind: 'redirect',
      to: '/7/bookings',
    });
    expect(resolveGuard({ authOnly: true, organizerNotExists: true }, { session: noOrgs })).toEqual({ kind: 'allow' });
  });

  it('checks authentication before the organizer rules', () => {
    expect(resolveGuard({ authOnly: true, organizerExists: true }, { session: null })).toEqual({ kind: 'login' });
    expect(resolveGuard({ authOnly: true, organizerNotExists: true }, { session: null })).toEqual({ kind: 'login' });
  });

  it('takes the active organizer from orgId, else the first', () => {
    expect(activeOrganizerId(withOrgs.organizers, '9')).toBe(9);
    expect(activeOrganizerId(withOrgs.organizers, '5')).toBe(7);
    expect(activeOrganizerId(withOrgs.organizers)).toBe(7);
    expect(activeOrganizerId([], '5')).toBeNull();
  });

  it('accepts only numeric orgId, id, siteId and agentId', () => {
    expect(hasOnlyNumericIds({ orgId: '12', id: '3', siteId: '4', agentId: '5' })).toBe(true);
    expect(hasOnlyNumericIds({ tab: 'main' })).toBe(true);
    for (const bad of ['abc', '1a', '-1', '1.5', ' 1', '']) {
      expect(hasOnlyNumericIds({ orgId: bad })).toBe(false);
      expect(hasOnlyNumericIds({ orgId: '1', id: bad })).toBe(false);
    }
    expect(hasOnlyNumericIds({ siteId: 'x' })).toBe(false);
    expect(hasOnlyNumericIds({ agentId: 'x' })).toBe(false);
  });
});
