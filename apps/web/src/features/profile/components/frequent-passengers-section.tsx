import { Button, Card, Space, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FrequentPassenger } from '@portal/domain/frequent-passengers';
import { canAddFrequentPassenger, MAX_FREQUENT_PASSENGERS } from '@portal/domain/limits';
import { useAllFrequentPassengers } from '../../../shared/passengers/api/passengers';
import { FrequentPassengersTable } from './frequent-passengers-table';
import { QueryError } from '../../../shared/ui/query-error';

/*
 * The editor opens from a button or a row, so it loads when first opened: its passenger fields bring
 * the date picker and the dialog, which the list does not need (docs/performance/javascript-per-route.md).
 */
const FrequentPassengerEditor = lazy(async () => ({
  default: (await import('./frequent-passenger-editor')).FrequentPassengerEditor,
}));

/** What the editor is open for: a new passenger, or the one being edited. */
type Editing = { passenger?: FrequentPassenger } | null;

/** The user's often-used passengers (at most `MAX_FREQUENT_PASSENGERS`): list, add, edit, delete. */
export function FrequentPassengersSection() {
  const { t } = useTranslation();
  const passengers = useAllFrequentPassengers();
  const [editing, setEditing] = useState<Editing>(null);
  const count = passengers.data?.total ?? 0;
  const full = passengers.isSuccess && !canAddFrequentPassenger(count);

  const add = (
    <Button type="primary" disabled={!passengers.isSuccess || full} onClick={() => setEditing({})}>
      {t('profile.frequent.add')}
    </Button>
  );

  return (
    <Card
      data-testid="frequent-passengers"
      title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('profile.frequent.title')}</h2>}
      extra={
        <Space>
          {passengers.isSuccess && (
            <Typography.Text type={full ? 'warning' : 'secondary'} data-testid="frequent-passengers-count">
              {t('profile.frequent.count', { n: count, max: MAX_FREQUENT_PASSENGERS })}
            </Typography.Text>
          )}
          {full ? (
            <Tooltip title={t('profile.frequent.limitReached', { max: MAX_FREQUENT_PASSENGERS })}>
              {/* A disabled button fires no hover events; the span does. */}
              <span>{add}</span>
            </Tooltip>
          ) : (
            add
          )}
        </Space>
      }
    >
      {passengers.isError ? (
        <QueryError
          title={t('profile.frequent.loadError')}
          error={passengers.error}
          onRetry={() => void passengers.refetch()}
        />
      ) : (
        <FrequentPassengersTable
          passengers={passengers.data?.list}
          loading={passengers.isFetching}
          onEdit={(passenger) => setEditing({ passenger })}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <FrequentPassengerEditor passenger={editing.passenger} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
