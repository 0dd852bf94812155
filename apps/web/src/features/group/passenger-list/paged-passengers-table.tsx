import { useTranslation } from 'react-i18next';
import type { GroupPassenger } from '@portal/domain/group-passenger-list';
import { DataTable } from '../../../shared/ui/data-table';
import type { PlainColumn } from '../components/plain-table';

/** A stored list longer than a page: the app's table, paged, with the same columns. */
export function PagedPassengersTable({
  passengers,
  columns,
  pageSize,
}: {
  passengers: readonly GroupPassenger[];
  columns: PlainColumn<GroupPassenger>[];
  pageSize: number;
}) {
  const { t } = useTranslation();
  return (
    <DataTable<GroupPassenger>
      size="small"
      data-testid="group-passengers-table"
      label={t('groupPassengers.title')}
      keyColumn="name"
      rowKey="position"
      pagination={{ pageSize }}
      dataSource={[...passengers]}
      columns={columns.map((column) => ({
        key: column.key,
        title: column.title,
        width: column.width,
        render: (_: unknown, p: GroupPassenger, index: number) => column.render(p, index),
      }))}
    />
  );
}
