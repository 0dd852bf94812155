import { Button, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GroupInstalment, type GroupOrder } from '@portal/domain/group-order';
import { dueInstalment } from '@portal/domain/group-order-status';
import { formatDateTime } from '../../../shared/dates/format-date';
import { money } from '../lib/format';
import { Countdown } from './countdown';

const STATE_COLOR = { unpaid: 'processing', paid: 'success', missed: 'error' } as const;

interface InstalmentsSectionProps {
  order: GroupOrder;
  paying: boolean;
  onPay: (n: number) => void;
}

/**
 * The instalment schedule of the picked quote: amount, deadline with its countdown, paid or not;
 * the due one has a pay button (wallet balance, after a confirm) when the order allows it.
 */
export function InstalmentsSection({ order, paying, onPay }: InstalmentsSectionProps) {
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
      <Table<GroupInstalment>
        data-testid="group-instalments"
        size="small"
        pagination={false}
        rowKey="n"
        dataSource={order.instalments}
        locale={{ emptyText: t('groupOrders.instalment.none') }}
        columns={[
          {
            title: t('groupOrders.instalment.title'),
            key: 'kind',
            render: (_, r) => t(`groupOrders.instalment.kind.${r.kind}`),
          },
          { title: t('groupOrders.instalment.amount'), key: 'amount', render: (_, r) => money(r.amount) },
          {
            title: t('groupOrders.instalment.deadline'),
            key: 'deadline',
            render: (_, r) =>
              r.state === 'unpaid' ? <Countdown deadline={r.deadline} /> : formatDateTime(r.deadline),
          },
          {
            title: t('groupOrders.instalment.state'),
            key: 'state',
            render: (_, r) => (
              <Tag color={STATE_COLOR[r.state]} data-testid={`group-instalment-state-${r.n}`}>
                {t(`groupOrders.instalment.stateLabel.${r.state}`)}
                {r.paidAt ? ` · ${formatDateTime(r.paidAt)}` : ''}
              </Tag>
            ),
          },
          {
            title: t('groupOrders.instalment.action'),
            key: 'action',
            render: (_, r) =>
              canPay && r.n === due && r.state === 'unpaid' ? (
                <Button type="primary" size="small" loading={paying} onClick={() => setConfirming(r)}>
                  {t('groupOrders.instalment.pay', { kind: t(`groupOrders.instalment.kind.${r.kind}`) })}
                </Button>
              ) : r.n === due && finalWaitsForList ? (
                t('groupOrders.instalment.needsList')
              ) : null,
          },
        ]}
      />
      <Modal
        open={confirming !== null}
        title={t('groupOrders.instalment.confirmTitle')}
        okText={t('groupOrders.instalment.confirmPay')}
        cancelText={t('groupOrders.common.back')}
        onCancel={() => setConfirming(null)}
        onOk={() => {
          if (confirming) onPay(confirming.n);
          setConfirming(null);
        }}
      >
        {confirming &&
          t('groupOrders.instalment.confirmText', {
            kind: t(`groupOrders.instalment.kind.${confirming.kind}`),
            amount: money(confirming.amount),
          })}
      </Modal>
    </>
  );
}
