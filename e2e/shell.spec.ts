import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { getBrandConfig } from '../apps/web/src/brands/brand-configs';

/*
 * The SPA shell against the real server (seeded demo data) in Chromium:
 * guards, the redirect query, the 404 page, the brand, the language switch and /debug.
 */
const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
const NEWCOMER = { login: 'newcomer@tourdesk.app', password: 'Demo12345!' };
const brand = getBrandConfig(Number(process.env.BRAND_ID ?? 1));

const signIn = async (page: Page, who: { login: string; password: string }) => {
  await page.getByLabel('E-mail or phone').fill(who.login);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

const signInFresh = async (page: Page, who: { login: string; password: string }) => {
  await page.goto('/org/login');
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/org\/login/);
};

test.describe('guards and the redirect query', () => {
  test('a guest on a protected route goes to /login with the redirect query, and back there after signing in', async ({
    page,
  }) => {
    await page.goto('/org/1/bookings');
    await expect(page).toHaveURL(/\/org\/login\?redirect=%2Forg%2F1%2Fbookings$/);
    await signIn(page, DEMO);
    await expect(page).toHaveURL(/\/org\/1\/bookings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bookings' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a guest on / goes to /login without a redirect query', async ({ page }) => {
    await page.goto('/org/');
    await expect(page).toHaveURL(/\/org\/login$/);
  });

  test('signing in by phone works the same way', async ({ page }) => {
    await page.goto('/org/login');
    await page.getByLabel('E-mail or phone').fill('+7 999 000-00-01');
    await expect(page.getByText('Signing in with a phone number')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/org\/\d+\/bookings$/);
  });

  test('wrong credentials show the server’s field error', async ({ page }) => {
    await page.goto('/org/login');
    await signIn(page, { login: DEMO.login, password: 'not-the-password' });
    await expect(page.getByLabel('E-mail or phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/org\/login$/);
  });

  test('an off-site redirect query is refused with "Illegal redirect"', async ({ page }) => {
    await page.goto(`/org/login?redirect=${encodeURIComponent('https://evil.example/org/1/bookings')}`);
    await signIn(page, DEMO);
    await expect(page.getByText('Illegal redirect')).toBeVisible();
    await expect(page).toHaveURL(/\/org\/\d+\/bookings$/);
  });

  test('a signed-in user on /login goes to / and on to the active organizer’s bookings', async ({ page }) => {
    await signInFresh(page, DEMO);
    await page.goto('/org/login');
    await expect(page).toHaveURL(/\/org\/\d+\/bookings$/);
  });

  test('a user without organizers is sent to /tour-provider/non and may open /tour-provider/create', async ({
    page,
  }) => {
    await signInFresh(page, NEWCOMER);
    await expect(page).toHaveURL(/\/org\/tour-provider\/non$/);
    await expect(page.getByRole('heading', { name: 'You have no tour provider yet' }).first()).toBeVisible();
    await page.goto('/org/1/dashboard');
    await expect(page).toHaveURL(/\/org\/tour-provider\/non$/);
    await page.getByRole('link', { name: 'Create a tour provider' }).click();
    await expect(page).toHaveURL(/\/org\/tour-provider\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New tour provider' })).toBeVisible();
  });

  test('a user with organizers on /tour-provider/non goes to their bookings; the switcher changes organizer', async ({
    page,
  }) => {
    await signInFresh(page, DEMO);
    await page.goto('/org/tour-provider/non');
    await expect(page).toHaveURL(/\/org\/\d+\/bookings$/);
    const firstId = /\/org\/(\d+)\//.exec(page.url())?.[1];
    await page.getByRole('button', { name: /Switch tour provider/ }).click();
    await page.getByRole('menuitem', { name: /Baikal Expeditions/ }).click();
    // the old address matches /bookings too: wait for the organizer in it to change
    await expect(page).not.toHaveURL(new RegExp(`/org/${firstId}/`));
    await expect(page).toHaveURL(/\/org\/\d+\/bookings$/);
    await expect(page.getByRole('button', { name: /Switch tour provider: Baikal Expeditions/ })).toBeVisible();
  });

  test('logging out from the user menu ends the session', async ({ page }) => {
    await signInFresh(page, DEMO);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/org\/login$/);
    await page.goto('/org/1/tours');
    await expect(page).toHaveURL(/\/org\/login\?redirect=%2Forg%2F1%2Ftours$/);
  });
});

test.describe('error page', () => {
  for (const path of ['/org/whatever', '/org/abc/bookings']) {
    test(`${path} shows the 404 page with a home button`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'error code 404' })).toBeVisible();
      await expect(page.getByText('Page not found')).toBeVisible();
      await expect(page).toHaveTitle('Page not found · Travelpath');
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL(/\/org\/login$/);
    });
  }
});

