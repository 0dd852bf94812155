import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Disruption, DisruptionAction } from '@portal/domain/disruptions';
import { toast } from '../../../shared/ui/message-bridge';
import { localTime } from '../lib/format';
import { useDisruptionAction } from './api';

/**
 * The buttons of the actions the API allows on a disruption (`allowedActions`), each behind a
 * confirmation; a refused action shows the server's message (the client's error toast).
 */
export function DisruptionActions({ disruption }: { disruption: Disruption }) {
  const { t } = useTranslation();
  const mutation = useDisruptionAction();
  const pending = mutation.isPending ? mutation.variables.action : null;

  const confirmText = (action: DisruptionAction) =>
    action === 'accept'
      ? t('disruptions.confirm.accept', {
          flight: disruption.after?.flightNumber ?? '',
          time: disruption.after ? localTime(disruption.after.departureLocal) : '',
        })
      : t(`disruptions.confirm.${action}`);

  const handleConfirm = (action: DisruptionAction) =>
    mutation.mutate(
      { id: disruption.id, action },
      {
        onSuccess: () => void toast().success(t(`disruptions.done.${action}`)),
      },
    );

  if (disruption.allowedActions.length === 0) return null;
  return (
    <Space wrap size="small">
      {disruption.allowedActions.map((action) => (
        <Popconfirm
          key={action}
          title={confirmText(action)}
          okText={t('disruptions.confirm.ok')}
          cancelText={t('common.cancel')}
          okButtonProps={{ 'data-testid': `disruption-${action}-ok` }}
          onConfirm={() => handleConfirm(action)}
        >
          <Button
            size="small"
            type={action === 'acknowledge' ? 'default' : 'primary'}
            danger={action === 'refund'}
            data-testid={`disruption-${action}`}
            loading={pending === action}
            disabled={pending !== null && pending !== action}
          >
            {t(`disruptions.action.${action}`)}
          </Button>
        </Popconfirm>
      ))}
    </Space>
  );
}
