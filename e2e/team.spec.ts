import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newProvider, openSignedIn, register } from './provider';

/*
 * Issue 29, the team in Chromium against the real server. The owner invites a manager and a guide
 * from Settings → Team (en); both sign up, open the link from the mail and join. The manager opens
 * the requests but has no Team item. The owner links the guide's account to a guide assigned to
 * one departure; the guide, on a 375 px phone in Russian, sees only that departure's request, opens
 * its manifest and checks a traveller in, and the owner's open calendar shows it at once
 * (departure_was_updated). The owner removes the manager, whose open page is locked out on
 * its next action. Screenshots of the Team tab and the invitation page (en + ru, desktop + phone).
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DAY_MS = 86_400_000;
const day = (n: number): string => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const PHONE = { width: 375, height: 740 };
const PASSWORD = 'Str0ng!pass';
const MANAGER = `manager-${run}@e2e.example`;
const GUIDE = `guide-${run}@e2e.example`;

let owner = { token: '', orgId: 0, headers: {} as Record<string, string> };

const ok = async (request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> => {
  const res = await request.post(url, { headers: owner.headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};

/** The invitation link of the newest mail to `email`, through the server's debug outbox. */
const inviteLink = async (request: APIRequestContext, email: string): Promise<string> => {
  let link = '';
  await expect
    .poll(async () => {
      const { items } = (await (await request.get('/crm/api/debug/outbox?limit=50')).json()) as {
        items: { recipient: string; body: string }[];
      };
      const mail = items.find((m) => m.recipient === email && /\/org\/invite\/[\w-]+/.test(m.body));
      link = mail ? /\/org\/invite\/[\w-]+/.exec(mail.body)![0] : '';
      return link;
    })
    .not.toBe('');
  return link;
};

const newPage = async (browser: Browser, phone = false): Promise<Page> => {
  const context = await browser.newContext(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {});
  return context.newPage();
};

/** A departure of the tour with one confirmed request of `customer`. */
const departureWithRequest = async (request: APIRequestContext, tourId: number, offset: number, customer: string) => {
  const dateId = (
    await ok(request, '/crm/api/tour/save-date', {
      tour_id: tourId,
      date_start: day(offset),
      date_end: day(offset + 2),
      price: 20000,
      number_of_seats: 10,
    })
  ).id as number;
  const requestId = (
    await ok(request, '/crm/api/request/create-request-with-own-type', {
      tour_organizer_id: owner.orgId,
      tour_id: tourId,
      tour_date_id: dateId,
      tourists_count: 1,
      customer_name: customer,
      customer_phone: '+79160000001',
      tourists: [{ first_name: 'Ivan', last_name: customer.split(' ')[0], phone: '+79165550000' }],
      idempotency_key: `team-${customer.split(' ')[0]}-${run}`,
    })
  ).request_id as number;
  await ok(request, '/crm/api/request/confirm', { id: requestId });
  return dateId;
};