test('the login screen shows the brand’s logo, name, tagline and legal links', async ({ page }) => {
  await page.goto('/org/login');
  await expect(page).toHaveTitle(new RegExp(brand.name));
  const logo = page.getByRole('img', { name: `${brand.name} logo` });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  await expect(page.getByText(brand.name, { exact: true }).first()).toBeVisible();
  if (brand.tagline) await expect(page.getByText(brand.tagline.en)).toBeVisible();
  await expect(page.getByRole('link', { name: 'terms of use' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'privacy policy' })).toBeVisible();
  await page.goto('/org/register');
  // the same boxed screen, on its registration form
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('img', { name: `${brand.name} logo` })).toBeVisible();
});

test('the sign-in screen arrives brotli-compressed: its page, scripts and styles', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', async (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === '/org/login' || /^\/org\/assets\/.+\.(js|css)$/.test(pathname))
      encodings.set(pathname, (await r.allHeaders())['content-encoding']);
  });
  await page.goto('/org/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(encodings.get('/org/login')).toBe('br');
  const framework = [...encodings].find(([p]) => p.includes('/framework-'));
  expect(framework?.[1]).toBe('br');
  // every file worth compressing (the build skips those under 1 KB) came compressed
  const big = [...encodings].filter(([p]) => p.endsWith('.css') || p.includes('/shell-') || p.includes('/common-'));
  expect(big.length).toBeGreaterThanOrEqual(3);
  for (const [p, encoding] of big) expect(encoding, p).toBe('br');
});

/** The scripts a visit downloads, by URL, with their text. */
const scriptsOf = async (page: Page, visit: () => Promise<void>): Promise<Map<string, string>> => {
  const urls: string[] = [];
  const collect = (r: { url: () => string }) => {
    if (/^\/org\/assets\/.+\.js$/.test(new URL(r.url()).pathname)) urls.push(r.url());
  };
  page.on('response', collect);
  await visit();
  page.off('response', collect);
  const texts = await Promise.all(urls.map(async (u) => (await page.request.get(u)).text()));
  return new Map(urls.map((u, i) => [u, texts[i] ?? '']));
};

// Texts only these libraries carry: zod's class names, libphonenumber-js's metadata keys, the
// console hint only React Router's development build keeps.
const ZOD = '$ZodType';
const PHONE_METADATA = 'country_calling_codes';
const ROUTER_DEVELOPMENT = 'Hey developer';
// TanStack Query's query objects and react-hook-form's register options
const QUERY_CACHE = 'queryHash';
const FORM_LIBRARY = 'shouldUnregister';

