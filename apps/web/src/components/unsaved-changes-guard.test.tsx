import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { SettingsCancellationForm } from '../features/organizer/components/settings-cancellation-form';
import { makeOrganizer, renderWithApp } from '../features/organizer/components/test-utils';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

const setup = () => {
  vi.stubGlobal('fetch', vi.fn());
  renderWithApp(
    <>
      <SettingsCancellationForm organizer={makeOrganizer({ cancellation_terms: 'Free until 30 days' })} />
      <Link to="/7/settings/docs">Documents</Link>
      <Where />
    </>,
    { path: '/7/settings/cancellation' },
  );
};

describe('unsaved changes', () => {
  it('lets a form without edits go at once', async () => {
    setup();
    await userEvent.click(screen.getByRole('link', { name: 'Documents' }));
    expect(document.querySelector('output')).toHaveTextContent('/7/settings/docs');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before unsaved edits are left: Stay keeps them, Leave goes on', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Terms for travellers' }), ' and 50% later');
    await userEvent.click(screen.getByRole('link', { name: 'Documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('The changes you made here have not been saved and will be lost.');
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.querySelector('output')).toHaveTextContent('/7/settings/cancellation');
    expect(screen.getByRole('textbox', { name: 'Terms for travellers' })).toHaveValue(
      'Free until 30 days and 50% later',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Documents' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(document.querySelector('output')).toHaveTextContent('/7/settings/docs');
  });

  it('asks nothing once the edits are discarded', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Terms for travellers' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await userEvent.click(screen.getByRole('link', { name: 'Documents' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('output')).toHaveTextContent('/7/settings/docs');
  });
});
