import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Avatar, getAvatarVariant, getInitials } from './avatar';
import { AVATAR_DEFAULT_SIZE } from './constants';
import { DropdownMenu } from './dropdown-menu';
import { EmptyState } from './empty-state';
import { Tabs } from './tabs';
import { formatText, UI_TEXTS } from './i18n';

describe('Avatar', () => {
  it('takes up to 2 initials', () => {
    expect(getInitials('Ivan Petrov Sidorovich')).toBe('IP');
    expect(getInitials('anna')).toBe('A');
    expect(getInitials('  мария   иванова ')).toBe('МИ');
    expect(getInitials('')).toBe('');
  });

  it('picks one of 5 variants, the same for the same name', () => {
    const names = ['Ivan Petrov', 'Anna Smith', 'Olga', 'Peter Pan', 'Zoe', 'Max Mustermann', 'Лев Толстой', 'A B'];
    const variants = names.map(getAvatarVariant);
    for (const v of variants) expect(v).toBeGreaterThanOrEqual(0);
    for (const v of variants) expect(v).toBeLessThan(5);
    expect(names.map(getAvatarVariant)).toEqual(variants);
    expect(new Set(variants).size).toBeGreaterThan(1);
  });

  it('defaults to size 48 and shows initials without an image', () => {
    expect(AVATAR_DEFAULT_SIZE).toBe(48);
    render(<Avatar name="Ivan Petrov" />);
    const avatar = screen.getByRole('img', { name: 'Ivan Petrov' });
    expect(avatar).toHaveStyle({ width: '48px', height: '48px' });
    expect(avatar).toHaveTextContent('IP');
  });

  it('shows the image when present', () => {
    render(<Avatar name="Ivan Petrov" src="/a.png" size={32} />);
    const avatar = screen.getByRole('img', { name: 'Ivan Petrov' });
    expect(avatar.querySelector('img')).toHaveAttribute('src', '/a.png');
    expect(avatar).not.toHaveTextContent('IP');
  });
});

describe('Tabs', () => {
  it('moves between tabs with the arrow keys', async () => {
    render(
      <Tabs
        label="Sections"
        items={[
          { value: 'a', label: 'Profile', content: 'Profile content' },
          { value: 'b', label: 'Settings', content: 'Settings content' },
        ]}
      />,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Profile content');
    screen.getByRole('tab', { name: 'Profile' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Settings content');
  });

  it('follows the WAI-ARIA tabs pattern: one tab stop, wrapping, Home/End, disabled skipped, panel labelled by its tab', async () => {
    const onValueChange = vi.fn();
    render(
      <Tabs
        label="Sections"
        onValueChange={onValueChange}
        items={[
          { value: 'a', label: 'One', content: 'First' },
          { value: 'b', label: 'Two', content: 'Second', disabled: true },
          { value: 'c', label: 'Three', content: 'Third' },
        ]}
      />,
    );
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    expect(tab('One')).toHaveAttribute('tabindex', '0');
    expect(tab('Three')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('First');
    tab('One').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Three')).toHaveFocus();
    expect(onValueChange).toHaveBeenLastCalledWith('c');
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('One')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tab('Three')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(tab('One')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Third');
    await userEvent.click(tab('Two'));
    expect(tab('Three')).toHaveAttribute('aria-selected', 'true');
  });

  it('can be controlled', async () => {
    const onValueChange = vi.fn();
    const items = [
      { value: 'a', label: 'One', content: 'First' },
      { value: 'b', label: 'Two', content: 'Second' },
    ];
    const { rerender } = render(<Tabs items={items} value="a" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Two' }));
    expect(onValueChange).toHaveBeenCalledWith('b');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('First');
    rerender(<Tabs items={items} value="b" onValueChange={onValueChange} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Second');
  });
});

describe('DropdownMenu', () => {
  it('opens from its trigger and runs the chosen item', async () => {
    const onEdit = vi.fn();
    render(
      <DropdownMenu
        trigger={<button type="button">Actions</button>}
        items={[
          { label: 'Edit', onSelect: onEdit },
          { label: 'Delete', danger: true },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});

describe('EmptyState', () => {
  it('shows title, text and action', () => {
    render(<EmptyState title="No tours" text="Create the first one" action={<button type="button">Create</button>} />);
    expect(screen.getByText('No tours')).toBeInTheDocument();
    expect(screen.getByText('Create the first one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });
});

describe('default texts', () => {
  it('are exactly the en-US texts of SPEC §9', () => {
    const en = UI_TEXTS.en;
    expect([
      en.showMore,
      en.next,
      en.previous,
      en.range,
      en.readMore,
      en.hide,
      en.search,
      en.select,
      en.nothingFound,
      en.loading,
      en.goBack,
      en.apply,
      en.selectDates,
      en.noData,
      en.country,
      en.searchCountry,
      en.trySearchingByCode,
      en.useCode,
    ]).toEqual([
      'Show more',
      'Next',
      'Previous',
      '{rangeFrom}–{rangeTo} of {total}',
      'Read more',
      'Hide',
      'Search',
      'Select',
      'Nothing found',
      'Loading...',
      'Go back',
      'Apply',
      'Select dates',
      'No data to show',
      'Country',
      'Search country or code',
      'Try searching by code',
      'Use {code}',
    ]);
  });

  it('exist in ru for every key', () => {
    expect(Object.keys(UI_TEXTS.ru).sort()).toEqual(Object.keys(UI_TEXTS.en).sort());
    for (const value of Object.values(UI_TEXTS.ru)) expect(value).not.toBe('');
  });

  it('fill placeholders', () => {
    expect(formatText(UI_TEXTS.en.range, { rangeFrom: 1, rangeTo: 15, total: 40 })).toBe('1–15 of 40');
    expect(formatText('Use {code}', { code: '+7' })).toBe('Use +7');
  });
});
