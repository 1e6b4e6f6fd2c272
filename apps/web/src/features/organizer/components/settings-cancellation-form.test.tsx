import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsCancellationForm } from './settings-cancellation-form';
import { json, makeOrganizer, renderWithApp } from './test-utils';

afterEach(() => vi.unstubAllGlobals());

describe("settings cancellation tab: the contract's penalty rules", () => {
  it("refuses a days_before an earlier row has, with the server's message, and sends nothing", async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, makeOrganizer()));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(
      <SettingsCancellationForm organizer={makeOrganizer({ penalties: [{ days_before: 7, percent: 50 }] })} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add a penalty' }));
    await userEvent.type(screen.getByLabelText('Row 2: Days before the start (or fewer)'), '7');
    await userEvent.type(screen.getByLabelText('Row 2: Penalty, % of the price'), '80');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Incorrect value')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Row 2: Days before the start (or fewer)'));
    await userEvent.type(screen.getByLabelText('Row 2: Days before the start (or fewer)'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
  });

  it('says which bound a number is past, and what is not a number at all', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(
      <SettingsCancellationForm organizer={makeOrganizer({ penalties: [{ days_before: 7, percent: 50 }] })} />,
    );
    const days = screen.getByLabelText('Row 1: Days before the start (or fewer)');
    const percent = screen.getByLabelText('Row 1: Penalty, % of the price');
    const attempt = async (d: string, p: string) => {
      await userEvent.clear(days);
      await userEvent.type(days, d);
      await userEvent.clear(percent);
      await userEvent.type(percent, p);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    };
    await attempt('-1', '-5');
    expect(await screen.findAllByText('Minimum 0')).toHaveLength(2);
    await attempt('400', '150');
    expect(await screen.findByText('Maximum 365')).toBeInTheDocument();
    expect(screen.getByText('Maximum 100')).toBeInTheDocument();
    await attempt('1.5', '12.345');
    expect(await screen.findAllByText('Incorrect value')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers no row past the 20th', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const penalties = Array.from({ length: 20 }, (_, i) => ({ days_before: i + 1, percent: 10 }));
    renderWithApp(<SettingsCancellationForm organizer={makeOrganizer({ penalties })} />);
    expect(screen.getByLabelText('Row 20: Penalty, % of the price')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a penalty' })).toBeNull();
  });
});
