import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainTable, type PlainColumn } from './plain-table';

interface Row {
  n: number;
  kind: string;
  amount: string;
}

const COLUMNS: PlainColumn<Row>[] = [
  { key: 'n', title: '#', width: 48, render: (_, index) => index + 1 },
  { key: 'kind', title: 'Instalment', render: (row) => row.kind },
  { key: 'amount', title: 'Amount', render: (row) => <strong>{row.amount}</strong> },
];

const ROWS: Row[] = [
  { n: 1, kind: 'First deposit', amount: 'CNY 1,000.00' },
  { n: 2, kind: 'Second deposit', amount: 'CNY 2,000.00' },
];

function renderTable(rows: Row[] = ROWS) {
  render(
    <PlainTable<Row>
      data-testid="rows"
      label="Instalments"
      rowKey={(row) => row.n}
      rows={rows}
      emptyText="No instalments yet"
      columns={COLUMNS}
    />,
  );
  return screen.getByTestId('rows');
}

/** Makes every element measure as `scrollWidth` wide inside a `clientWidth` box (jsdom lays nothing out). */
function measureAs(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => vi.restoreAllMocks());

describe('the plain table', () => {
  it('is a table with column headers and one row per item, in order', () => {
    renderTable();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Instalment', 'Amount']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'First deposit', 'CNY 1,000.00'],
      ['2', 'Second deposit', 'CNY 2,000.00'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('scope', 'col');
  });

  it('shows its empty text across the columns when there are no rows', () => {
    renderTable([]);
    const cell = screen.getByRole('cell', { name: 'No instalments yet' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('is a named scroll region reachable by keyboard only while it is wider than its box', () => {
    measureAs(900, 600);
    const wide = renderTable();
    expect(wide).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('region', { name: 'Instalments' })).toBe(wide);
  });

  it('keeps its pinned columns at the left edge of their header while it scrolls sideways', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockReturnValue(48);
    render(
      <PlainTable<Row>
        label="Instalments"
        rowKey={(row) => row.n}
        rows={ROWS}
        columns={COLUMNS.map((column) => ({ ...column, pinned: column.key !== 'amount' }))}
      />,
    );
    const kind = screen.getByRole('cell', { name: 'First deposit' });
    expect(kind).toHaveStyle({ position: 'sticky', left: '48px' });
    expect(screen.getByRole('columnheader', { name: 'Instalment' })).toHaveStyle({ position: 'sticky' });
    expect(screen.getByRole('cell', { name: 'CNY 1,000.00' })).not.toHaveStyle({ position: 'sticky' });
  });

  it('has no tab stop and no region while it fits', () => {
    measureAs(600, 600);
    const fits = renderTable();
    expect(fits).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('region')).toBeNull();
  });
});
