import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, UiTextsProvider } from '@tourdesk/ui';
import type { TeamInvitation, TeamMember } from '@tourdesk/contract/api/team';
import { createTestI18n } from '../../lib/i18n/resources';
import { clearToken, setToken } from '../../lib/api/token-storage';
import { TeamTab } from './team-tab';
import { InvitePage } from './invite-page';

configure({ asyncUtilTimeout: 5000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const renderAt = (routes: { path: string; element: ReactNode }[], at: string, language: 'en' | 'ru' = 'en') => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <UiTextsProvider locale={language}>
          <RouterProvider router={router} />
          <Toaster />
        </UiTextsProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
};

const ME: TeamMember = {
  user_id: 1,
  name: 'Olga Owner',
  email: 'olga@example.com',
  role: 'owner',
  joined_at: '2026-01-10T09:00:00.000Z',
  is_me: true,
};
const MAX: TeamMember = {
  ...ME,
  user_id: 2,
  name: 'Max Manager',
  email: 'max@example.com',
  role: 'manager',
  is_me: false,
};
const PENDING: TeamInvitation = {
  id: 9,
  email: 'gina@example.com',
  role: 'guide',
  invited_by: 'Olga Owner',
  created_at: '2026-11-29T09:00:00.000Z',
  expires_at: '2026-12-06T09:00:00.000Z',
  expired: false,
};

/** The team as the server holds it; every change is recorded and applied. */
const serve = (reply: (path: string, body: Record<string, unknown>) => Response | undefined = () => undefined) => {
  let members = [ME, MAX];
  let invitations = [PENDING];
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (path === '/crm/api/team/members') return json(200, { items: members, invitations });
      sent.push({ path, body });
      const own = reply(path, body);
      if (own) return own;
      if (path === '/crm/api/team/change-role') {
        members = members.map((m) =>
          m.user_id === body.user_id ? { ...m, role: body.role as TeamMember['role'] } : m,
        );
        return json(
          200,
          members.find((m) => m.user_id === body.user_id),
        );
      }
      if (path === '/crm/api/team/remove') {
        members = members.filter((m) => m.user_id !== body.user_id);
        return json(200, { success: true });
      }
      if (path === '/crm/api/team/invite') {
        const made = { ...PENDING, id: 10, email: String(body.email), role: body.role as TeamInvitation['role'] };
        invitations = [made, ...invitations];
        return json(200, made);
      }
      if (path === '/crm/api/team/revoke-invitation') {
        invitations = invitations.filter((i) => i.id !== body.invitation_id);
        return json(200, { success: true });
      }
      if (path === '/crm/api/team/resend-invitation') return json(200, PENDING);
      return json(404, { message: 'Not found' });
    }),
  );
  return sent;
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('Settings → Team', () => {
  it('lists members and invitations; changes a role, removes after a confirmation, invites, resends, revokes', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderAt([{ path: '*', element: <TeamTab organizerId={7} /> }], '/');
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split('·')[0]?.trim()),
    ).toEqual(['Olga Owner(you)olga@example.com', 'Max Managermax@example.com']);
    // nobody changes their own role here: only Max has a role select and a remove button
    expect(screen.getAllByRole('combobox', { name: /^Role of/ })).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Max Manager' }), 'accountant');
    await waitFor(() =>
      expect(sent).toContainEqual({
        path: '/crm/api/team/change-role',
        body: { organizer_id: 7, user_id: 2, role: 'accountant' },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Max Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove a member?' });
    expect(dialog.textContent).toContain('Max Manager loses access to this organizer at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from the team' }));
    await screen.findByText('Max Manager was removed from the team');
    expect(sent).toContainEqual({ path: '/crm/api/team/remove', body: { organizer_id: 7, user_id: 2 } });

    const invitations = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(invitations).getByText('gina@example.com · Guide')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the invitation to gina@example.com again' }));
    await screen.findByText('The invitation was sent again');
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to gina@example.com' }));
    await screen.findByText('The invitation was revoked');

    await user.type(screen.getByLabelText(/^E-mail/), 'new@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'guide');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    await screen.findByText('Invitation sent to new@example.com');
    expect(sent.filter((s) => s.path !== '/crm/api/team/change-role').map((s) => [s.path, s.body])).toEqual([
      ['/crm/api/team/remove', { organizer_id: 7, user_id: 2 }],
      ['/crm/api/team/resend-invitation', { organizer_id: 7, invitation_id: 9 }],
      ['/crm/api/team/revoke-invitation', { organizer_id: 7, invitation_id: 9 }],
      ['/crm/api/team/invite', { organizer_id: 7, email: 'new@example.com', role: 'guide' }],
    ]);
  });

  it('shows the server’s refusal under the e-mail field, in Russian', async () => {
    serve((path) =>
      path === '/crm/api/team/invite'
        ? json(422, {
            message: 'This person is already a member of the team',
            code: 'validation',
            errors: { email: ['This person is already a member of the team'] },
            codes: { email: [{ code: 'invitation_already_member' }] },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderAt([{ path: '*', element: <TeamTab organizerId={7} /> }], '/', 'ru');
    await screen.findByRole('list', { name: 'Участники' });
    await user.type(screen.getByLabelText(/^E-mail/), 'max@example.com');
    await user.click(screen.getByRole('button', { name: 'Отправить приглашение' }));
    await screen.findByText('Этот человек уже в команде');
  });
});

describe('/invite/:token', () => {
  const PREVIEW = {
    organizer_id: 7,
    organizer_name: 'Altai Trails',
    role: 'guide',
    email: 'gina@example.com',
    expires_at: '2026-12-06T09:00:00.000Z',
  };
  const serveInvite = (accept: Response) => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/crm/api/team/invitation')
          return url.searchParams.get('token') === 'good'
            ? json(200, PREVIEW)
            : json(404, { message: 'x', code: 'invitation_not_found' });
        if (url.pathname === '/crm/api/team/accept') {
          sent.push(JSON.parse(String(init?.body)));
          return accept;
        }
        if (url.pathname === '/crm/api/user/profile') return json(401, { message: 'Unauthenticated' });
        return json(404, { message: 'Not found' });
      }),
    );
    return sent;
  };

  it('a guest sees organizer, role and e-mail, and sign-in / sign-up links that come back here', async () => {
    serveInvite(json(200, {}));
    renderAt([{ path: '/invite/:token', element: <InvitePage /> }], '/invite/good');
    await screen.findByText('You are invited to the team of Altai Trails as guide.');
    expect(screen.getByText('The invitation is for gina@example.com.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/register?redirect=%2Forg%2Finvite%2Fgood',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redirect=%2Forg%2Finvite%2Fgood',
    );
  });

  it('a signed-in account joins and lands in the organizer', async () => {
    setToken('t0ken');
    const sent = serveInvite(json(200, { organizer_id: 7, role: 'guide' }));
    const user = userEvent.setup();
    const router = renderAt(
      [
        { path: '/invite/:token', element: <InvitePage /> },
        { path: '/:orgId/dashboard', element: <p>dashboard</p> },
      ],
      '/invite/good',
    );
    await user.click(await screen.findByRole('button', { name: 'Join the team' }));
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe('/7/dashboard');
    expect(sent).toEqual([{ token: 'good' }]);
  });

  it('an invalid link says so, in Russian', async () => {
    serveInvite(json(200, {}));
    renderAt([{ path: '/invite/:token', element: <InvitePage /> }], '/invite/bad', 'ru');
    await screen.findByText('Это приглашение нельзя использовать');
    expect(screen.getByText('Ссылка-приглашение недействительна: попросите владельца прислать новую')).toBeTruthy();
  });
});
