import { theme } from 'antd';
import { useEffect, useRef, type CSSProperties, type Key, type ReactNode } from 'react';
import { watchScrollRegion } from '../../../shared/ui/scroll-region';

/** One column: its header and what a row shows in it. */
export interface PlainColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T, index: number) => ReactNode;
  /** A fixed width in pixels (a row number), else the column takes what its content needs. */
  width?: number;
  /**
   * Stays at the left while the table scrolls sideways (the columns that name a row); pinned
   * columns come first.
   */
  pinned?: boolean;
}

export interface PlainTableProps<T> {
  columns: readonly PlainColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  /** What the table lists: the name of its scroll region when it scrolls sideways. */
  label: string;
  /** Shown in place of the rows when there are none. */
  emptyText?: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * Makes the wrapper a named, focusable scroll region while the table is wider than it (a tab stop,
 * then the arrow keys scroll it), and nothing while the table fits, as the app's `DataTable` does;
 * places each pinned column's cells at the left edge its header has (after the pinned ones before).
 */
function useScrollRegion(label: string) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    const placePinned = () =>
      region.querySelectorAll<HTMLElement>('th[data-pin]').forEach((th) => {
        const left = `${th.offsetLeft}px`;
        region
          .querySelectorAll<HTMLElement>(`[data-pin="${th.dataset.pin}"]`)
          .forEach((cell) => (cell.style.left = left));
      });
    return watchScrollRegion(region, label, placePinned);
  });
  return ref;
}

/**
 * A read-only table (no paging, sorting or selection) drawn like antd's small `Table` from the
 * theme's tokens: a semantic `<table>` with column headers. antd's Table brings Select, Pagination
 * and its sorter icons along (about 60 KB compressed), which the group order page's journeys,
 * quotes, instalments and a passenger list of one page never use; lists that page or sort use the
 * app's `DataTable`.
 */
export function PlainTable<T>({
  columns,
  rows,
  rowKey,
  label,
  emptyText,
  style,
  'data-testid': testId,
}: PlainTableProps<T>) {
  const { token } = theme.useToken();
  const region = useScrollRegion(label);
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  const cell: CSSProperties = {
    padding: `${token.paddingXS}px ${token.paddingXS}px`,
    borderBottom: line,
    textAlign: 'start',
    verticalAlign: 'middle',
    overflowWrap: 'break-word',
  };
  // A pinned cell covers what scrolls under it.
  const pin = (column: PlainColumn<T>, index: number, background: string) =>
    column.pinned
      ? { 'data-pin': index, style: { position: 'sticky', zIndex: 1, background } as CSSProperties }
      : { style: {} };
  const header: CSSProperties = {
    ...cell,
    background: token.colorFillAlter,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
  };
  return (
    <div ref={region} data-testid={testId} style={{ overflowX: 'auto', ...style }}>
      <table
        style={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          color: token.colorText,
        }}
      >
        <thead>
          <tr>
            {columns.map((column, i) => {
              const pinned = pin(column, i, token.colorFillAlter);
              return (
                <th
                  key={column.key}
                  scope="col"
                  data-pin={pinned['data-pin']}
                  style={{ ...header, width: column.width, ...pinned.style }}
                >
                  {column.title}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && emptyText !== undefined ? (
            <tr>
              <td
                colSpan={columns.length}
                style={{
                  ...cell,
                  padding: token.padding,
                  textAlign: 'center',
                  color: token.colorTextDescription,
                }}
              >
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column, i) => {
                  const pinned = pin(column, i, token.colorBgContainer);
                  return (
                    <td key={column.key} data-pin={pinned['data-pin']} style={{ ...cell, ...pinned.style }}>
                      {column.render(row, index)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
