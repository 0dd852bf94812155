import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from './data-table';

type Sorter<T> = SorterResult<T> | SorterResult<T>[];

/** What a list page hands its table: one page of rows (while loaded) and where it is. */
export interface PagedList<L> {
  data: L | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
}

interface PagedTableProps<T> extends Omit<
  DataTableProps<T>,
  'dataSource' | 'pagination' | 'onChange' | 'locale' | 'size'
> {
  testId: string;
  /** One page of rows and the count of all; `totalCapped` when the count stopped at the server's cap. */
  data: { list: T[]; total: number; totalCapped?: boolean } | undefined;
  page: number;
  pageSize: number;
  emptyText: string;
  /** The total's text ("12 orders"); `total` reads "10,000+" past the server's cap. */
  totalText: (total: number | string) => string;
  /** A new page or page size (and the sorting, for tables that sort). */
  onChange: (page: number, pageSize: number, sorter: Sorter<T>) => void;
}

/** A list page's table of one server page of rows, with the page size choice and the total. */
export function PagedTable<T extends object>({
  testId,
  data,
  page,
  pageSize,
  emptyText,
  totalText,
  onChange,
  ...table
}: PagedTableProps<T>) {
  const { i18n } = useTranslation();
  return (
    <DataTable<T>
      {...table}
      data-testid={testId}
      size="middle"
      dataSource={data?.list ?? []}
      locale={{ emptyText }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        // Past the server's count cap the total is a lower bound: "10,000+ orders".
        showTotal: (total) =>
          totalText(data?.totalCapped ? `${total.toLocaleString(i18n.language)}+` : total),
      }}
      onChange={(pagination, _filters, sorter) =>
        onChange(pagination.current ?? 1, pagination.pageSize ?? pageSize, sorter)
      }
    />
  );
}
