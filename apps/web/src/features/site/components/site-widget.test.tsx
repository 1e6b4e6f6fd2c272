import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Site } from '@tourdesk/contract/entities/site';
import { renderWithApp } from '../../organizer/components/test-utils';
import { SiteWidgetDialog, widgetSnippet } from './site-widget';

const SITE: Site = {
  id: 3,
  subdomain: 'altai',
  domain: 'altai.sites.example',
  custom_domain: null,
  is_custom_domain: false,
  status: 'published',
  preset_type: 'sea',
  favicon: null,
  published_at: '2026-11-01T10:00:00Z',
  url: 'https://altai.sites.example',
  preview_url: 'https://crm.example/site/altai/',
} as Site;
const TOURS = [
  { id: 11, name: 'Lake Teletskoye' },
  { id: 12, name: 'Belukha base camp' },
];

afterEach(() => vi.restoreAllMocks());

describe('the booking widget’s snippet', () => {
  it('names the site’s widget.js and the tour, the mode and the language only when chosen', () => {
    expect(widgetSnippet('https://altai.sites.example/', 11, 'overlay', '')).toBe(
      '<script src="https://altai.sites.example/widget.js" data-tour="11" async></script>',
    );
    expect(widgetSnippet('https://altai.sites.example', 12, 'inline', 'ru')).toBe(
      '<script src="https://altai.sites.example/widget.js" data-tour="12" data-mode="inline" data-lang="ru" async></script>',
    );
  });
});

describe('the site editor’s widget dialog', () => {
  it('a tour, a mode and a language give the code, which the copy button copies', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<SiteWidgetDialog site={SITE} tours={TOURS} open onOpenChange={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Booking widget' })).toBeInTheDocument();
    const code = screen.getByLabelText('Code to paste');
    expect(code).toHaveValue('<script src="https://altai.sites.example/widget.js" data-tour="11" async></script>');
    await user.selectOptions(screen.getByLabelText('Tour'), 'Belukha base camp');
    await user.selectOptions(screen.getByLabelText('How it shows'), 'The checkout in the page');
    await user.selectOptions(screen.getByLabelText('Language'), 'Русский');
    const expected =
      '<script src="https://altai.sites.example/widget.js" data-tour="12" data-mode="inline" data-lang="ru" async></script>';
    expect(code).toHaveValue(expected);
    expect(screen.getByText(/The page hears tourdesk:booked/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy the code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expected));
    expect(await screen.findByText('Code copied')).toBeInTheDocument();
  });

  it('in Russian; an unpublished site is told the widget waits for it; no tours, no code', async () => {
    const { unmount } = renderWithApp(
      <SiteWidgetDialog site={{ ...SITE, status: 'unpublished' }} tours={TOURS} open onOpenChange={() => undefined} />,
      { language: 'ru' },
    );
    expect(await screen.findByRole('dialog', { name: 'Виджет бронирования' })).toBeInTheDocument();
    expect(screen.getByLabelText('Код для вставки')).toHaveValue(
      '<script src="https://altai.sites.example/widget.js" data-tour="11" async></script>',
    );
    expect(screen.getByText('Виджет заработает, когда сайт будет опубликован.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Скопировать код' })).toBeInTheDocument();
    unmount();
    renderWithApp(<SiteWidgetDialog site={SITE} tours={[]} open onOpenChange={() => undefined} />);
    expect(await screen.findByText(/No published tours yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy the code' })).toBeNull();
  });
});
