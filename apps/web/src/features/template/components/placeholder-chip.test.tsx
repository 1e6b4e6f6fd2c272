import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../../lib/i18n/resources';
import { chipifyPlaceholders, fillPlaceholders } from './placeholder-chip';
import { TemplateEditor } from './template-editor';

// jsdom has no layout: ProseMirror asks ranges for rectangles when it scrolls the cursor into view
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Element.prototype.getClientRects ??= emptyRects;
if (!('getClientRects' in Text.prototype)) Object.assign(Text.prototype, { getClientRects: emptyRects });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('placeholder chips', () => {
  it('wraps plain {entity.field} text of shipped templates in chips, once', () => {
    const html = chipifyPlaceholders('<p>Between {organizer.legal_name} and {tourist.full_name}</p>');
    expect(html).toBe(
      '<p>Between <span data-type="placeholder" data-id="organizer.legal_name">{organizer.legal_name}</span> and <span data-type="placeholder" data-id="tourist.full_name">{tourist.full_name}</span></p>',
    );
    expect(chipifyPlaceholders(html)).toBe(html);
  });

  it('fills chips and plain placeholders with sample values in the preview, escaping them', () => {
    const html =
      '<p>No <span data-type="placeholder" data-id="request.id">{request.id}</span> for {tourist.full_name}; {tour.name}</p>';
    expect(fillPlaceholders(html, { 'request.id': '1024', 'tourist.full_name': 'Ivan <b>Petrov</b>' })).toBe(
      '<p>No 1024 for Ivan &lt;b&gt;Petrov&lt;/b&gt;; {tour.name}</p>',
    );
  });

  it('inserts a chip from the placeholders map at the cursor and emits chip HTML', async () => {
    globalThis.ResizeObserver ??= class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
    const fetch = vi.fn().mockResolvedValue(
      json({
        entity_type: 'organizer',
        placeholders: [{ key: '{organizer.legal_name}', description: 'Legal name' }],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={createTestI18n('en')}>
          <TemplateEditor label="Template text" content="<p>Seller: </p>" resetKey="1" onChange={onChange} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Insert placeholder: Legal name' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = String(onChange.mock.calls.at(-1)?.[0]);
    expect(html).toContain('data-type="placeholder"');
    expect(html).toContain('data-id="organizer.legal_name"');
    expect(html).toContain('{organizer.legal_name}</span>');
    expect(String(fetch.mock.calls[0]?.[0])).toContain(
      '/crm/api/organizer-document-template/placeholders-map?entity_type=organizer',
    );
    vi.unstubAllGlobals();
  });

  it('the formatting toolbar is one tab stop, walked with the arrow keys, Home and End', async () => {
    globalThis.ResizeObserver ??= class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ entity_type: 'organizer', placeholders: [] })));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={createTestI18n('en')}>
          <TemplateEditor label="Template text" content="<p>Seller</p>" resetKey="1" onChange={() => undefined} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    const button = (name: string) => screen.getByRole('button', { name });
    await waitFor(() => expect(button('Bold')).toHaveAttribute('tabindex', '0'));
    expect(button('Italic')).toHaveAttribute('tabindex', '-1');
    button('Bold').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(button('Italic')).toHaveFocus();
    // End reaches the last button that works (redo is disabled: nothing was undone)
    expect(button('Redo')).toBeDisabled();
    await userEvent.keyboard('{End}');
    const last = Array.from(toolbar.querySelectorAll('button:not(:disabled)')).at(-1);
    expect(last).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(button('Bold')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('tabindex', '0');
    expect(button('Bold')).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{Home}');
    expect(button('Bold')).toHaveFocus();
    await userEvent.tab();
    expect(toolbar).not.toContainElement(document.activeElement as HTMLElement);
    vi.unstubAllGlobals();
  });
});
