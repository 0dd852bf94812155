import { Button, Card, Empty, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberCard } from '@portal/domain/frequent-passengers';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import { formatDate } from '../../../shared/dates/format-date';
import { DataTable } from '../../../shared/ui/data-table';
import { toast } from '../../../shared/ui/message-bridge';
import {
  MEMBER_CARDS_PAGE_SIZE,
  useDeleteMemberCard,
  useMemberCards,
} from '../../../shared/passengers/api/member-cards';
import { QueryError } from '../../../shared/ui/query-error';

/*
 * The editor opens from a button or a row, so it loads when first opened, with its dialog and
 * fields (docs/performance/javascript-per-route.md).
 */
const MemberCardEditor = lazy(async () => ({
  default: (await import('./member-card-editor')).MemberCardEditor,
}));

type Editing = { card?: MemberCard } | null;

const labelOf = (card: MemberCard) => `${card.airline} ${card.number}`;

/** The user's airline member cards: a page at a time, add, edit, delete. */
export function MemberCardsSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const cards = useMemberCards(page);
  const remove = useDeleteMemberCard();
  const [editing, setEditing] = useState<Editing>(null);
  // A card is shown as expired from the day after its expiry date in the agency's calendar.
  const today = useAgencyToday();

  // The last card of a later page was deleted: show the page before it.
  const emptyPage = cards.isSuccess && !cards.isPlaceholderData && cards.data.list.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) setPage((p) => p - 1);
  }, [emptyPage]);

  const handleDelete = async (card: MemberCard) => {
    try {
      await remove.mutateAsync(card.id);
      void toast().success(t('profile.cards.deleted'));
    } catch {
      // Shown by the client.
    }
  };

  const columns: TableColumnsType<MemberCard> = [
    { title: t('profile.cards.airline'), dataIndex: 'airline' },
    { title: t('profile.cards.number'), dataIndex: 'number' },
    { title: t('profile.cards.holder'), key: 'holder', render: (_, c) => `${c.surname}/${c.given_names}` },
    { title: t('profile.cards.tier'), dataIndex: 'tier', render: (tier: string | null) => tier || '—' },
    {
      title: t('profile.cards.expiryDate'),
      dataIndex: 'expiryDate',
      render: (date: string | null) =>
        date ? (
          <Space size={4}>
            {formatDate(date)}
            {date < today && <Tag color="red">{t('profile.frequent.expired')}</Tag>}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('profile.actions'),
      key: 'actions',
      render: (_, c) => (
        <Space>
          <Button
            type="link"
            size="small"
            aria-label={t('profile.editOf', { name: labelOf(c) })}
            onClick={() => setEditing({ card: c })}
          >
            {t('profile.edit')}
          </Button>
          <Popconfirm
            title={t('profile.cards.deleteConfirm', { card: labelOf(c) })}
            okText={t('profile.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete(c)}
          >
            <Button type="link" size="small" danger aria-label={t('profile.deleteOf', { name: labelOf(c) })}>
              {t('profile.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      data-testid="member-cards"
      title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('profile.cards.title')}</h2>}
      extra={
        <Button type="primary" disabled={!cards.isSuccess} onClick={() => setEditing({})}>
          {t('profile.cards.add')}
        </Button>
      }
    >
      {cards.isError ? (
        <QueryError
          title={t('profile.cards.loadError')}
          error={cards.error}
          onRetry={() => void cards.refetch()}
        />
      ) : (
        <DataTable<MemberCard>
          rowKey="id"
          data-testid="member-cards-table"
          label={t('profile.cards.title')}
          keyColumn="number"
          actionColumn="actions"
          columns={columns}
          dataSource={cards.data?.list ?? []}
          loading={cards.isFetching}
          locale={{ emptyText: <Empty description={t('profile.cards.empty')} /> }}
          pagination={{
            current: page,
            pageSize: MEMBER_CARDS_PAGE_SIZE,
            total: cards.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <MemberCardEditor card={editing.card} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
