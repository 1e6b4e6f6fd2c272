import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_NAMES } from '@tourdesk/contract/constants';
import { getCookie, removeCookie, setCookie } from '../../../lib/cookies';
import { finishRequestedSite, noteRequestedSiteAtLoad, takeRequestedSite } from './partner-site-request';

afterEach(() => {
  finishRequestedSite();
  removeCookie(COOKIE_NAMES.partnerSite);
});

describe('the partner marketplace request (partner_site cookie)', () => {
  it('is taken from the cookie, which goes, and stays taken until finished', () => {
    setCookie(COOKIE_NAMES.partnerSite, '7', 1);
    expect(takeRequestedSite()).toBe(7);
    expect(getCookie(COOKIE_NAMES.partnerSite)).toBeNull();
    // a render React throws away and repeats takes it again
    expect(takeRequestedSite()).toBe(7);
    finishRequestedSite();
    expect(takeRequestedSite()).toBeNull();
  });

  it('is remembered from the load when the 1-second cookie has expired by the time it is taken', () => {
    setCookie(COOKIE_NAMES.partnerSite, '4', 1);
    expect(noteRequestedSiteAtLoad()).toBe(4);
    removeCookie(COOKIE_NAMES.partnerSite);
    expect(takeRequestedSite()).toBe(4);
    finishRequestedSite();
    expect(takeRequestedSite()).toBeNull();
  });

  it('is nothing without a cookie or with a value that is not a site id', () => {
    expect(takeRequestedSite()).toBeNull();
    setCookie(COOKIE_NAMES.partnerSite, 'x', 1);
    expect(takeRequestedSite()).toBeNull();
  });
});
