import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SELECT_OFFSET, SELECT_PLACEMENT } from './constants';
import { filterOptions, getOptionText, getOptionValue, isHeaderOption, Select, type SelectValue } from './select';

const cities = [
  { header: 'Russia' },
  { id: 1, title: 'Moscow' },
  { id: 2, title: 'Kazan' },
  { header: 'Georgia' },
  { id: 3, title: 'Tbilisi' },
];

function Single({ searchable = false }: { searchable?: boolean }) {
  const [value, setValue] = useState<SelectValue | null>(null);
  return (
    <>
      <Select
        aria-label="City"
        options={cities}
        textKey="title"
        valueKey="id"
        value={value}
        onChange={(v) => setValue(v)}
        searchable={searchable}
      />
      <button type="button">After</button>
    </>
  );
}

describe('select helpers', () => {
  const keys = { textKey: 'title', valueKey: 'id', headerKey: 'header' };
  it('reads text and value with configurable keys, plain values as themselves', () => {
    expect(getOptionText({ id: 1, title: 'Moscow' }, keys)).toBe('Moscow');
    expect(getOptionValue({ id: 1, title: 'Moscow' }, keys)).toBe(1);
    expect(getOptionText('EUR')).toBe('EUR');
    expect(getOptionValue(5)).toBe(5);
    expect(isHeaderOption({ header: 'Russia' }, keys)).toBe(true);
    expect(isHeaderOption({ id: 1, title: 'Moscow' }, keys)).toBe(false);
  });

  it('keeps a group heading only when one of its options matches', () => {
    expect(filterOptions(cities, 'tbil', keys).map((o) => getOptionText(o, keys))).toEqual(['Georgia', 'Tbilisi']);
    expect(filterOptions(cities, 'AN', keys).map((o) => getOptionText(o, keys))).toEqual(['Russia', 'Kazan']);
    expect(filterOptions(cities, 'zzz', keys)).toEqual([]);
    expect(filterOptions(cities, '', keys)).toHaveLength(5);
  });

  it('opens bottom-start with an 8 px offset', () => {
    expect(SELECT_OFFSET).toBe(8);
    expect(SELECT_PLACEMENT).toBe('bottom-start');
  });
});

describe('Select', () => {
  it('shows the Select placeholder, group headings and chooses an option', async () => {
    render(<Single />);
    const trigger = screen.getByRole('combobox', { name: 'City' });
    expect(trigger).toHaveTextContent('Select');
    await userEvent.click(trigger);
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByText('Russia')).toBeInTheDocument();
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Moscow', 'Kazan', 'Tbilisi']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Kazan' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger).toHaveTextContent('Kazan');
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    render(<Single />);
    const trigger = screen.getByRole('combobox', { name: 'City' });
    await userEvent.click(trigger);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('closes on Tab', async () => {
    render(<Single searchable />);
    await userEvent.click(screen.getByRole('combobox', { name: 'City' }));
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    await userEvent.click(search);
    await userEvent.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves with arrows and chooses with Enter', async () => {
    render(<Single />);
    const trigger = screen.getByRole('combobox', { name: 'City' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    listbox.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(trigger).toHaveTextContent('Tbilisi');
  });

  it('searches with the Search placeholder and says Nothing found', async () => {
    render(<Single searchable />);
    await userEvent.click(screen.getByRole('combobox', { name: 'City' }));
    const search = await screen.findByPlaceholderText('Search');
    await userEvent.type(search, 'mos');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Moscow']);
    await userEvent.clear(search);
    await userEvent.type(search, 'qqq');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
  });

  it('selects several values when multiple and stays open', async () => {
    const onChange = vi.fn();
    function Multi() {
      const [value, setValue] = useState<SelectValue[]>([]);
      return (
        <Select
          aria-label="Currencies"
          multiple
          options={['EUR', 'USD', 'RUB']}
          value={value}
          onChange={(v) => {
            onChange(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Multi />);
    const trigger = screen.getByRole('combobox', { name: 'Currencies' });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('option', { name: 'EUR' }));
    await userEvent.click(screen.getByRole('option', { name: 'RUB' }));
    expect(onChange).toHaveBeenLastCalledWith(['EUR', 'RUB']);
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    expect(screen.getByRole('option', { name: 'EUR' })).toHaveAttribute('aria-selected', 'true');
    expect(trigger).toHaveTextContent('EUR, RUB');
    await userEvent.click(screen.getByRole('option', { name: 'EUR' }));
    expect(onChange).toHaveBeenLastCalledWith(['RUB']);
  });
});
