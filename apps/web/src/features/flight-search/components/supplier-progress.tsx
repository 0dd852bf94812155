import { Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SupplierProgress as Supplier } from '@portal/domain/shopping';

const COLORS: Record<Supplier['status'], string> = {
  pending: 'processing',
  done: 'success',
  timeout: 'warning',
  error: 'error',
};

/** Overall progress of a search and one tag per supplier: name, status and how many fares it sent. */
export function SupplierProgress({
  suppliers,
  finished,
}: {
  suppliers: readonly Supplier[];
  finished: boolean;
}) {
  const { t } = useTranslation();
  const answered = suppliers.filter((s) => s.status !== 'pending').length;
  const percent = finished
    ? 100
    : suppliers.length === 0
      ? 5
      : Math.max(5, Math.round((answered / suppliers.length) * 100));

  return (
    <div data-testid="search-progress" className="search-progress">
      <Progress
        percent={percent}
        status={finished ? 'success' : 'active'}
        size="small"
        aria-label={t('flight.list.progress')}
        format={() => (finished ? t('flight.list.finished') : t('flight.list.searching'))}
      />
      <Space size={[4, 4]} wrap>
        {suppliers.map((s, i) => (
          <Tag key={`${s.name}-${i}`} color={COLORS[s.status]} data-testid="supplier-status">
            {s.name || t('flight.list.supplierN', { n: i + 1 })} ·{' '}
            {t(`flight.list.supplierStatus.${s.status}`)} · {t('flight.list.fareCount', { count: s.count })}
          </Tag>
        ))}
      </Space>
    </div>
  );
}
