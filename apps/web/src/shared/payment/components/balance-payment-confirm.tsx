import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { balancePaymentPreview } from '@portal/domain/balance-payment';
import type { MoneyJson } from '@portal/domain/shopping';
import { formatMoney } from '../../money/format-money';
import { getPaymentBalances } from '../api/payment';

interface BalancePaymentConfirmProps {
  open: boolean;
  /** What the payment takes from the wallet. */
  amount: MoneyJson;
  /** What is paid, for the title (`Booking number F2026…`, `2nd deposit`). */
  subject?: string;
  confirmLoading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirmation of a payment from the agency's balance, for every order kind: the amount, the
 * balance before and after, the credit it uses and what stays available. A payment beyond what is
 * available cannot be confirmed; when the balance cannot be read the amount alone is shown (the
 * API still checks the balance).
 */
export function BalancePaymentConfirm({
  open,
  amount,
  subject,
  confirmLoading,
  onConfirm,
  onCancel,
}: BalancePaymentConfirmProps) {
  const { t } = useTranslation();
  const balances = useQuery({
    queryKey: ['wallet-payment-balances'],
    queryFn: getPaymentBalances,
    enabled: open,
    staleTime: 0,
  });
  const wallet = balances.data?.find((w) => w.currency === amount.currency);
  const preview = wallet ? balancePaymentPreview(wallet, amount) : null;
  const key = (name: string) => `actionChecks.balancePay.${name}`;

  return (
    <Modal
      open={open}
      title={subject ? t(key('titleOf'), { subject }) : t(key('title'))}
      okText={t(key('confirm'))}
      cancelText={t('common.cancel')}
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={confirmLoading}
      okButtonProps={{ disabled: preview?.sufficient === false, 'data-testid': 'balance-pay-confirm' }}
      destroyOnHidden
    >
      <div data-testid="balance-pay-preview">
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t(key('amount'))}>
            <span data-testid="balance-pay-amount">{formatMoney(amount)}</span>
          </Descriptions.Item>
          {preview && (
            <>
              <Descriptions.Item label={t(key('balanceBefore'))}>
                <span data-testid="balance-pay-before">{formatMoney(preview.balanceBefore)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t(key('balanceAfter'))}>
                <span data-testid="balance-pay-after">{formatMoney(preview.balanceAfter)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t(key('creditUsed'))}>
                <span data-testid="balance-pay-credit">
                  {t(key('creditOfLimit'), {
                    used: formatMoney(preview.creditUsed),
                    limit: formatMoney(preview.creditLimit),
                  })}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t(key('availableAfter'))}>
                <span data-testid="balance-pay-available">{formatMoney(preview.availableAfter)}</span>
              </Descriptions.Item>
            </>
          )}
        </Descriptions>
        {balances.isPending && open && <Skeleton active paragraph={{ rows: 2 }} title={false} />}
        {preview?.sufficient === false && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            title={t(key('insufficient'))}
            data-testid="balance-pay-insufficient"
          />
        )}
        {(balances.isError || (balances.isSuccess && !preview)) && (
          <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t(key('unreadable'))} />
        )}
      </div>
    </Modal>
  );
}
