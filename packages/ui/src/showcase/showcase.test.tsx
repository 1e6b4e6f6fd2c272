import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UiTextsProvider } from '../i18n';
import { Showcase } from './showcase';
import { SHOWCASE_TEXTS } from './showcase-texts';

/** Every string of a texts entry (nested objects and arrays included). */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value) || (typeof value === 'object' && value !== null)
      ? Object.values(value).flatMap(stringsOf)
      : [];

/** What a reader meets: the text, the attributes a screen reader or a placeholder shows, field values. */
const shownTexts = (root: HTMLElement): string[] => {
  const attributes = ['aria-label', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'alt', 'title'];
  const texts = [root.textContent ?? ''];
  for (const element of root.querySelectorAll('*'))
    for (const name of attributes) texts.push(element.getAttribute(name) ?? '');
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea',
  ))
    texts.push(field.value);
  // The sample pictures carry their label inside the SVG.
  for (const image of root.querySelectorAll('img[src^="data:image/svg"]')) {
    const svg = decodeURIComponent(image.getAttribute('src') ?? '');
    texts.push(...Array.from(svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g), (match) => match[1] ?? ''));
  }
  return texts;
};

describe('Showcase', () => {
  it('renders every widget group under a heading', async () => {
    render(<Showcase withHeading />);
    expect(screen.getByRole('heading', { name: 'UI kit', level: 2 })).toBeInTheDocument();
    const groups = [
      'Theme',
      'Buttons and spinner',
      'Inputs',
      'Checkbox, radio, switch and slider',
      'Select',
      'Phone input',
      'Calendar and date picker',
      'Modal, drawer, dropdown, tooltip, collapse',
      'Toasts',
      'Tabs, empty state, avatar',
      'Rating',
      'Pagination and data table',
      'Gallery and carousel',
      'Upload and utilities',
    ];
    for (const name of groups) expect(screen.getByRole('region', { name })).toBeInTheDocument();
    // Lazy widgets arrive.
    expect(await screen.findByRole('list', { name: 'Tour photos' }, { timeout: 15000 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Tour highlights' }, { timeout: 15000 })).toBeInTheDocument();
  }, 30000);

  it('opens the persistent modal, which stays on Escape', async () => {
    render(<Showcase />);
    await userEvent.click(screen.getByRole('button', { name: 'Open persistent modal' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign partnership' });
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close persistent modal' }));
  }, 30000);

  it('shows every label, heading and sample in Russian when the interface is Russian', async () => {
    const ru = SHOWCASE_TEXTS.ru;
    const { container } = render(
      <UiTextsProvider locale="ru">
        <Showcase withHeading />
      </UiTextsProvider>,
    );
    expect(screen.getByRole('heading', { name: 'UI-кит', level: 2 })).toBeInTheDocument();
    for (const name of [
      ru.theme,
      ru.buttons,
      ru.inputs,
      ru.choice,
      ru.select,
      ru.phoneInput,
      ru.dates,
      ru.overlays,
      ru.toasts,
      ru.tabs,
      ru.rating,
      ru.data,
      ru.media,
      ru.utilities,
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(await screen.findByRole('list', { name: 'Фотографии тура' }, { timeout: 15000 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Главное в туре' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Туры' })).toHaveTextContent('Лёд Байкала 1');
    expect(screen.getByRole('button', { name: 'Открыть: Горы Алтая' })).toBeInTheDocument();

    const shown = shownTexts(container);
    // No English text of the showcase's table is left (those Russian shares, like 'E-mail', aside).
    const russian = new Set(stringsOf(ru));
    const english = stringsOf(SHOWCASE_TEXTS.en).filter((text) => !russian.has(text) && !text.includes('{'));
    expect(english.filter((text) => shown.some((s) => s.includes(text)))).toEqual([]);
    // Nor any other English word: only codes, units and sample values are Latin in Russian.
    const allowed = new Set([
      'UI',
      'E-mail',
      'e-mail',
      'EUR',
      'USD',
      'RUB',
      'BYN',
      'KZT',
      'CNY',
      'RU',
      'Escape',
      'xs',
      'sm',
      'md',
      'lg',
      'xl',
      'xxl',
      'guide@',
      'Secret-123',
    ]);
    const latin = shown
      .flatMap((text) => text.match(/[A-Za-z][\w@-]*[A-Za-z0-9@]/g) ?? [])
      .filter((word) => !allowed.has(word));
    expect([...new Set(latin)]).toEqual([]);
  }, 30000);
});
