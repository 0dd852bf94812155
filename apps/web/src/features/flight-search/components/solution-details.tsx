import { Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@portal/domain/shopping';
import { usePriceDisplay } from '../../../shared/flight/use-price-display';
import { BaggageTable } from '../../../shared/flight/baggage-table';
import { FareRules } from '../../../shared/flight/fare-rules';
import { PriceBreakdown } from '../../../shared/flight/price-breakdown';
import { SegmentList } from '../../../shared/flight/segment-list';
import { SubAgencyPriceChain } from './sub-agency-price-chain';

interface SolutionDetailsProps {
  solution: Solution;
  currency: string;
  familyId: string;
  families: Solution['families'];
  onFamily: (solutionId: string) => void;
}

/** The expanded row: segments, price breakdown, baggage, rules and restrictions, and other fare families. */
export function SolutionDetails({ solution, currency, familyId, families, onFamily }: SolutionDetailsProps) {
  const { t } = useTranslation();
  const price = usePriceDisplay(currency);
  const heading = (key: string) => (
    <Typography.Title level={5} style={{ marginTop: 16 }}>
      {t(key)}
    </Typography.Title>
  );

  return (
    <div className="solution-details" data-testid="solution-details">
      {heading('flight.detail.segments')}
      <SegmentList legs={solution.legs} />
      {families.length > 0 && (
        <>
          {heading('flight.detail.families')}
          <Radio.Group
            aria-label={t('flight.detail.families')}
            value={familyId}
            onChange={(e) => onFamily(String(e.target.value))}
            options={families.map((f) => ({
              value: f.solutionId,
              label: `${f.fareFamily} · ${price.currency} ${price.format(f.total.amount)}`,
            }))}
          />
        </>
      )}
      {heading('flight.detail.priceTitle')}
      <PriceBreakdown priceDetail={solution.priceDetail} currency={currency} />
      <SubAgencyPriceChain solution={solution} currency={currency} />
      {heading('flight.detail.baggageTitle')}
      <BaggageTable baggage={solution.baggage} currency={currency} />
      {heading('flight.detail.rulesTitle')}
      <FareRules solution={solution} currency={currency} />
    </div>
  );
}
