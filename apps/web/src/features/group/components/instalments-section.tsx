import { Tag } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GroupInstalment, type GroupOrder } from '@portal/domain/group-order';
import { dueInstalment } from '@portal/domain/group-order-status';
import { CHANNEL_OPTIONS } from '@portal/domain/payment-channels';
import { RestrictedButton } from '../../../shared/company/restricted-button';
import { formatDateTime } from '../../../shared/dates/format-date';
import { money } from '../lib/format';
import { Countdown } from './countdown';
import { PlainTable } from './plain-table';
import { MountOnceOpened } from '../../../shared/ui/mount-once-opened';

// The payment dialog (channels, QR code, balance confirmation) loads when an instalment is first paid.
const InstalmentPaymentDialog = lazy(async () => ({
  default: (await import('./instalment-payment-dialog')).InstalmentPaymentDialog,
}));

const STATE_COLOR = { unpaid: 'processing', paid: 'success', missed: 'error' } as const;

interface InstalmentsSectionProps {
  order: GroupOrder;
}

/**
 * The instalment schedule of the picked quote: amount, deadline with its countdown, paid or not
 * and how; the due one has a pay button (a dialog to choose the channel) when the order allows it.
 */
export function InstalmentsSection({ order }: InstalmentsSectionProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<GroupInstalment | null>(null);
  const due = dueInstalment(order.status);
  const canPay = order.allowedActions.includes('payInstalment');
  const finalWaitsForList =
    due === 4 &&
    !canPay &&
    order.passengerList.state !== 'confirmed' &&
    order.status === 'to_be_paid_last_money';
  return (
    <>
      <PlainTable<GroupInstalment>
        data-testid="group-instalments"
        label={t('groupOrders.detail.instalments')}
        rowKey={(r) => r.n}
        rows={order.instalments}
        emptyText={t('groupOrders.instalment.none')}
        columns={[
          {
            title: t('groupOrders.instalment.title'),
            key: 'kind',
            render: (r) => t(`groupOrders.instalment.kind.${r.kind}`),
          },
          { title: t('groupOrders.instalment.amount'), key: 'amount', render: (r) => money(r.amount) },
          {
            title: t('groupOrders.instalment.deadline'),
            key: 'deadline',
            render: (r) =>
              r.state === 'unpaid' ? <Countdown deadline={r.deadline} /> : formatDateTime(r.deadline),
          },
          {
            title: t('groupOrders.instalment.state'),
            key: 'state',
            render: (r) => (
              <Tag color={STATE_COLOR[r.state]} data-testid={`group-instalment-state-${r.n}`}>
                {t(`groupOrders.instalment.stateLabel.${r.state}`)}
                {r.paidAt ? ` · ${formatDateTime(r.paidAt)}` : ''}
                {r.channel ? ` · ${t(CHANNEL_OPTIONS[r.channel].labelKey)}` : ''}
              </Tag>
            ),
          },
          {
            title: t('groupOrders.instalment.action'),
            key: 'action',
            render: (r) =>
              canPay && r.n === due && r.state === 'unpaid' ? (
                <RestrictedButton
                  action="pay"
                  type="primary"
                  size="small"
                  data-testid={`group-instalment-open-${r.n}`}
                  onClick={() => setConfirming(r)}
                >
                  {t('groupOrders.instalment.pay', { kind: t(`groupOrders.instalment.kind.${r.kind}`) })}
                </RestrictedButton>
              ) : r.n === due && finalWaitsForList ? (
                t('groupOrders.instalment.needsList')
              ) : null,
          },
        ]}
      />
      <MountOnceOpened open={confirming !== null}>
        <InstalmentPaymentDialog order={order} instalment={confirming} onClose={() => setConfirming(null)} />
      </MountOnceOpened>
    </>
  );
}
