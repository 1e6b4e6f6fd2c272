import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@tourdesk/ui';
import { tourSchema, type Tour } from '@tourdesk/contract/entities/tour';
import { createTestI18n } from '../../../lib/i18n/resources';
import { fileNameOf } from '../../../lib/api/download';
import { TourExport } from './tour-export';

// jsdom has no ResizeObserver; the kit's toggle group measures itself with it
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const TOUR: Tour = tourSchema.parse({ id: 21, tour_organizer_id: 3, name: 'Altai lakes' });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const FEED = { id: 7, tour_id: null, tour_name: null, name: 'Office', created_at: '2026-05-01T10:00:00Z' };
const TOKEN = 'A'.repeat(43);

/** The panel over a fetch that answers the tour-export routes; `pdf` holds create-pdf until released. */
const renderExport = (language: 'en' | 'ru' = 'en') => {
  let releasePdf: () => void = () => undefined;
  const pdfMade = new Promise<void>((resolve) => (releasePdf = resolve));
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    switch (url.pathname) {
      case '/crm/api/tour-program/create-pdf':
        await pdfMade;
        return json(200, { id: 55, tour_id: body!.tour_id, name: 'Altai lakes.pdf', size: 9 });
      case '/crm/api/tour-program/download-pdf':
        return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="Altai lakes.pdf"; filename*=UTF-8''Altai%20lakes.pdf`,
          },
        });
      case '/crm/api/tour/ical-feeds':
        return json(200, { items: [FEED] });
      case '/crm/api/tour/create-ical-feed':
        return json(200, {
          id: 8,
          tour_id: body!.tour_id,
          tour_name: null,
          name: body!.name,
          created_at: '2026-05-02T10:00:00Z',
          url: `/crm/api/tour/ical/${TOKEN}.ics`,
        });
      case '/crm/api/tour/revoke-ical-feed':
        return json(200, { success: true });
      default:
        return json(404, { message: 'Not found', code: 'not_found' });
    }
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <TourExport tour={TOUR} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const sent = (path: string) =>
    fetch.mock.calls
      .filter(([u]) => new URL(String(u), 'http://localhost').pathname === path)
      .map(([u, init]) => ({ url: String(u), init, body: init?.body ? JSON.parse(String(init.body)) : null }));
  return { fetch, sent, releasePdf };
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the programme PDF', () => {
  it('shows its steps with the button disabled, then downloads the file by the name the server gives', async () => {
    const objectUrl = vi.fn(() => 'blob:pdf');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const { sent, releasePdf } = renderExport();
    const button = screen.getByRole('button', { name: 'Programme PDF' });
    await userEvent.click(button);

    const progress = await screen.findByRole('progressbar', { name: 'Making the programme PDF' });
    expect(progress).toHaveAttribute('aria-valuenow', '2');
    expect(progress).toHaveAttribute('aria-valuetext', 'Making the PDF…');
    expect(screen.getByText('Step 2 of 3: Making the PDF…')).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(sent('/crm/api/tour-program/create-pdf')[0]!.body).toEqual({ tour_id: 21 });

    releasePdf();
    expect(await screen.findByText('The programme PDF is downloaded')).toBeInTheDocument();
    expect(clicked).toEqual([{ href: 'blob:pdf', download: 'Altai lakes.pdf' }]);
    const download = sent('/crm/api/tour-program/download-pdf')[0]!;
    expect(download.url).toBe('/crm/api/tour-program/download-pdf?pdf_id=55');
    expect((download.init!.headers as Record<string, string>)['X-Language']).toBe('en');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('reads the file name of a Content-Disposition, the UTF-8 one first', () => {
    expect(fileNameOf(`attachment; filename="___.pdf"; filename*=UTF-8''%D0%90%D0%BB%D1%82%D0%B0%D0%B9.pdf`)).toBe(
      'Алтай.pdf',
    );
    expect(fileNameOf('attachment; filename="tour.pdf"')).toBe('tour.pdf');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('calendar links', () => {
  it('lists the links, makes one for all tours and shows its address once, and turns one off after asking', async () => {
    const { sent } = renderExport();
    const list = await screen.findByRole('list', { name: 'Calendar links' });
    expect(within(list).getByText('Office')).toBeInTheDocument();
    expect(sent('/crm/api/tour/ical-feeds')[0]!.url).toBe('/crm/api/tour/ical-feeds?organizer_id=3&tour_id=21');

    const form = screen.getByRole('form', { name: 'New calendar link' });
    await userEvent.type(within(form).getByLabelText('Who is it for'), 'Olga, guide');
    await userEvent.click(within(form).getByRole('button', { name: 'All tours' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create a link' }));
    const address = await screen.findByLabelText('Calendar address');
    expect(sent('/crm/api/tour/create-ical-feed')[0]!.body).toEqual({
      organizer_id: 3,
      name: 'Olga, guide',
      tour_id: null,
    });
    expect(address).toHaveValue(`http://localhost/crm/api/tour/ical/${TOKEN}.ics`);
    expect(screen.getByRole('link', { name: 'Open in a calendar app' })).toHaveAttribute(
      'href',
      `webcal://localhost/crm/api/tour/ical/${TOKEN}.ics`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Calendar address')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Turn off the link "Office"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the calendar link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The link is turned off')).toBeInTheDocument();
    expect(sent('/crm/api/tour/revoke-ical-feed')[0]!.body).toEqual({ organizer_id: 3, feed_id: 7 });
  });

  it('refuses a name over 100 characters before sending, in Russian too', async () => {
    const { sent } = renderExport('ru');
    const form = await screen.findByRole('form', { name: 'Новая ссылка на календарь' });
    const name = within(form).getByLabelText('Для кого');
    await userEvent.click(name);
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(within(form).getByRole('button', { name: 'Создать ссылку' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(sent('/crm/api/tour/create-ical-feed')).toEqual([]);
  });
});
