import { Button, Empty, Form, Select, Space, Spin, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADJUSTMENT_CATEGORIES, type AdjustmentCategory } from '@portal/domain/agency-config';
import type { PriceChain, PriceChainLevel, PriceChainQuery } from '@portal/domain/agency-settings';
import { CURRENCIES, type Currency } from '@portal/domain/currency';
import { fromMinor, minorDigits, plainNumberString, toMinor } from '@portal/domain/currency-conversion';
import type { MoneyJson } from '@portal/domain/shopping';
import { formatMoney } from '../../../../shared/money/format-money';
import { QueryError } from '../../../../shared/ui/query-error';
import { usePriceChain } from '../api/agency-settings';
import { MoneyInput } from './money-input';

interface Row {
  key: string;
  agency: string;
  adjustment: string;
  added: MoneyJson | null;
  price: MoneyJson;
}

/** The adjustment as a reader says it: `2.5 %` or `CNY 30.00`, with its limit. */
function useDescribe(currency: Currency) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney({ amount: fromMinor(minor, minorDigits(currency)), currency });
  return (adjustment: PriceChainLevel['adjustment']) => {
    if (!adjustment) return t('agencySettings.chain.noAdjustment');
    const value = adjustment.unit === 'percent' ? `${adjustment.value} %` : money(adjustment.value);
    const limit =
      adjustment.limit === 0
        ? t('agencySettings.chain.unlimited')
        : t('agencySettings.chain.limitOf', { limit: money(adjustment.limit) });
    return `${value} (${limit})`;
  };
}

function rowsOf(
  chain: PriceChain,
  net: string,
  sale: string,
  describe: ReturnType<typeof useDescribe>,
): Row[] {
  return [
    { key: 'net', agency: net, adjustment: '', added: null, price: chain.net },
    ...chain.levels.map((level) => ({
      key: `level-${level.agencyId}`,
      agency: level.agencyName,
      adjustment: describe(level.adjustment),
      added: level.added,
      price: level.price,
    })),
    { key: 'sale', agency: sale, adjustment: '', added: null, price: chain.sale },
  ];
}

/** The effective price chain of a sub-agency: supplier net → each level's adjustment → sale price. */
export function PriceChainPanel({ agencyId, currency }: { agencyId: number; currency: Currency }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<AdjustmentCategory>('china');
  const [chainCurrency, setChainCurrency] = useState<Currency>(currency);
  const [amount, setAmount] = useState<number | null>(1000);
  const [query, setQuery] = useState<PriceChainQuery | null>(null);
  const chain = usePriceChain(agencyId, query);
  const describe = useDescribe(query?.currency ?? chainCurrency);

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
      ) : chain.isPending ? (
        <Spin aria-label={t('common.loadingIndicator')} />
      ) : chain.isError ? (
        <QueryError
          title={t('agencySettings.chain.loadFailed')}
          error={chain.error}
          onRetry={() => void chain.refetch()}
        />
      ) : (
        <Table<Row>
          data-testid="price-chain"
          aria-label={t('agencySettings.chain.levels')}
          size="small"
          pagination={false}
          dataSource={rowsOf(
            chain.data,
            t('agencySettings.chain.net'),
            t('agencySettings.chain.sale'),
            describe,
          )}
          columns={[
            { title: t('agencySettings.chain.agency'), dataIndex: 'agency' },
            { title: t('agencySettings.chain.adjustment'), dataIndex: 'adjustment' },
            {
              title: t('agencySettings.chain.added'),
              dataIndex: 'added',
              align: 'right',
              render: (added: MoneyJson | null) => (added ? formatMoney(added) : ''),
            },
            {
              title: t('agencySettings.chain.price'),
              dataIndex: 'price',
              align: 'right',
              render: (price: MoneyJson) => formatMoney(price),
            },
          ]}
        />
      )}
    </section>
  );
}
