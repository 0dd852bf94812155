import { Button, Empty, Form, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADJUSTMENT_CATEGORIES, type AdjustmentCategory } from '@portal/domain/agency-config';
import type { PriceChainQuery } from '@portal/domain/agency-settings';
import { CURRENCIES, type Currency } from '@portal/domain/currency';
import { minorDigits, plainNumberString, toMinor } from '@portal/domain/currency-conversion';
import { PriceChainTable } from '../../../../shared/agencies/price-chain';
import { MoneyInput } from './money-input';

/** The effective price chain of a sub-agency: supplier net → each level's adjustment → sale price. */
export function PriceChainPanel({ agencyId, currency }: { agencyId: number; currency: Currency }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<AdjustmentCategory>('china');
  const [chainCurrency, setChainCurrency] = useState<Currency>(currency);
  const [amount, setAmount] = useState<number | null>(1000);
  const [query, setQuery] = useState<PriceChainQuery | null>(null);

  const handleShow = () => {
    if (amount === null || amount < 0) return;
    setQuery({
      category,
      currency: chainCurrency,
      amount: toMinor(plainNumberString(amount), minorDigits(chainCurrency)),
    });
  };

  return (
    <section aria-label={t('agencySettings.chain.title')}>
      <p>{t('agencySettings.chain.help')}</p>
      <Form layout="vertical" component="div">
        <Space align="end" wrap>
          <Form.Item label={t('agencySettings.chain.category')} htmlFor="price-chain-category">
            <Select<AdjustmentCategory>
              id="price-chain-category"
              value={category}
              onChange={setCategory}
              style={{ width: 180 }}
              options={ADJUSTMENT_CATEGORIES.map((c) => ({
                value: c,
                label: t(`agencySettings.flight.categories.${c}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('agencySettings.chain.amount')} htmlFor="price-chain-amount">
            <MoneyInput
              id="price-chain-amount"
              currency={chainCurrency}
              value={amount}
              onChange={setAmount}
            />
          </Form.Item>
          <Form.Item label={t('agencySettings.chain.currency')} htmlFor="price-chain-currency">
            <Select<Currency>
              id="price-chain-currency"
              value={chainCurrency}
              onChange={setChainCurrency}
              showSearch
              style={{ width: 120 }}
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" onClick={handleShow} disabled={amount === null}>
              {t('agencySettings.chain.show')}
            </Button>
          </Form.Item>
        </Space>
      </Form>
      {query === null ? (
        <Empty description={t('agencySettings.chain.empty')} />
      ) : (
        <PriceChainTable agencyId={agencyId} query={query} />
      )}
    </section>
  );
}
