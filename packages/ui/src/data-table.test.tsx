import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DATA_TABLE_PAGE_SIZE } from './constants';
import { DataTable, nextSort, type DataTableHeader } from './data-table';

interface Tour {
  id: number;
  name: string;
  seats: number;
}

const headers: DataTableHeader<Tour>[] = [
  { key: 'name', name: 'Name', sortable: true },
  { key: 'seats', name: 'Seats', sortable: true, attrs: { align: 'right' } },
  { key: 'actions', name: 'Actions', render: (row) => <button type="button">Open {row.name}</button> },
];

const makeTours = (n: number): Tour[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Tour ${String(i + 1).padStart(2, '0')}`,
    seats: (i * 7) % 13,
  }));

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('nextSort', () => {
  it('cycles ascending → descending → off', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ key: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'seats')).toEqual({ key: 'seats', direction: 'asc' });
  });
});

describe('DataTable', () => {
  it('shows 15 rows per page and pagination only with more than one page', async () => {
    expect(DATA_TABLE_PAGE_SIZE).toBe(15);
    const { rerender } = render(<DataTable caption="Tours" headers={headers} items={makeTours(15)} />);
    expect(bodyRows()).toHaveLength(15);
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(<DataTable caption="Tours" headers={headers} items={makeTours(16)} />);
    expect(bodyRows()).toHaveLength(15);
    const nav = screen.getByRole('navigation', { name: 'Tours: Pagination' });
    expect(screen.getByText('1–15 of 16')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(firstCells()).toEqual(['Tour 16']);
  });

  it('sorts ascending, then descending, then back to the original order', async () => {
    const items = [
      { id: 1, name: 'Baikal', seats: 5 },
      { id: 2, name: 'Altai', seats: 12 },
      { id: 3, name: 'Crimea', seats: 2 },
    ];
    render(<DataTable caption="Tours" headers={headers} items={items} />);
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    const button = within(nameHeader).getByRole('button', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(button);
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['Altai', 'Baikal', 'Crimea']);
    await userEvent.click(button);
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['Crimea', 'Baikal', 'Altai']);
    await userEvent.click(button);
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(firstCells()).toEqual(['Baikal', 'Altai', 'Crimea']);
  });

  it('sorts numbers ascending first', async () => {
    const items = [
      { id: 1, name: 'A', seats: 5 },
      { id: 2, name: 'B', seats: 12 },
      { id: 3, name: 'C', seats: 2 },
    ];
    render(<DataTable caption="Tours" headers={headers} items={items} />);
    await userEvent.click(screen.getByRole('button', { name: 'Seats' }));
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['2', '5', '12']);
  });

  it("says 'No data to show' when empty and shows a spinner while loading", () => {
    const { rerender } = render(<DataTable caption="Tours" headers={headers} items={[]} />);
    expect(screen.getByText('No data to show')).toBeInTheDocument();
    rerender(<DataTable caption="Tours" headers={headers} items={[]} loading />);
    expect(screen.queryByText('No data to show')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('renders custom cells', () => {
    render(<DataTable caption="Tours" headers={headers} items={makeTours(1)} />);
    expect(screen.getByRole('button', { name: 'Open Tour 01' })).toBeInTheDocument();
  });

  it('in server mode shows the given page as is and reports page changes', async () => {
    const pages: number[] = [];
    render(
      <DataTable
        caption="Tours"
        headers={headers}
        items={makeTours(15)}
        total={40}
        page={1}
        onPageChange={(p) => pages.push(p)}
      />,
    );
    expect(bodyRows()).toHaveLength(15);
    expect(screen.getByText('1–15 of 40')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(pages).toEqual([3]);
  });
});