test('what the screens download: no zod anywhere, no phone metadata on /login and the dashboard, no query cache or form library on /login, React Router built for production', async ({
  page,
}) => {
  const login = await scriptsOf(page, () =>
    page.goto('/org/login', { waitUntil: 'networkidle' }).then(() => undefined),
  );
  const framework = [...login].find(([u]) => u.includes('/framework-'))?.[1] ?? '';
  expect(
    framework.includes('may be used only in the context of a <Router> component'),
    'React Router is in the framework file',
  ).toBe(true);
  for (const [url, code] of login) {
    expect(code.includes(ROUTER_DEVELOPMENT), `${url}: React Router's development build`).toBe(false);
    expect(code.includes(ZOD), `${url}: zod on the sign-in screen`).toBe(false);
    expect(code.includes(PHONE_METADATA), `${url}: phone metadata on the sign-in screen`).toBe(false);
    // the sign-in screen's download budget (README, "Speed") has no room for either
    expect(code.includes(QUERY_CACHE), `${url}: TanStack Query on the sign-in screen`).toBe(false);
    expect(code.includes(FORM_LIBRARY), `${url}: react-hook-form on the sign-in screen`).toBe(false);
  }
  const dashboard = await scriptsOf(page, async () => {
    await signIn(page, DEMO);
    await expect(page).toHaveURL(/\/org\/1\/bookings$/);
    await page.goto('/org/1/dashboard', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Verification', exact: true })).toBeVisible();
  });
  expect(dashboard.size).toBeGreaterThan(5);
  expect(
    [...dashboard.values()].some((code) => code.includes(QUERY_CACHE)),
    'signing in brings the query cache',
  ).toBe(true);
  for (const [url, code] of dashboard) {
    expect(code.includes(ZOD), `${url}: zod on the dashboard`).toBe(false);
    expect(code.includes(PHONE_METADATA), `${url}: phone metadata on the dashboard`).toBe(false);
  }
  // settings' main tab has no phone field: the phone metadata comes with the contacts tab
  const settingsMain = await scriptsOf(page, async () => {
    await page.goto('/org/1/settings/main', { waitUntil: 'networkidle' });
    await expect(page.getByRole('link', { name: 'Contacts' })).toBeVisible();
  });
  for (const [url, code] of settingsMain)
    expect(code.includes(PHONE_METADATA), `${url}: phone metadata on settings' main tab`).toBe(false);
  const contactsTab = await scriptsOf(page, async () => {
    await page.getByRole('link', { name: 'Contacts' }).click();
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toBeVisible();
  });
  expect(
    [...contactsTab.values()].some((code) => code.includes(PHONE_METADATA)),
    'the contacts tab brings the phone metadata',
  ).toBe(true);
  // forms validate with the contract's rules, never with its schemas: no screen needs zod
  const forms = await scriptsOf(page, async () => {
    await page.goto('/org/1/settings/accounts', { waitUntil: 'networkidle' });
    await page.goto('/org/profile', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  expect(forms.size).toBeGreaterThan(3);
  for (const [url, code] of forms) expect(code.includes(ZOD), `${url}: zod on settings or the profile`).toBe(false);
});

test('the language switch shows Russian texts and keeps them after a reload', async ({ page }) => {
  await page.goto('/org/login');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Русский' }).click();
  await expect(page.getByRole('heading', { name: 'С возвращением' })).toBeVisible();
  await expect(page.getByLabel('E-mail или телефон')).toBeVisible();
  if (brand.tagline) await expect(page.getByText(brand.tagline.ru)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.goto('/org/nowhere');
  await expect(page.getByRole('heading', { name: 'код ошибки 404' })).toBeVisible();
});

test('/debug shows build info and the outbox, and switches the debug cookie', async ({ page, context }) => {
  await page.goto('/org/debug');
  await expect(page.getByRole('heading', { level: 1, name: 'Debug' })).toBeVisible();
  await expect(page.getByText('Server build')).toBeVisible();
  await expect(page.getByText(/^(pglite|postgres)$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Outbox' }).or(page.getByText('No outgoing messages yet')),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(
    page.getByRole('table', { name: 'Outbox' }).or(page.getByText('No outgoing messages yet')),
  ).toBeVisible();

  const debugSwitch = page.getByRole('switch', { name: 'Debug mode' });
  await expect(debugSwitch).toHaveAttribute('aria-checked', 'false');
  await debugSwitch.click();
  await expect(debugSwitch).toHaveAttribute('aria-checked', 'true');
  const cookie = (await context.cookies()).find((c) => c.name === 'debug');
  expect(cookie?.value).toBe('1');
  // 180 days, give or take the test's own run time
  expect(Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400)).toBe(180);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Debug mode' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('switch', { name: 'Debug mode' }).click();
  expect((await context.cookies()).some((c) => c.name === 'debug')).toBe(false);
  await expect(page.getByRole('heading', { name: 'UI kit' })).toBeVisible();
});

test('no screen trips the Content Security Policy', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  await signInFresh(page, DEMO);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  const orgId = /\/org\/(\d+)\//.exec(page.url())?.[1];
  const screens: [string, string][] = [
    ['dashboard', 'Dashboard'],
    ['settings', 'Settings'],
    ['contract-template', 'Contract templates'],
  ];
  for (const [path, title] of screens) {
    await page.goto(`/org/${orgId}/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual(
      [],
    );
  }
});

test('main shell screens have no detectable accessibility violations', async ({ page }) => {
  for (const path of ['/org/login', '/org/whatever']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
  await signInFresh(page, DEMO);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `bookings: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});
