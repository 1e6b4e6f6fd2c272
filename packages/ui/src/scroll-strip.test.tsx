import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UiTextsProvider } from './i18n';
import { ScrollStrip } from './scroll-strip';
import { Tabs } from './tabs';

/** jsdom lays nothing out: the row is `client` px wide and holds `scroll` px of items. */
const layOut = (client: number, scroll: number) => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
};

afterEach(() => vi.restoreAllMocks());

const links = ['Main', 'Contacts', 'Cancellation terms', 'Documents', 'Bank accounts'];
const strip = (current = 'Main') => (
  <nav aria-label="Settings">
    <ScrollStrip activeKey={current}>
      {links.map((name) => (
        <a key={name} href={`#${name}`} aria-current={name === current ? 'page' : undefined}>
          {name}
        </a>
      ))}
    </ScrollStrip>
  </nav>
);

describe('ScrollStrip', () => {
  it('shows no cue when every item fits', () => {
    layOut(800, 800);
    render(strip());
    expect(screen.queryByTitle('Scroll right')).toBeNull();
    expect(screen.queryByTitle('Scroll left')).toBeNull();
  });

  it('shows that items are hidden past an edge and scrolls to them, for pointers only', async () => {
    layOut(300, 700);
    render(strip());
    const row = screen.getByRole('link', { name: 'Main' }).parentElement!;
    expect(row.style.maskImage).toContain('transparent');
    const forward = screen.getByTitle('Scroll right');
    // a button for pointers, out of the Tab order and of the accessibility tree: the links themselves are reachable
    expect(forward.tagName).toBe('BUTTON');
    expect(forward).toHaveAttribute('tabindex', '-1');
    expect(forward).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('button', { name: 'Scroll right' })).toBeNull();
    expect(screen.queryByTitle('Scroll left')).toBeNull();

    await userEvent.click(forward);
    expect(row.scrollLeft).toBe(240);
    expect(screen.getByTitle('Scroll left')).toBeInTheDocument();

    // at the far end only the way back is offered
    row.scrollLeft = 400;
    fireEvent.scroll(row);
    expect(screen.queryByTitle('Scroll right')).toBeNull();
    expect(screen.getByTitle('Scroll left')).toBeInTheDocument();
  });

  it('brings the current item into view', () => {
    layOut(300, 700);
    const at = (left: number, width: number) => ({ left, right: left + width, top: 0, bottom: 40, width, height: 40 });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.getAttribute('aria-current') === 'page') return at(400, 120) as DOMRect;
      return at(0, 300) as DOMRect;
    });
    render(strip('Bank accounts'));
    const row = screen.getByRole('link', { name: 'Bank accounts' }).parentElement!;
    // its right edge (520) clear of the fade at the row's right edge (300 − 40)
    expect(row.scrollLeft).toBe(260);
  });

  it('speaks the interface language', () => {
    layOut(300, 700);
    render(<UiTextsProvider locale="ru">{strip()}</UiTextsProvider>);
    expect(screen.getByTitle('Прокрутить вправо')).toBeInTheDocument();
  });

  it('carries the kit tabs: a tab list that does not fit shows the cue', () => {
    layOut(300, 700);
    render(
      <Tabs
        label="Templates"
        items={[
          { value: 'a', label: 'Contract templates', content: 'A' },
          { value: 'b', label: 'Meeting details', content: 'B' },
        ]}
      />,
    );
    expect(screen.getByRole('tablist', { name: 'Templates' })).toBeInTheDocument();
    expect(screen.getByTitle('Scroll right')).toBeInTheDocument();
  });
});
