import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@portal/domain/shopping';
import { ClientQuoteButton } from '../../../shared/client-quotes/client-quote-button';
import { solutionFare } from '../../../shared/client-quotes/quoted-fare';
import { usePriceDisplay } from '../../../shared/flight/use-price-display';
import { baggageSummary } from '../model/baggage';
import { LegSummary } from '../../../shared/flight/leg-summary';
import { SolutionDetails } from './solution-details';

interface SolutionCardProps {
  solution: Solution;
  currency: string;
  /** Finds another fare family of the same flights among the results. */
  findSolution: (id: string) => Solution | undefined;
  onBook: (solutionId: string, shown: Solution) => void;
  booking: boolean;
}

/** One result: its journeys, cabin, fare family, baggage, seats left, prices, details and Book. */
export function SolutionCard({
  solution: listed,
  currency,
  findSolution,
  onBook,
  booking,
}: SolutionCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [familyId, setFamilyId] = useState(listed.id);
  const solution = findSolution(familyId) ?? listed;
  const family = listed.families.find((f) => f.solutionId === familyId);
  const price = usePriceDisplay(currency);
  const adult = solution.priceDetail.priceList.find((p) => p.passengerType === 'adult');
  const total = family && solution.id !== familyId ? family.total.amount : solution.priceDetail.total.amount;

  return (
    <Card size="small" className="solution-card" data-testid="solution-card" data-solution-id={listed.id}>
      <div className="solution-main">
        <div className="solution-legs">
          {solution.legs.map((leg, i) => (
            <LegSummary key={i} leg={leg} />
          ))}
          <Space size={[4, 4]} wrap>
            <Tag>{t(`flight.cabin.${solution.cabin}`)}</Tag>
            {(family?.fareFamily ?? solution.fareFamily) && (
              <Tag color="purple">{family?.fareFamily ?? solution.fareFamily}</Tag>
            )}
            <Tag color={baggageSummary(solution).free ? 'green' : 'orange'}>
              {t(baggageSummary(solution).key, baggageSummary(solution))}
            </Tag>
            {solution.seatsLeft <= 4 && (
              <Tag color="red">{t('flight.list.seatsLeft', { count: solution.seatsLeft })}</Tag>
            )}
            {solution.restrictions.productType !== 'normal' && (
              <Tag color="gold" data-testid="restricted-fare">
                {t('flight.list.restrictedFare', {
                  product: t(`flight.productType.${solution.restrictions.productType}`, {
                    defaultValue: solution.restrictions.productType,
                  }),
                })}
              </Tag>
            )}
            {solution.supplier && <Tag>{solution.supplier}</Tag>}
          </Space>
        </div>
        <div className="solution-price">
          {adult && (
            <Typography.Text type="secondary">
              {t('flight.list.perAdult')} {price.currency} {price.format(adult.salePrice)}
            </Typography.Text>
          )}
          <div className="solution-total" data-testid="solution-total">
            {price.currency} {price.format(total)}
          </div>
          <Typography.Text type="secondary">{t('flight.list.totalLabel')}</Typography.Text>
          <Button type="primary" loading={booking} onClick={() => onBook(familyId, solution)}>
            {t('flight.list.book')}
          </Button>
          <ClientQuoteButton
            type="link"
            source={{ kind: 'solution', solutionId: familyId }}
            currency={solution.priceDetail.total.currency}
            fare={solutionFare(solution)}
          />
          <Button type="link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('flight.list.hideDetails') : t('flight.list.showDetails')}
          </Button>
        </div>
      </div>
      {open && (
        <SolutionDetails
          solution={solution}
          currency={currency}
          familyId={familyId}
          families={listed.families}
          onFamily={setFamilyId}
        />
      )}
    </Card>
  );
}
