import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Showcase } from './showcase';

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
});
