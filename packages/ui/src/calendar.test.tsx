import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar, DatePicker, formatSelection, type DateRange } from './calendar';
import { CALENDAR_DAYS_PER_WEEK, CALENDAR_MONTHS_DEFAULT, CALENDAR_WEEKS } from './constants';
import { isOutsideLimits, parseDateLimit, toIsoDate } from './date-limits';
import { UiTextsProvider } from './i18n';

describe('parseDateLimit', () => {
  it("parses 'yyyy-MM-dd' and the word 'today'", () => {
    const now = new Date(2025, 5, 15, 13, 45);
    expect(parseDateLimit('today', now)).toEqual(new Date(2025, 5, 15));
    expect(parseDateLimit('TODAY', now)).toEqual(new Date(2025, 5, 15));
    expect(parseDateLimit('2025-07-01', now)).toEqual(new Date(2025, 6, 1));
    expect(parseDateLimit('2025-02-30', now)).toBeUndefined();
    expect(parseDateLimit('01.07.2025', now)).toBeUndefined();
    expect(parseDateLimit(undefined, now)).toBeUndefined();
    expect(toIsoDate(new Date(2025, 0, 9))).toBe('2025-01-09');
  });

  it('treats limits as inclusive', () => {
    const min = new Date(2025, 5, 10);
    const max = new Date(2025, 5, 20);
    expect(isOutsideLimits(new Date(2025, 5, 9, 23), min, max)).toBe(true);
    expect(isOutsideLimits(new Date(2025, 5, 10, 12), min, max)).toBe(false);
    expect(isOutsideLimits(new Date(2025, 5, 20, 23), min, max)).toBe(false);
    expect(isOutsideLimits(new Date(2025, 5, 21), min, max)).toBe(true);
  });
});

const gridRows = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('gridcell').length > 0);

describe('Calendar', () => {
  afterEach(() => vi.useRealTimers());

  it('shows 6 weeks of 7 days and one month by default', () => {
    expect(CALENDAR_WEEKS).toBe(6);
    expect(CALENDAR_DAYS_PER_WEEK).toBe(7);
    expect(CALENDAR_MONTHS_DEFAULT).toBe(1);
    // February 2026 fits in 4 weeks; fixed weeks still shows 6.
    render(<Calendar mode="single" value={undefined} onChange={() => {}} defaultMonth={new Date(2026, 1, 1)} />);
    const grids = screen.getAllByRole('grid');
    expect(grids).toHaveLength(1);
    const rows = gridRows(grids[0] as HTMLElement);
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(within(row).getAllByRole('gridcell')).toHaveLength(7);
  });

  it('shows several months side by side', () => {
    render(
      <Calendar mode="range" value={undefined} onChange={() => {}} months={2} defaultMonth={new Date(2026, 1, 1)} />,
    );
    expect(screen.getAllByRole('grid')).toHaveLength(2);
  });

  it('starts the week on Sunday in en and on Monday in ru', () => {
    const { unmount } = render(
      <Calendar mode="single" value={undefined} onChange={() => {}} defaultMonth={new Date(2026, 1, 1)} />,
    );
    expect(screen.getAllByRole('columnheader', { hidden: true })[0]).toHaveAccessibleName('Sunday');
    unmount();
    render(
      <UiTextsProvider locale="ru">
        <Calendar mode="single" value={undefined} onChange={() => {}} defaultMonth={new Date(2026, 1, 1)} />
      </UiTextsProvider>,
    );
    expect(screen.getAllByRole('columnheader', { hidden: true })[0]).toHaveAccessibleName('понедельник');
  });

  it('disables days outside min and max', () => {
    render(
      <Calendar
        mode="range"
        value={undefined}
        onChange={() => {}}
        min="2026-02-10"
        max="2026-02-20"
        defaultMonth={new Date(2026, 1, 1)}
      />,
    );
    const day = (n: number) =>
      screen
        .getAllByRole('gridcell')
        .find((cell) => cell.textContent === String(n) && !cell.hasAttribute('data-outside')) as HTMLElement;
    expect(within(day(9)).getByRole('button')).toBeDisabled();
    expect(within(day(10)).getByRole('button')).toBeEnabled();
    expect(within(day(20)).getByRole('button')).toBeEnabled();
    expect(within(day(21)).getByRole('button')).toBeDisabled();
  });

  it("disables days before 'today'", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 1, 15, 10));
    render(<Calendar mode="single" value={undefined} onChange={() => {}} min="today" />);
    const day = (n: number) =>
      screen
        .getAllByRole('gridcell')
        .find((cell) => cell.textContent === String(n) && !cell.hasAttribute('data-outside')) as HTMLElement;
    expect(within(day(14)).getByRole('button')).toBeDisabled();
    expect(within(day(15)).getByRole('button')).toBeEnabled();
  });
});

describe('DatePicker', () => {
  it("shows 'Select dates', picks a range and applies it with 'Apply'", async () => {
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<DateRange | undefined>(undefined);
      return (
        <DatePicker
          aria-label="Tour dates"
          mode="range"
          value={value}
          defaultMonth={new Date(2026, 1, 1)}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Tour dates' });
    expect(trigger).toHaveTextContent('Select dates');
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Tour dates' });
    const dayButton = (n: number) =>
      within(dialog)
        .getAllByRole('gridcell')
        .find((cell) => cell.textContent === String(n) && !cell.hasAttribute('data-outside'))
        ?.querySelector('button') as HTMLElement;
    await userEvent.click(dayButton(3));
    await userEvent.click(dayButton(7));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ from: new Date(2026, 1, 3), to: new Date(2026, 1, 7) });
    expect(trigger).toHaveTextContent('Feb 3, 2026 – Feb 7, 2026');
  });

  it('keeps a range chosen when closed by Escape; nothing chosen changes nothing', async () => {
    const onChange = vi.fn();
    render(
      <DatePicker
        aria-label="Tour dates"
        mode="range"
        value={undefined}
        defaultMonth={new Date(2026, 1, 1)}
        onChange={onChange}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Tour dates' });
    const dayButton = (n: number) =>
      within(screen.getByRole('dialog', { name: 'Tour dates' }))
        .getAllByRole('gridcell')
        .find((cell) => cell.textContent === String(n) && !cell.hasAttribute('data-outside'))
        ?.querySelector('button') as HTMLElement;
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(trigger);
    await userEvent.click(dayButton(10));
    await userEvent.click(dayButton(14));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Tour dates' })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: new Date(2026, 1, 10), to: new Date(2026, 1, 14) });
  });

  it('formats selections per locale', () => {
    expect(formatSelection('single', new Date(2026, 1, 3), 'ru')).toBe('03.02.2026');
    expect(formatSelection('multiple', [new Date(2026, 1, 5), new Date(2026, 1, 3)], 'en')).toBe(
      'Feb 3, 2026, Feb 5, 2026',
    );
    expect(formatSelection('range', { from: undefined }, 'en')).toBeNull();
  });
});
