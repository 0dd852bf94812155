import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupPassenger } from '@portal/domain/group-passenger-list';
import { formatDate } from '../../../shared/dates/format-date';
import { PlainTable, type PlainColumn } from '../components/plain-table';

/** Rows shown at once; a longer list is paged by this many. */
const PASSENGERS_PAGE_SIZE = 50;

// A list longer than a page (a group has up to 300 travellers) is antd's Table with its pager,
// loaded only then: most groups fit on one page, which a plain table shows.
const PagedPassengersTable = lazy(async () => ({
  default: (await import('./paged-passengers-table')).PagedPassengersTable,
}));

/** The columns of the stored list; the position, type and name stay at the left while it scrolls. */
export function usePassengerColumns(): PlainColumn<GroupPassenger>[] {
  const { t } = useTranslation();
  return [
    { key: 'position', title: '#', width: 56, pinned: true, render: (p) => p.position },
    {
      key: 'type',
      title: t('groupPassengers.table.type'),
      pinned: true,
      render: (p) => t(`booking.passengerType.${p.type}`),
    },
    {
      key: 'name',
      title: t('groupPassengers.table.name'),
      pinned: true,
      render: (p) => `${p.surname}/${p.givenNames}`,
    },
    {
      key: 'gender',
      title: t('groupPassengers.table.gender'),
      render: (p) => t(`booking.gender.${p.gender}`),
    },
    { key: 'birthday', title: t('groupPassengers.table.birthday'), render: (p) => formatDate(p.birthday) },
    { key: 'nationality', title: t('groupPassengers.table.nationality'), render: (p) => p.nationality },
    {
      key: 'document',
      title: t('groupPassengers.table.document'),
      render: (p) => `${t(`booking.documentTypes.${p.documentType}`)} ${p.documentNumber}`,
    },
    {
      key: 'expiry',
      title: t('groupPassengers.table.expiry'),
      render: (p) => formatDate(p.documentExpiry),
    },
  ];
}

/** The stored list: one row per passenger, document numbers masked by the API. */
export function PassengersTable({ passengers }: { passengers: readonly GroupPassenger[] }) {
  const { t } = useTranslation();
  const columns = usePassengerColumns();
  if (passengers.length > PASSENGERS_PAGE_SIZE) {
    return (
      <Suspense fallback={null}>
        <PagedPassengersTable passengers={passengers} columns={columns} pageSize={PASSENGERS_PAGE_SIZE} />
      </Suspense>
    );
  }
  return (
    <PlainTable<GroupPassenger>
      data-testid="group-passengers-table"
      label={t('groupPassengers.title')}
      rowKey={(p) => p.position}
      rows={passengers}
      columns={columns}
    />
  );
}