test('the owner invites a manager and a guide; roles, check-in live, removal locks out', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  owner = await newProvider(request, { email: `owner-${run}@e2e.example`, organizer: `Altai Team ${run}` });
  const tourId = (
    await ok(request, '/crm/api/tour/create', { organizer_id: owner.orgId, name: `Katun ${run}`, duration: 3 })
  ).id as number;
  const guideDate = await departureWithRequest(request, tourId, 10, `Guided ${run}`);
  await departureWithRequest(request, tourId, 40, `Other ${run}`);

  // ─── the owner invites from Settings → Team ───
  const ownerPage = await newPage(browser);
  await openSignedIn(ownerPage, `/org/${owner.orgId}/settings/team`, owner.token);
  await expect(ownerPage.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  // the Team item is the current page, not Settings as well
  const ownerMenu = ownerPage.getByRole('navigation', { name: 'Main' }).first();
  await expect(ownerMenu.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  await expect(ownerMenu.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'false');
  for (const [email, role] of [
    [MANAGER, 'manager'],
    [GUIDE, 'guide'],
  ] as const) {
    await ownerPage.getByLabel(/^E-mail/).fill(email);
    await ownerPage.getByLabel('Role', { exact: true }).selectOption(role);
    await ownerPage.getByRole('button', { name: 'Send the invitation', exact: true }).click();
    await expect(ownerPage.getByText(`Invitation sent to ${email}`)).toBeVisible();
  }
  const pending = ownerPage.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await ownerPage.screenshot({ path: 'e2e/.tmp/team-tab-en.png', fullPage: true });

  // ─── both sign up, open the link from the mail and join ───
  const joined: Record<string, Page> = {};
  for (const [email, language, phone] of [
    [MANAGER, 'en', false],
    [GUIDE, 'ru', true],
  ] as const) {
    const link = await inviteLink(request, email);
    const guest = await newPage(browser, phone);
    await guest.goto(link);
    const signUp = guest.getByRole('link', { name: language === 'en' ? 'Sign up' : 'Sign up' });
    await expect(signUp).toHaveAttribute('href', `/org/register?redirect=${encodeURIComponent(link)}`);
    await guest.screenshot({ path: `e2e/.tmp/invite-guest-${phone ? 'phone' : 'desktop'}-en.png`, fullPage: true });
    await guest.context().close();
    const token = await register(request, { email, password: PASSWORD, confirm_password: PASSWORD });
    const page = await newPage(browser, phone);
    await openSignedIn(page, link, token, language);
    const join = page.getByRole('button', {
      name: language === 'en' ? 'Join the team' : 'Присоединиться к команде',
    });
    await expect(join).toBeVisible();
    await page.screenshot({ path: `e2e/.tmp/invite-${language}-${phone ? 'phone' : 'desktop'}.png`, fullPage: true });
    await join.click();
    await expect(page).toHaveURL(new RegExp(`/org/${owner.orgId}/dashboard`));
    joined[email] = page;
  }

  // ─── the manager opens the requests and has no Team item ───
  const manager = joined[MANAGER]!;
  const menu = manager.getByRole('navigation', { name: 'Main' }).first();
  await expect(menu.getByRole('link', { name: 'Bookings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Bookings' }).click();
  await expect(manager.getByText(`Guided ${run}`)).toBeVisible();

  // ─── the owner assigns the guide's account to one departure ───
  const team = (await (
    await request.get(`/crm/api/team/members?organizer_id=${owner.orgId}`, { headers: owner.headers })
  ).json()) as { items: { user_id: number; email: string; role: string }[] };
  expect(team.items.map((m) => m.role)).toEqual(['owner', 'manager', 'guide']);
  const guideUser = team.items.find((m) => m.email === GUIDE)!.user_id;
  const guideId = (await ok(request, '/crm/api/tour/create-guide', { organizer_id: owner.orgId, first_name: 'Gleb' }))
    .id as number;
  await ok(request, '/crm/api/departure/link-guide-user', {
    organizer_id: owner.orgId,
    guide_id: guideId,
    user_id: guideUser,
  });
  await ok(request, '/crm/api/departure/set-guides', {
    organizer_id: owner.orgId,
    tour_date_id: guideDate,
    guide_ids: [guideId],
  });

  // ─── the guide on a phone, in Russian: only that departure's request; check-in; the calendar hears it ───
  const guide = joined[GUIDE]!;
  await guide.goto(`/org/${owner.orgId}/bookings`);
  await expect(guide.getByText(`Guided ${run}`).first()).toBeVisible();
  await expect(guide.getByText(`Other ${run}`)).toHaveCount(0);
  // the owner's calendar, on the guide's departure's week
  await ownerPage.goto(`/org/${owner.orgId}/departures?view=week&day=${day(10)}`);
  await expect(ownerPage.getByRole('heading', { name: 'Departures' }).first()).toBeVisible();
  const ownersChip = ownerPage.locator(`a[href$="/departures/${guideDate}/manifest"]`);
  await expect(ownersChip).toContainText('1 booked');
  await expect(ownersChip.getByTestId('departure-checked-in')).toHaveCount(0);
  await guide.goto(`/org/${owner.orgId}/departures/${guideDate}/manifest`);
  const counts = guide.getByTestId('manifest-counts');
  await expect(counts).toHaveText('Отмечено 0 из 1');
  const calendarRead = ownerPage.waitForRequest((r) => r.url().includes('/crm/api/departure/calendar'));
  await guide.getByRole('button', { name: `Отметить: Guided Ivan пришёл` }).click();
  await expect(counts).toHaveText('Отмечено 1 из 1');
  await calendarRead;
  // the owner's open calendar shows it, without a reload
  await expect(ownersChip.getByTestId('departure-checked-in')).toHaveText('1 checked in');

  // ─── the owner removes the manager; the manager's next action is refused ───
  await ownerPage.goto(`/org/${owner.orgId}/settings/team`);
  await ownerPage
    .getByRole('button', { name: /^Remove / })
    .first()
    .click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Remove a member?' });
  await dialog.getByRole('button', { name: 'Remove from the team' }).click();
  await expect(ownerPage.getByText(/was removed from the team$/)).toBeVisible();
  const refused = manager.waitForResponse((r) => r.url().includes(`/crm/api/`) && r.status() === 404);
  await menu.getByRole('link', { name: 'Tours' }).click();
  expect(((await (await refused).json()) as { message: string }).message).toBe('Organizer not found');
  await ownerPage.screenshot({ path: 'e2e/.tmp/team-tab-after-en.png', fullPage: true });

  // ─── the Team tab on a phone, in Russian ───
  const phone = await newPage(browser, true);
  await openSignedIn(phone, `/org/${owner.orgId}/settings/team`, owner.token, 'ru');
  const members = phone.getByRole('list', { name: 'Участники' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(phone.getByRole('combobox', { name: `Роль: ${GUIDE}` })).toHaveValue('guide');
  await phone.screenshot({ path: 'e2e/.tmp/team-tab-ru-phone.png', fullPage: true });
});
