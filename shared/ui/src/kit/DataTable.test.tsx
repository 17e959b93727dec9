import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { initI18n, setLocale } from '../i18n/i18n';
import { DataTable } from './DataTable';
import type { RowId, TableQuery } from './tableTypes';
import type { DataColumn } from './tableTypes';

interface Person {
  id: number;
  name: string;
  phone: string;
}

const people = (n: number, from = 1): Person[] => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `P${from + i}`, phone: `555-${from + i}` }));

const columns: DataColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortKey: 'name', required: true },
  { id: 'phone', header: 'Phone', cell: (p) => p.phone },
  { id: 'note', header: 'Note', cell: () => 'n', hiddenByDefault: true },
];

function Harness(props: { rows?: Person[]; total?: number; capped?: boolean; onQuery?: (q: TableQuery) => void; select?: boolean; error?: string; columnsKey?: string }) {
  const [query, setQuery] = useState<TableQuery>({ page: 1, size: 20, filters: {} });
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={props.rows}
      total={props.total ?? props.rows?.length ?? 0}
      capped={props.capped}
      rowId={(p) => p.id}
      query={query}
      onQueryChange={(q) => {
        setQuery(q);
        props.onQuery?.(q);
      }}
      error={props.error}
      onRetry={() => undefined}
      columnsKey={props.columnsKey}
      selection={props.select ? { selected, onChange: setSelected } : undefined}
      batchActions={<button type="button">Lock selected</button>}
    />
  );
}

beforeAll(() => initI18n());
beforeEach(() => localStorage.clear());

describe('DataTable', () => {
  it('shows loading, then empty, then the error with a retry', () => {
    const { rerender } = render(<Harness />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    rerender(<Harness rows={[]} />);
    expect(screen.getByText('Nothing to show')).toBeInTheDocument();
    rerender(<Harness rows={[]} error="Service busy" />);
    expect(screen.getByText('Service busy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('asks the server for a sort and toggles its order, back on page 1', async () => {
    const onQuery = jest.fn();
    render(<Harness rows={people(3)} total={45} onQuery={onQuery} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    await userEvent.click(screen.getByText('Name'));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: 'name', order: 'asc' }));
    await userEvent.click(screen.getByText('Name'));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('says "more than" for a capped total and pages on until a short page', async () => {
    const onQuery = jest.fn();
    const { rerender } = render(<Harness rows={people(20)} total={1001} capped onQuery={onQuery} />);
    expect(screen.getByText('More than 1000')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 50+')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    // Page 2 came back short: it is the last one, whatever the cap said.
    rerender(<Harness rows={people(5, 21)} total={1001} capped onQuery={onQuery} />);
    expect(screen.getByText('Page 2 of 50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    act(() => setLocale('zh'));
    expect(screen.getByText('超过 1000 条')).toBeInTheDocument();
    act(() => setLocale('en'));
  });

  it('keeps the column choice in local storage across mounts', async () => {
    const { unmount } = render(<Harness rows={people(2)} columnsKey="people" />);
    expect(screen.queryByRole('columnheader', { name: 'Note' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Phone' }));
    expect(screen.queryByRole('columnheader', { name: 'Phone' })).not.toBeInTheDocument();
    unmount();
    render(<Harness rows={people(2)} columnsKey="people" />);
    expect(screen.queryByRole('columnheader', { name: 'Phone' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('table.columns.people') ?? '[]')).toEqual(expect.arrayContaining(['phone']));
  });

  it('selects rows for a batch action, the whole page at once, and clears', async () => {
    render(<Harness rows={people(3)} select />);
    expect(screen.queryByText('Lock selected')).not.toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    await userEvent.click(within(rows[2] as HTMLElement).getByRole('checkbox'));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(screen.getByText('Lock selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('renders only a window of a long page', () => {
    render(<Harness rows={people(100)} />);
    const shown = screen.getAllByRole('row').length - 1; // minus the header row
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(60);
    expect(screen.getByText('P1')).toBeInTheDocument();
    expect(screen.queryByText('P100')).not.toBeInTheDocument();
  });

  it('goes back a page when the last one empties', () => {
    const onQuery = jest.fn();
    const { rerender } = render(<Harness rows={people(1)} total={21} onQuery={onQuery} />);
    act(() => screen.getByRole('button', { name: 'Next' }).click());
    rerender(<Harness rows={[]} total={20} onQuery={onQuery} />);
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 }));
  });

  it('speaks Chinese when the locale is zh', () => {
    act(() => setLocale('zh'));
    render(<Harness rows={[]} />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    act(() => setLocale('en'));
  });
});
