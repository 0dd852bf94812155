import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allows } from '@portal/domain/access';
import { CURRENCIES, type Currency } from '@portal/domain/currency';
import type { listAgencies } from '@portal/domain/api/agencies';
import { minorDigits, toMinor } from '@portal/domain/currency-conversion';
import type { Solution } from '@portal/domain/shopping';
import { PriceChainTable } from '../../../shared/agencies/price-chain';
import { callApi } from '../../../shared/api/call-api';
import { useSubject } from '../../../shared/stores/subject';

const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

/** The caller's sub-agencies (top level and their children), for the fare's price chain. */
function useSubAgencies(enabled: boolean) {
  return useQuery({
    queryKey: ['fare-price-chain', 'sub-agencies'],
    queryFn: () =>
      callApi<typeof listAgencies>(
        { method: 'GET', path: '/base/v2/agencies' },
        { query: { pageSize: 100 } },
        { skipErrorToast: true },
      ),
    enabled,
    select: (page) => page.list.flatMap((node) => [node, ...node.children]),
  });
}

/**
 * In a result's fare details, for an agency manager: this fare's price chain for a sub-agency
 * they pick, from the supplier's net fare per adult through each level's adjustment for the
 * fare's flight category to that sub-agency's sale price.
 */
export function SubAgencyPriceChain({ solution, currency }: { solution: Solution; currency: string }) {
  const { t } = useTranslation();
  const subject = useSubject();
  const shown = subject !== null && allows('agencyManager', subject) && solution.category !== undefined;
  const agencies = useSubAgencies(shown);
  const [agencyId, setAgencyId] = useState<number | null>(null);
  const fare =
    solution.priceDetail.priceList.find((p) => p.passengerType === 'adult') ??
    solution.priceDetail.priceList[0];
  if (!shown || !fare || !solution.category || !isCurrency(currency)) return null;
  if (agencies.isSuccess && agencies.data.length === 0) return null;
  const query = {
    category: solution.category,
    amount: toMinor(fare.price, minorDigits(currency)),
    currency,
  };

  return (
    <section aria-label={t('flight.detail.subAgencyChain')} data-testid="fare-price-chain">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('flight.detail.subAgencyChain')}
      </Typography.Title>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select<number>
          aria-label={t('flight.detail.subAgency')}
          placeholder={t('flight.detail.subAgency')}
          loading={agencies.isPending}
          value={agencyId ?? undefined}
          onChange={setAgencyId}
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 240 }}
          options={(agencies.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
        {agencyId === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flight.detail.subAgencyPick')} />
        ) : (
          <PriceChainTable agencyId={agencyId} query={query} />
        )}
      </Space>
    </section>
  );
}
