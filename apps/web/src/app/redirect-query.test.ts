import { describe, expect, it } from 'vitest';
import { loginPathFor, parseRedirectQuery } from './redirect-query';

const origin = 'http://localhost';

describe('redirect query', () => {
  it('honours same-origin paths under /org', () => {
    expect(parseRedirectQuery('/org/1/bookings', origin)).toEqual({ kind: 'path', path: '/1/bookings' });
    expect(parseRedirectQuery('/org/1/bookings?page=2#top', origin)).toEqual({
      kind: 'path',
      path: '/1/bookings?page=2#top',
    });
    expect(parseRedirectQuery('/org', origin)).toEqual({ kind: 'path', path: '/' });
    expect(parseRedirectQuery(null, origin)).toEqual({ kind: 'none' });
    expect(parseRedirectQuery('', origin)).toEqual({ kind: 'none' });
  });

  it.each([
    'https://evil.example/org/1/bookings',
    '//evil.example/org/1',
    '/\\evil.example/org',
    'javascript:alert(1)',
    '/admin',
    '/organizer',
    '/org/../admin',
    'org/1/bookings',
  ])('rejects %s as an illegal redirect', (value) => {
    expect(parseRedirectQuery(value, origin)).toEqual({ kind: 'illegal' });
  });

  it('carries the original path to /login, except for /', () => {
    expect(loginPathFor('/1/bookings')).toBe('/login?redirect=%2Forg%2F1%2Fbookings');
    expect(loginPathFor('/1/bookings?x=1')).toBe('/login?redirect=%2Forg%2F1%2Fbookings%3Fx%3D1');
    expect(loginPathFor('/')).toBe('/login');
  });
});
