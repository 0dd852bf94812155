import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SupplierProgress } from '@portal/domain/shopping';

/** Rail suppliers that timed out or failed: the answer may be missing their trains. */
export function SupplierErrors({ suppliers }: { suppliers: readonly SupplierProgress[] }) {
  const { t } = useTranslation();
  const failed = suppliers.filter((s) => s.status === 'timeout' || s.status === 'error');
  if (failed.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="supplier-errors"
      title={t('trainBooking.suppliers.partial')}
      description={failed
        .map((s) =>
          t(`trainBooking.suppliers.${s.status === 'timeout' ? 'timeout' : 'error'}`, { name: s.name }),
        )
        .join(' ')}
    />
  );
}
