import { useQuery } from '@tanstack/react-query';
import { Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceChain, PriceChainLevel, PriceChainQuery } from '@portal/domain/agency-settings';
import type { Currency } from '@portal/domain/currency';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { MoneyJson } from '@portal/domain/shopping';
import type { getPriceChain as getPriceChainRoute } from '@portal/domain/api/agency-settings';
import { callApi } from '../api/call-api';
import { formatMoney } from '../money/format-money';
import { QueryError } from '../ui/query-error';

/** The query key of a sub-agency's price chains (a settings save invalidates them). */
export const priceChainKey = (agencyId: number) => ['agency-price-chain', agencyId] as const;

/** GET /base/v2/agencies/{id}/price-chain: a net amount (minor units) through every level's adjustment. */
export function getPriceChain(agencyId: number, query: PriceChainQuery): Promise<PriceChain> {
  return callApi<typeof getPriceChainRoute>(
    { method: 'GET', path: '/base/v2/agencies/:id/price-chain' },
    { params: { id: agencyId }, query },
    { skipErrorToast: true },
  );
}

/** The price chain for `query`, once one is asked for (`query` not null). */
export function usePriceChain(agencyId: number, query: PriceChainQuery | null) {
  return useQuery({
    queryKey: [...priceChainKey(agencyId), query],
    queryFn: () =>
      query ? getPriceChain(agencyId, query) : Promise.reject(new Error('No price chain asked for')),
    enabled: query !== null,
  });
}

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

/**
 * A sub-agency's price chain for `query`: supplier net → each level (agency, adjustment and its
 * limit, amount added, price after) → sale price, with its loading and error states.
 */
export function PriceChainTable({ agencyId, query }: { agencyId: number; query: PriceChainQuery }) {
  const { t } = useTranslation();
  const chain = usePriceChain(agencyId, query);
  const describe = useDescribe(query.currency);
  if (chain.isPending) return <Spin aria-label={t('common.loadingIndicator')} />;
  if (chain.isError) {
    return (
      <QueryError
        title={t('agencySettings.chain.loadFailed')}
        error={chain.error}
        onRetry={() => void chain.refetch()}
      />
    );
  }
  const rows: Row[] = [
    { key: 'net', agency: t('agencySettings.chain.net'), adjustment: '', added: null, price: chain.data.net },
    ...chain.data.levels.map((level) => ({
      key: `level-${level.agencyId}`,
      agency: level.agencyName,
      adjustment: describe(level.adjustment),
      added: level.added,
      price: level.price,
    })),
    {
      key: 'sale',
      agency: t('agencySettings.chain.sale'),
      adjustment: '',
      added: null,
      price: chain.data.sale,
    },
  ];
  return (
    <Table<Row>
      data-testid="price-chain"
      aria-label={t('agencySettings.chain.levels')}
      size="small"
      pagination={false}
      dataSource={rows}
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
  );
}
