import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderWithApp } from '../../organizer/components/test-utils';
import { MeetDataTemplates } from './meet-data-templates';

afterEach(() => vi.unstubAllGlobals());

describe('meeting details', () => {
  it('takes the contact phone with the one phone input and sends it in international form', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/list')) return json(200, []);
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      return json(200, { id: 1, tour_organizer_id: 7, ...body });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<MeetDataTemplates orgId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'New meeting details' }));
    const dialog = await screen.findByRole('dialog', { name: 'New meeting details' });
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Station square');
    const phone = within(dialog).getByRole('textbox', { name: 'Contact phone' });
    await userEvent.type(phone, 'call 123');
    expect(phone).toHaveValue('123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Invalid phone number. Please enter the number in the international format.'),
    ).toBeInTheDocument();

    await userEvent.clear(phone);
    await userEvent.type(phone, '9161234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => /meet-data-template\/(create|update)/.test(String(u)))).toBe(true),
    );
    const sent = fetch.mock.calls.find(([u]) => /meet-data-template\/(create|update)/.test(String(u)))!;
    expect(JSON.parse(String(sent[1]?.body))).toMatchObject({ name: 'Station square', contact_phone: '+79161234567' });
  });
});
