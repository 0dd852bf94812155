import { Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  groupPassengerColumnLabel,
  type GroupPassengerRowError,
} from '@portal/domain/group-passenger-errors';
import { useLocale } from '../../../shared/stores/subject';

const LIST_PREFIX = 'passengerList.';

/** The message of one upload error in the user's language. */
export function rowErrorMessage(t: TFunction, error: GroupPassengerRowError): string {
  const { key, params } = error;
  if (key === 'passenger.count.mismatch') {
    return t('groupPassengers.errors.countMismatch', {
      ...params,
      type: t(`booking.passengerType.${String(params.type)}`),
    });
  }
  if (key.startsWith(LIST_PREFIX))
    return t(`groupPassengers.errors.${key.slice(LIST_PREFIX.length)}`, params);
  return t(`booking.rules.${key}`, params);
}

/** The errors of a refused upload: sheet row, column header (as in the template) and message. */
export function PassengerErrorsTable({ errors }: { errors: readonly GroupPassengerRowError[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Table<GroupPassengerRowError & { index: number }>
      size="small"
      data-testid="group-passenger-errors"
      rowKey="index"
      pagination={errors.length > 50 ? { pageSize: 50 } : false}
      dataSource={errors.map((e, index) => ({ ...e, index }))}
      columns={[
        {
          title: t('groupPassengers.errorsTable.row'),
          dataIndex: 'row',
          width: 80,
          render: (row: number | null) => row ?? t('groupPassengers.errorsTable.wholeList'),
        },
        {
          title: t('groupPassengers.errorsTable.column'),
          dataIndex: 'column',
          width: 200,
          render: (_: unknown, e) => (e.column ? groupPassengerColumnLabel(e.column, locale) : '—'),
        },
        {
          title: t('groupPassengers.errorsTable.message'),
          key: 'message',
          render: (_: unknown, e) => rowErrorMessage(t, e),
        },
      ]}
    />
  );
}
