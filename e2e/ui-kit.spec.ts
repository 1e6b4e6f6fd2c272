/// <reference lib="dom" />
/**
 * The UI kit showcase on /org/debug in real Chromium: select closing rules, gallery
 * keyboard navigation, the persistent modal, date limits and an axe audit.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

async function openShowcase(page: Page): Promise<Locator> {
  await page.goto('/org/debug');
  const showcase = page.locator('#ui-kit-showcase');
  await expect(showcase).toBeVisible();
  // The lazy widgets (gallery, carousel, calendars) have arrived: the only 'Loading...' left is
  // the showcase's own sample of it, so nothing above a button moves it between Playwright's
  // scroll and its click.
  await expect(showcase.getByRole('list', { name: 'Tour photos' })).toBeVisible();
  await expect(showcase.getByText('Loading...', { exact: true })).toHaveCount(1);
  return showcase;
}

test.describe('UI kit showcase', () => {
  test('select closes on Escape (focus back on the trigger) and on Tab (focus moves on)', async ({ page }) => {
    const showcase = await openShowcase(page);
    const currency = showcase.getByRole('combobox', { name: 'Currency' });
    await currency.click();
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole('option', { name: 'EUR' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(currency).toBeFocused();
    // The modal-free page must still be there: Escape did not bubble anywhere harmful.
    await expect(showcase).toBeVisible();

    await currency.click();
    await expect(listbox).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(listbox).toBeHidden();
    await expect(currency).not.toBeFocused();

    const city = showcase.getByRole('combobox', { name: 'City' });
    await city.click();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect(search).toBeFocused();
    await search.fill('tbil');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Tbilisi']);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('listbox')).toBeHidden();
  });

  test('the select dropdown opens below the trigger, aligned to its start, 8 px away', async ({ page }) => {
    const showcase = await openShowcase(page);
    const currency = showcase.getByRole('combobox', { name: 'Currency' });
    await currency.scrollIntoViewIfNeeded();
    await currency.click();
    const dropdown = page.getByTestId('select-dropdown');
    await expect(dropdown).toBeVisible();
    const trigger = await currency.boundingBox();
    const box = await dropdown.boundingBox();
    expect(trigger && box).toBeTruthy();
    if (!trigger || !box) return;
    expect(Math.round(box.y - (trigger.y + trigger.height))).toBe(8);
    expect(Math.round(box.x)).toBe(Math.round(trigger.x));
  });

  test('the gallery moves with the arrow keys and closes on Escape', async ({ page }) => {
    const showcase = await openShowcase(page);
    await showcase.getByRole('button', { name: 'Open Altai mountains' }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await expect(viewer).toBeVisible();
    const current = viewer.locator('[aria-roledescription="Slide"]:not([inert])');
    await expect(current).toHaveAttribute('aria-label', '2 of 4');
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAttribute('aria-label', '3 of 4');
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAttribute('aria-label', '4 of 4');
    await expect(current.locator('iframe')).toHaveAttribute('src', /youtube\.com\/embed\/dQw4w9WgXcQ\?enablejsapi=1/);
    for (const expected of ['3 of 4', '2 of 4', '1 of 4']) {
      await page.keyboard.press('ArrowLeft');
      await expect(current).toHaveAttribute('aria-label', expected);
    }
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('the persistent modal shakes on a backdrop click and on Escape, and stays open', async ({ page }) => {
    const showcase = await openShowcase(page);
    await showcase.getByRole('button', { name: 'Open persistent modal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign partnership' });
    await expect(dialog).toBeVisible();
    // settled: the entry animation has ended (and with it the dialog's outside-click listener,
    // which Radix adds a task after opening, is in place on a busy machine too)
    await expect(dialog).not.toHaveClass(/animate-modal-in/);
    const box = await dialog.boundingBox();
    expect(box).toBeTruthy();
    // The CSS shake animation really runs (the class is compiled into the app's stylesheet):
    // record every animation that starts on the dialog, so a short shake on a busy machine is not missed.
    // …and note whether it ever starts closing (data-closing) or leaves the page, however briefly.
    await dialog.evaluate((el) => {
      const w = window as unknown as { shakes: string[]; closings: number };
      w.shakes = [];
      w.closings = 0;
      el.addEventListener('animationstart', (e) => w.shakes.push((e as AnimationEvent).animationName));
      new MutationObserver(() => {
        if (el.getAttribute('data-closing') === 'true' || !el.isConnected) w.closings += 1;
      }).observe(document.body, { attributes: true, childList: true, subtree: true });
    });
    const shakes = () =>
      page.evaluate(
        () => (window as unknown as { shakes: string[] }).shakes.filter((n) => n.includes('ui-shake')).length,
      );
    const closings = () => page.evaluate(() => (window as unknown as { closings: number }).closings);
    // Click the backdrop: the top-left corner of the viewport is outside the dialog. A click a
    // starved page did not take is given again; what counts is that it shakes and never closes.
    await expect
      .poll(async () => {
        if ((await shakes()) === 0) await page.mouse.click(4, 4);
        return shakes();
      })
      .toBeGreaterThan(0);
    // the shake is over, so the click has been handled in full: a close would have begun at the click
    await expect(dialog).not.toHaveAttribute('data-shaking', 'true');
    expect(await closings()).toBe(0);
    await expect(dialog).toBeVisible();

    const beforeEscape = await shakes();
    await page.keyboard.press('Escape');
    await expect.poll(shakes).toBe(beforeEscape + 1);
    await expect(dialog).not.toHaveAttribute('data-shaking', 'true');
    expect(await closings()).toBe(0);
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Close persistent modal' }).click();
    await expect(dialog).toBeHidden();
    await expect(showcase.getByRole('button', { name: 'Open persistent modal' })).toBeFocused();
  });

  test('a normal modal closes on Escape after its close animation and traps focus', async ({ page }) => {
    const showcase = await openShowcase(page);
    const opener = showcase.getByRole('button', { name: 'Open modal', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Confirm phone number' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => getComputedStyle(el).maxWidth)).toBe('500px');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the date range picker disables days outside min and max', async ({ page }) => {
    const showcase = await openShowcase(page);
    const trigger = showcase.getByRole('button', { name: 'Tour dates' });
    await trigger.click();
    const picker = page.getByRole('dialog', { name: 'Select dates' });
    await expect(picker).toBeVisible();
    // min 2030-03-10, max 2030-04-20, two months side by side.
    const march = picker.getByRole('grid', { name: 'March 2030' });
    const april = picker.getByRole('grid', { name: 'April 2030' });
    await expect(march).toBeVisible();
    await expect(april).toBeVisible();
    const day = (grid: Locator, iso: string) => grid.locator(`[data-day="${iso}"]:not([data-outside]) button`);
    await expect(day(march, '2030-03-01')).toBeDisabled();
    await expect(day(march, '2030-03-09')).toBeDisabled();
    await expect(day(march, '2030-03-10')).toBeEnabled();
    await expect(day(april, '2030-04-20')).toBeEnabled();
    await expect(day(april, '2030-04-21')).toBeDisabled();
    await expect(day(april, '2030-04-30')).toBeDisabled();
    // Six weeks of seven days.
    await expect(march.locator('tbody tr')).toHaveCount(6);
    await expect(march.locator('tbody tr').first().locator('td')).toHaveCount(7);
    await day(march, '2030-03-12').click();
    await day(april, '2030-04-02').click();
    await picker.getByRole('button', { name: 'Apply' }).click();
    await expect(picker).toBeHidden();
    await expect(trigger).toHaveText(/Mar 12, 2030 – Apr 2, 2030/);
  });

  test('axe finds no serious or critical violations in the showcase', async ({ page }) => {
    test.setTimeout(120_000);
    await openShowcase(page);
    const results = await new AxeBuilder({ page }).include('#ui-kit-showcase').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('axe finds no serious or critical violations in the dark scheme either', async ({ page }) => {
    // Contrast checks over the whole showcase take a while on 2 shared cores.
    test.setTimeout(120_000);
    const showcase = await openShowcase(page);
    await showcase.getByRole('switch', { name: 'Dark scheme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Measure contrast once the colour transitions have finished (getAnimations() takes the new
    // styles first; a transition cut short counts as finished; spinners run forever and are not waited for).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const results = await new AxeBuilder({ page }).include('#ui-kit-showcase').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
