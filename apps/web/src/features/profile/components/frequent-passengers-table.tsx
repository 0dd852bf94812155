import { Button, Empty, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FrequentPassenger } from '@portal/domain/frequent-passengers';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import { formatDate } from '../../../shared/dates/format-date';
import { DataTable } from '../../../shared/ui/data-table';
import { toast } from '../../../shared/ui/message-bridge';
import { useDeleteFrequentPassenger } from '../../../shared/passengers/api/passengers';
import { useCountryOptions } from '../../../shared/passengers/hooks/use-country-options';
import { maskDocumentNumber } from '@portal/domain/document-types';
import { passengerTypeOn } from '../../../shared/passengers/model/frequent-passenger';

interface FrequentPassengersTableProps {
  passengers: FrequentPassenger[] | undefined;
  loading: boolean;
  onEdit: (passenger: FrequentPassenger) => void;
}

const nameOf = (p: Pick<FrequentPassenger, 'surname' | 'given_names'>) => `${p.surname}/${p.given_names}`;

/** The often-used passengers, with the type their birthday gives today and the document masked. */
export function FrequentPassengersTable({ passengers, loading, onEdit }: FrequentPassengersTableProps) {
  const { t } = useTranslation();
  const { nameOf: countryName } = useCountryOptions();
  const remove = useDeleteFrequentPassenger();
  // The type a birthday gives on the agency's day, as the booking form and the API judge it.
  const today = useAgencyToday();

  const handleDelete = async (passenger: FrequentPassenger) => {
    try {
      await remove.mutateAsync(passenger.id);
      void toast().success(t('profile.frequent.deleted'));
    } catch {
      // Shown by the client.
    }
  };

  const columns: TableColumnsType<FrequentPassenger> = [
    { title: t('profile.frequent.name'), key: 'name', render: (_, p) => nameOf(p) },
    {
      title: t('profile.frequent.type'),
      key: 'type',
      render: (_, p) => <Tag>{t(`booking.passengerType.${passengerTypeOn(p.birthday, today)}`)}</Tag>,
    },
    {
      title: t('booking.passenger.birthday'),
      dataIndex: 'birthday',
      render: (date: string) => formatDate(date),
    },
    {
      title: t('booking.passenger.nationality'),
      dataIndex: 'nationality',
      render: (code: string) => `${countryName(code)} (${code})`,
    },
    {
      title: t('profile.frequent.document'),
      key: 'document',
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <span>{t(`booking.documentTypes.${p.travel_document.interfaceType}`)}</span>
          <Typography.Text type="secondary">{maskDocumentNumber(p.travel_document.number)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('booking.passenger.expiryDate'),
      key: 'expiry',
      render: (_, p) => (
        <Space size={4}>
          {formatDate(p.travel_document.expiryDate)}
          {p.travel_document.expiryDate < today && <Tag color="red">{t('profile.frequent.expired')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('profile.frequent.frequentFlyer'),
      key: 'frequentFlyer',
      render: (_, p) => (p.frequentFlyer ? `${p.frequentFlyer.airline} ${p.frequentFlyer.number}` : '—'),
    },
    {
      title: t('profile.actions'),
      key: 'actions',
      render: (_, p) => (
        <Space>
          <Button
            type="link"
            size="small"
            aria-label={t('profile.editOf', { name: nameOf(p) })}
            onClick={() => onEdit(p)}
          >
            {t('profile.edit')}
          </Button>
          <Popconfirm
            title={t('profile.frequent.deleteConfirm', { name: nameOf(p) })}
            okText={t('profile.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete(p)}
          >
            <Button type="link" size="small" danger aria-label={t('profile.deleteOf', { name: nameOf(p) })}>
              {t('profile.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <DataTable<FrequentPassenger>
      rowKey="id"
      data-testid="frequent-passengers-table"
      label={t('profile.frequent.title')}
      keyColumn="name"
      actionColumn="actions"
      columns={columns}
      dataSource={passengers ?? []}
      loading={loading}
      locale={{ emptyText: <Empty description={t('profile.frequent.empty')} /> }}
      pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
    />
  );
}
