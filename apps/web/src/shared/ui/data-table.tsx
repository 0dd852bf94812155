import { Table } from 'antd';
import type { TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, type RefObject } from 'react';
import { watchScrollRegion } from './scroll-region';

export interface DataTableProps<T> extends Omit<TableProps<T>, 'scroll' | 'columns'> {
  columns: ColumnsType<T>;
  /** What the table lists ("Flight orders"): the name of its scroll region for keyboard and screen reader. */
  label: string;
  /**
   * The column that names a row (booking number, bill, username), by its `key` or `dataIndex`: it
   * and the columns before it stay at the left while the table scrolls sideways.
   */
  keyColumn: string;
  /** The column of the row's actions, if any (the last one): it stays at the right. */
  actionColumn?: string;
}

/** A column's name for `keyColumn` and `actionColumn`: its key, or else its dataIndex. */
function columnName<T>(column: ColumnsType<T>[number]): string | undefined {
  if (column.key !== undefined) return String(column.key);
  return 'dataIndex' in column && typeof column.dataIndex === 'string' ? column.dataIndex : undefined;
}

/** Fixes the key column (and those before it) at the left and the action column at the right. */
export function pinColumns<T>(
  columns: ColumnsType<T>,
  keyColumn: string,
  actionColumn?: string,
): ColumnsType<T> {
  const keyIndex = columns.findIndex((column) => columnName(column) === keyColumn);
  return columns.map((column, i) => {
    if (i <= keyIndex) return { ...column, fixed: 'left' };
    if (actionColumn !== undefined && columnName(column) === actionColumn)
      return { ...column, fixed: 'right' };
    return column;
  });
}

/**
 * Makes the table's own scroll container reachable by keyboard while it scrolls sideways (a tab
 * stop, then the arrow keys scroll it), named for screen readers; a table that fits has no tab stop.
 * antd renders the container, so its attributes are set here, again after each render and resize.
 */
function useScrollRegion(root: RefObject<HTMLDivElement | null>, label: string) {
  useEffect(() => {
    const region = root.current?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!region) return;
    return watchScrollRegion(region, label);
  });
}

/**
 * The app's table: it fits its box, or scrolls sideways inside itself (never the page) with the
 * key column fixed at the left and the action column at the right, and its scroll region is
 * reachable by keyboard. The list tables use it instead of antd's `Table` (docs/screens.md).
 */
export function DataTable<T extends object>({
  label,
  keyColumn,
  actionColumn,
  columns,
  ...table
}: DataTableProps<T>) {
  const root = useRef<HTMLDivElement>(null);
  useScrollRegion(root, label);
  return (
    <div ref={root} className="data-table">
      <Table<T>
        {...table}
        columns={pinColumns(columns, keyColumn, actionColumn)}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
