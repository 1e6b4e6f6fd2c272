import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORGANIZER_MESSAGES } from '@tourdesk/contract/messages';
import type { PartnersResponse } from '@tourdesk/contract/api/organizer';
import { toApiError } from '../../../lib/api/api-error';
import { SignPartnershipModal } from './sign-partnership-modal';
import {
  isSettingsOrCreatePath,
  parsePartnerSiteCookie,
  signPartnershipFailure,
  startupPartnerSite,
  validateSignPartnership,
} from './sign-partnership-rules';
import { json, renderWithApp } from './test-utils';
import { messageError, validationError } from '../../../test/error-bodies';

afterEach(() => vi.unstubAllGlobals());

const site = {
  id: 3,
  name: 'Guides Club',
  domain: 'guidesclub.org',
  organizer_agreement_url: 'https://guidesclub.org/organizer-agreement',
};

const partners: PartnersResponse = {
  connected_sites: [
    {
      site_id: 1,
      name: 'Travelpath',
      domain: 'travelpath.ru',
      logo: null,
      organizer_agreement_url: null,
      is_published_on_site: true,
      status: 'published',
      is_tour_author_required: true,
      signed_at: '2024-09-01T00:00:00.000Z',
    },
    {
      site_id: 2,
      name: 'Steppe Trips',
      domain: 'steppetrips.kz',
      logo: null,
      organizer_agreement_url: null,
      is_published_on_site: false,
      status: 'unpublished',
      is_tour_author_required: false,
      signed_at: '2024-09-01T00:00:00.000Z',
    },
  ],
  available_for_connection: [{ ...site, logo: null, is_tour_author_required: true }],
  agents: [],
};

describe('sign-partnership rules (SPEC §5, §8)', () => {
  it('requires both acceptances with the exact message', () => {
    expect(validateSignPartnership({ is_agreement_accepted: false, is_privacy_accepted: false })).toEqual({
      is_agreement_accepted: 'required',
      is_privacy_accepted: 'required',
    });
    expect(validateSignPartnership({ is_agreement_accepted: true, is_privacy_accepted: false })).toEqual({
      is_privacy_accepted: 'required',
    });
    expect(validateSignPartnership({ is_agreement_accepted: true, is_privacy_accepted: true })).toEqual({});
  });

  it("shows the server message, 'Error' without one, and a tour-expert prompt for tour_organizer_id", () => {
    expect(signPartnershipFailure(toApiError(422, messageError('not_connected')))).toEqual({
      kind: 'message',
      message: { code: 'not_connected' },
    });
    expect(signPartnershipFailure(toApiError(400, {}))).toEqual({ kind: 'message', message: null });
    expect(signPartnershipFailure(new Error('boom'))).toEqual({ kind: 'message', message: null });
    const tourAuthor = toApiError(
      422,
      validationError({ tour_organizer_id: 'tour_author_required' }, 'tour_author_required'),
    );
    expect(signPartnershipFailure(tourAuthor)).toEqual({
      kind: 'tour_author',
      message: { code: 'tour_author_required' },
    });
  });
});

describe('start-up sign-partnership modal conditions (SPEC §4)', () => {
  const base = { requestedSiteId: 3, pathname: '/org/1/bookings', activeOrganizerId: 1, partners };
  it('offers an available requested site for signing', () => {
    expect(startupPartnerSite(base)).toEqual({ kind: 'sign', site: partners.available_for_connection[0] });
  });
  it('offers publishing for a connected but unpublished site, nothing for a published one', () => {
    expect(startupPartnerSite({ ...base, requestedSiteId: 2 })?.kind).toBe('publish');
    expect(startupPartnerSite({ ...base, requestedSiteId: 1 })).toBeNull();
  });
  it('needs a requested site, an active organizer, and a page other than settings or create', () => {
    expect(startupPartnerSite({ ...base, requestedSiteId: null })).toBeNull();
    expect(startupPartnerSite({ ...base, activeOrganizerId: null })).toBeNull();
    expect(startupPartnerSite({ ...base, pathname: '/org/1/settings/main' })).toBeNull();
    expect(startupPartnerSite({ ...base, pathname: '/org/1/settings' })).toBeNull();
    expect(startupPartnerSite({ ...base, pathname: '/org/tour-provider/create' })).toBeNull();
    expect(startupPartnerSite({ ...base, requestedSiteId: 99 })).toBeNull();
    expect(isSettingsOrCreatePath('/org/1/dashboard')).toBe(false);
  });
  it('reads the partner-site cookie as a site id', () => {
    expect(parsePartnerSiteCookie('3')).toBe(3);
    expect(parsePartnerSiteCookie(null)).toBeNull();
    expect(parsePartnerSiteCookie('abc')).toBeNull();
    expect(parsePartnerSiteCookie('0')).toBeNull();
  });
});

describe('sign-partnership modal', () => {
  const renderModal = () => {
    const onSigned = vi.fn();
    renderWithApp(<SignPartnershipModal orgId={1} site={site} open onOpenChange={vi.fn()} onSigned={onSigned} />);
    return onSigned;
  };

  it('shows the organizer agreement link and requires both boxes before calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderModal();
    expect(await screen.findByRole('link', { name: 'Organizer agreement of Guides Club' })).toHaveAttribute(
      'href',
      site.organizer_agreement_url,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign partnership' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('prompts to fill in the tour expert when the server rejects tour_organizer_id', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          json(422, validationError({ tour_organizer_id: 'tour_author_required' }, 'tour_author_required')),
        ),
    );
    renderModal();
    await userEvent.click(await screen.findByRole('checkbox', { name: /user agreement/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign partnership' }));
    expect(await screen.findByText(ORGANIZER_MESSAGES.tour_author_required)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Fill in the tour expert's details" })).toHaveAttribute(
      'href',
      '/1/settings/main#tour-author',
    );
  });

  it("shows 'Error' when the server gives no message, and signs with both acceptances", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(500, {}))
      .mockResolvedValue(json(200, { ...partners.connected_sites[0], site_id: 3, name: 'Guides Club' }));
    vi.stubGlobal('fetch', fetch);
    const onSigned = renderModal();
    await userEvent.click(await screen.findByRole('checkbox', { name: /user agreement/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign partnership' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign partnership' }));
    await waitFor(() => expect(onSigned).toHaveBeenCalled());
    expect(JSON.parse(String((fetch.mock.calls[1]?.[1] as RequestInit).body))).toEqual({
      tour_organizer_id: 1,
      site_id: 3,
      is_agreement_accepted: true,
      is_privacy_accepted: true,
    });
  });
});
