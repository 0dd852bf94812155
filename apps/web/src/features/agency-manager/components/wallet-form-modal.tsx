import { Alert, Form, Modal, Select, Typography } from 'antd';
import type { FormInstance, FormProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubAgency } from '@portal/domain/agencies';
import { CURRENCIES, type Currency } from '@portal/domain/currency';
import { formatMoney } from '../../../shared/money/format-money';
import { saveAndClose } from '../../../shared/ui/save-and-close';
import { useOwnBalances } from '../api/agency-money';

interface WalletFormModalProps<V> {
  agency: SubAgency;
  title: string;
  okText: string;
  pending: boolean;
  form: FormInstance<V>;
  testId: string;
  initialValues: FormProps<V>['initialValues'];
  onValuesChange?: FormProps<V>['onValuesChange'];
  /** Makes the change; resolves to the success message, rejects with what failed. */
  submit: (values: V) => Promise<string>;
  onClose: () => void;
  /** The fields after the currency. */
  children: ReactNode;
}

/**
 * A change to a direct sub-agency's wallet (top-up, credit limit): the wallet's current balance,
 * what the caller's own agency has available in the chosen currency (the money and credit come
 * from it), the currency and the caller's fields; done, it toasts and closes, failed, it shows the
 * server's reason inline (e.g. the parent's available amount does not cover it).
 */
export function WalletFormModal<V>({
  agency,
  title,
  okText,
  pending,
  form,
  testId,
  initialValues,
  onValuesChange,
  submit,
  onClose,
  children,
}: WalletFormModalProps<V>) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const own = useOwnBalances();
  const currency = Form.useWatch('currency', form as FormInstance) as Currency | undefined;
  const chosen = currency ?? agency.wallet.currency;
  const ownWallet = own.data?.find((b) => b.currency === chosen);
  const ownAvailable = ownWallet ? ownWallet.available : { amount: '0', currency: chosen };

  const handleSubmit = (values: V) => {
    setFailure(null);
    return saveAndClose(
      () => submit(values),
      onClose,
      (error) =>
        setFailure(error instanceof Error && error.message ? error.message : t('common.unknownError')),
    );
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        layout="vertical"
        data-testid={testId}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={(values) => void handleSubmit(values)}
      >
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph type="secondary">
          {t('agencyManager.money.current', {
            balance: formatMoney(agency.wallet.balance),
            available: formatMoney(agency.wallet.available),
          })}
        </Typography.Paragraph>
        {own.data && (
          <Typography.Paragraph type="secondary" data-testid="parent-available">
            {t('agencyManager.money.parentAvailable', { available: formatMoney(ownAvailable) })}
          </Typography.Paragraph>
        )}
        <Form.Item name="currency" label={t('agencyManager.topUp.currency')}>
          <Select
            aria-label={t('agencyManager.topUp.currency')}
            showSearch
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        {children}
      </Form>
    </Modal>
  );
}
