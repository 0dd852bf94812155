import { render, screen } from '@testing-library/react';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, pinColumns } from './data-table';

interface Row {
  id: number;
  kind: string;
  number: string;
  note: string;
}

const COLUMNS: ColumnsType<Row> = [
  { title: 'Kind', dataIndex: 'kind' },
  { title: 'Booking number', key: 'number', render: (_, row) => row.number },
  { title: 'Note', dataIndex: 'note' },
  { title: 'Actions', key: 'actions', render: () => <button type="button">Open</button> },
];

const ROWS: Row[] = [{ id: 1, kind: 'Payment', number: 'F20261128557474', note: 'A long note' }];

function renderTable() {
  render(
    <DataTable<Row>
      rowKey="id"
      data-testid="rows"
      label="Transactions"
      keyColumn="number"
      actionColumn="actions"
      columns={COLUMNS}
      dataSource={ROWS}
      pagination={false}
    />,
  );
}

/** Makes every element measure as `scrollWidth` wide inside a `clientWidth` box (jsdom lays nothing out). */
function measureAs(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => vi.restoreAllMocks());

describe('pinColumns', () => {
  it('fixes the key column and those before it at the left, and the action column at the right', () => {
    expect(pinColumns(COLUMNS, 'number', 'actions').map((column) => column.fixed)).toEqual([
      'left',
      'left',
      undefined,
      'right',
    ]);
  });

  it('finds the key column by its dataIndex too, and fixes nothing for a name no column has', () => {
    expect(pinColumns(COLUMNS, 'kind').map((column) => column.fixed)).toEqual([
      'left',
      undefined,
      undefined,
      undefined,
    ]);
    expect(pinColumns(COLUMNS, 'missing').map((column) => column.fixed)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('the app table', () => {
  it('scrolls inside itself with the key and action columns fixed', () => {
    renderTable();
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Booking number')).toHaveClass('ant-table-cell-fix-start');
    expect(header('Kind')).toHaveClass('ant-table-cell-fix-start');
    expect(header('Note')).not.toHaveClass('ant-table-cell-fix-start');
    expect(header('Actions')).toHaveClass('ant-table-cell-fix-end');
  });

  it('makes its scroll container a named tab stop while it scrolls sideways', () => {
    measureAs(1600, 1000);
    renderTable();
    const region = screen.getByRole('region', { name: 'Transactions' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table'));
  });

  it('adds no tab stop to a table that fits', () => {
    measureAs(800, 1000);
    renderTable();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByTestId('rows').querySelector('[tabindex]')).toBeNull();
  });
});
