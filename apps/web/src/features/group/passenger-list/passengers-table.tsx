import { useTranslation } from 'react-i18next';
import type { GroupPassenger } from '@portal/domain/group-passenger-list';
import { formatDate } from '../../../shared/dates/format-date';
import { DataTable } from '../../../shared/ui/data-table';

/** The stored list: one row per passenger, document numbers masked by the API. */
export function PassengersTable({ passengers }: { passengers: readonly GroupPassenger[] }) {
  const { t } = useTranslation();
  return (
    <DataTable<GroupPassenger>
      size="small"
      data-testid="group-passengers-table"
      label={t('groupPassengers.title')}
      keyColumn="name"
      rowKey="position"
      pagination={passengers.length > 50 ? { pageSize: 50 } : false}
      dataSource={[...passengers]}
      columns={[
        { title: '#', dataIndex: 'position', width: 56 },
        {
          title: t('groupPassengers.table.type'),
          dataIndex: 'type',
          render: (type: string) => t(`booking.passengerType.${type}`),
        },
        {
          title: t('groupPassengers.table.name'),
          key: 'name',
          render: (_: unknown, p) => `${p.surname}/${p.givenNames}`,
        },
        {
          title: t('groupPassengers.table.gender'),
          dataIndex: 'gender',
          render: (gender: string) => t(`booking.gender.${gender}`),
        },
        {
          title: t('groupPassengers.table.birthday'),
          dataIndex: 'birthday',
          render: (date: string) => formatDate(date),
        },
        { title: t('groupPassengers.table.nationality'), dataIndex: 'nationality' },
        {
          title: t('groupPassengers.table.document'),
          key: 'document',
          render: (_: unknown, p) => `${t(`booking.documentTypes.${p.documentType}`)} ${p.documentNumber}`,
        },
        {
          title: t('groupPassengers.table.expiry'),
          dataIndex: 'documentExpiry',
          render: (date: string) => formatDate(date),
        },
      ]}
    />
  );
}
