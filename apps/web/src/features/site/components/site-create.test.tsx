import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validationError } from '../../../test/error-bodies';
import { json, renderWithApp } from '../../organizer/components/test-utils';
import { SiteCreate } from './site-create';

const ORG = 7;
const PRESET = {
  preset_type: 'sea',
  name: 'Sea',
  colors: {
    primary: '#0369a1',
    on_primary: '#ffffff',
    background: '#ffffff',
    surface: '#f0f9ff',
    text: '#0c4a6e',
    muted_text: '#075985',
  },
  heading_font_id: 1,
  body_font_id: 1,
  heading_font_weight: 700,
  body_font_weight: 400,
  radius: 12,
};

interface Call {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

/** The site routes the form calls: `taken` subdomains are not available. */
const siteServer = (taken: string[], { checkFails = false } = {}) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ path: url.pathname, query: url.searchParams, body });
      switch (url.pathname) {
        case '/crm/api/site/get-preset-list':
          return json(200, [{ ...PRESET, preset_type: 'forest', name: 'Forest' }, PRESET]);
        case '/crm/api/site/check-domain': {
          // the server checks only an attached site's domains
          if (checkFails) return json(500, { message: 'Server error' });
          const domain = String(body!.domain);
          const free = !taken.includes(domain);
          return json(200, {
            domain,
            available: free,
            dns_ok: null,
            cname_target: 'sites.example.com',
            message: free ? null : 'This address is taken by another site',
          });
        }
        case '/crm/api/site/attach-site':
          if (taken.includes(String(body!.subdomain)))
            return json(422, validationError({ subdomain: 'site_domain_taken' }));
          return json(200, {
            id: 3,
            tour_organizer_id: ORG,
            subdomain: body!.subdomain,
            domain: `${String(body!.subdomain)}.sites.example.com`,
            custom_domain: null,
            is_custom_domain: false,
            status: 'unpublished',
            preset_type: body!.preset_type,
            favicon: null,
            published_at: null,
            url: 'http://altai.sites.example.com/',
            preview_url: '/site/altai/',
          });
        default:
          return json(404, { message: 'Not found' });
      }
    }),
  );
  return calls;
};

afterEach(() => vi.unstubAllGlobals());

describe('a provider without a site', () => {
  it('creates one: the subdomain checked as it is typed, a preset chosen, attach-site sent', async () => {
    const user = userEvent.setup();
    const calls = siteServer(['taken']);
    renderWithApp(<SiteCreate organizerId={ORG} />);

    await user.click(await screen.findByRole('button', { name: 'Create my site' }));
    const input = screen.getByLabelText('Site address');
    const submit = screen.getByRole('button', { name: 'Create the site' });
    expect(submit).toBeDisabled();

    // malformed: said at once, nothing asked of the server
    await user.type(input, '-a');
    expect(screen.getByText(/3–40 Latin lower-case letters/)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/check-domain'))).toBe(false);

    await user.clear(input);
    await user.type(input, 'taken');
    expect(await screen.findByText('This address is taken by another site')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'Altai');
    expect(await screen.findByText('altai is free')).toBeInTheDocument();
    const checks = calls.filter((c) => c.path.endsWith('/check-domain'));
    expect(checks.at(-1)).toMatchObject({ body: { domain: 'altai', is_custom: false } });
    expect(checks.at(-1)!.query.get('organizer_id')).toBe(String(ORG));

    await user.click(await screen.findByRole('radio', { name: /Sea/ }));
    expect(screen.getByRole('radio', { name: /Sea/ })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/attach-site'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/attach-site'))).toMatchObject({
      body: { subdomain: 'altai', preset_type: 'sea' },
    });
  });

  it('says so when the address cannot be checked, and creates nothing until it is', async () => {
    const user = userEvent.setup();
    const calls = siteServer([], { checkFails: true });
    renderWithApp(<SiteCreate organizerId={ORG} />);
    await user.click(await screen.findByRole('button', { name: 'Create my site' }));
    await user.type(screen.getByLabelText('Site address'), 'www');
    expect(screen.getByText(/not a reserved name/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Site address'));
    await user.type(screen.getByLabelText('Site address'), 'altai');
    expect(await screen.findByText('Could not check the address; try again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create the site' })).toBeDisabled();
    expect(calls.some((c) => c.path.endsWith('/attach-site'))).toBe(false);
  });

  it('reads in Russian', async () => {
    siteServer([]);
    renderWithApp(<SiteCreate organizerId={ORG} />, { language: 'ru' });
    expect(await screen.findByRole('button', { name: 'Создать мой сайт' })).toBeInTheDocument();
    expect(screen.getByText('У вас пока нет сайта')).toBeInTheDocument();
  });
});
