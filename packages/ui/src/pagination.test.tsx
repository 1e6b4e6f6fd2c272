import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAGINATION_MAX_BUTTONS, PAGINATION_TRAILING_PAGES } from './constants';
import { getPageRange, getPaginationItems, Pagination } from './pagination';

const seq = (page: number, count: number) =>
  getPaginationItems(page, count)
    .map((item) => (typeof item === 'number' ? item : '…'))
    .join(' ');

describe('getPaginationItems', () => {
  it('uses 7 buttons at most and a 3-page window', () => {
    expect(PAGINATION_MAX_BUTTONS).toBe(7);
    expect(PAGINATION_TRAILING_PAGES).toBe(3);
  });

  it('shows every page up to 7 pages', () => {
    expect(seq(1, 0)).toBe('');
    expect(seq(1, 1)).toBe('1');
    expect(seq(2, 3)).toBe('1 2 3');
    expect(seq(7, 7)).toBe('1 2 3 4 5 6 7');
  });

  it('adds ellipses from 8 pages', () => {
    expect(seq(1, 8)).toBe('1 2 3 4 5 … 8');
    expect(seq(4, 8)).toBe('1 2 3 4 5 … 8');
    expect(seq(5, 8)).toBe('1 … 4 5 6 7 8');
    expect(seq(8, 8)).toBe('1 … 4 5 6 7 8');
    expect(seq(5, 9)).toBe('1 … 4 5 6 … 9');
    expect(seq(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(seq(10, 20)).toBe('1 … 9 10 11 … 20');
    expect(seq(17, 20)).toBe('1 … 16 17 18 19 20');
    expect(seq(16, 20)).toBe('1 … 15 16 17 … 20');
    expect(seq(50, 100)).toBe('1 … 49 50 51 … 100');
  });

  it('never exceeds 7 items, always includes the current, first and last page', () => {
    for (let count = 1; count <= 40; count++) {
      for (let page = 1; page <= count; page++) {
        const items = getPaginationItems(page, count);
        expect(items.length).toBeLessThanOrEqual(7);
        expect(items).toContain(page);
        expect(items[0]).toBe(1);
        expect(items[items.length - 1]).toBe(count);
        const numbers = items.filter((i): i is number => typeof i === 'number');
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });

  it('clamps an out-of-range page', () => {
    expect(seq(99, 10)).toBe('1 … 6 7 8 9 10');
  });
});

describe('Pagination', () => {
  it("shows '{rangeFrom}–{rangeTo} of {total}', Previous and Next", async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} total={47} pageSize={15} onPageChange={onPageChange} />);
    expect(screen.getByText('16–30 of 47')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('disables Previous on the first and Next on the last page', () => {
    const { rerender } = render(<Pagination page={1} total={30} pageSize={15} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    rerender(<Pagination page={2} total={30} pageSize={15} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('computes the range on the last page', () => {
    expect(getPageRange(4, 15, 47)).toEqual({ rangeFrom: 46, rangeTo: 47 });
    expect(getPageRange(1, 15, 0)).toEqual({ rangeFrom: 0, rangeTo: 0 });
  });
});
