import { Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@portal/domain/currency';

interface Props {
  id?: string;
  value?: Currency;
  onChange?: (value: Currency) => void;
}

/** The settlement currency: a new choice takes effect only once the spec's change message is confirmed. */
export function SettlementCurrencySelect({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();

  const handleChange = (next: Currency) => {
    if (next === value) return;
    void modal.confirm({
      title: t('agencySettings.common.settlementCurrency'),
      content: t('agencySettings.common.settlementCurrencyChange', { currency: next }),
      okText: t('agencySettings.common.settlementCurrencyConfirm'),
      cancelText: t('common.cancel'),
      onOk: () => onChange?.(next),
    });
  };

  return (
    <>
      {modalHolder}
      <Select<Currency>
        id={id}
        value={value}
        onChange={handleChange}
        showSearch
        options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
        style={{ width: 160 }}
      />
    </>
  );
}
