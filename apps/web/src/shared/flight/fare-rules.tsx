import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketingTier } from '@portal/domain/ticketing-tier';
import type { Solution } from '@portal/domain/shopping';
import { useLocale } from '../stores/subject';
import { usePriceDisplay } from './use-price-display';
import { countryList } from '../places/names';

type Penalty = Solution['rules']['change'];

/** Change, refund and no-show rules, the restrictions of spec §3 and the ticketing-speed tier. */
export function FareRules({ solution, currency }: { solution: Solution; currency: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const price = usePriceDisplay(currency);
  const { restrictions: r } = solution;
  const penalty = (p: Penalty) =>
    [
      p.allowed ? t('flight.detail.rules.allowed') : t('flight.detail.rules.notAllowed'),
      p.fee ? t('flight.detail.rules.fee', { fee: `${price.currency} ${price.format(p.fee.amount)}` }) : null,
      p.note || null,
    ]
      .filter(Boolean)
      .join(' · ');
  const age =
    r.minAge === null && r.maxAge === null
      ? t('flight.detail.restrictions.anyAge')
      : t('flight.detail.restrictions.ageRange', { min: r.minAge ?? 0, max: r.maxAge ?? '∞' });
  const tier = ticketingTier(solution.ticketingTier);
  const none = t('flight.detail.restrictions.none');

  return (
    <Descriptions size="small" column={1} bordered data-testid="fare-rules">
      <Descriptions.Item label={t('flight.detail.rules.change')}>
        {penalty(solution.rules.change)}
      </Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.rules.refund')}>
        {penalty(solution.rules.refund)}
      </Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.rules.noShow')}>
        {penalty(solution.rules.noShow)}
      </Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.restrictions.age')}>{age}</Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.restrictions.documents')}>
        {r.documentTypes.map((d) => t(`flight.documentType.${d}`)).join(', ') || none}
      </Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.restrictions.eligible')}>
        {countryList(r.eligibleCountries, locale) || t('flight.detail.restrictions.allCountries')}
      </Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.restrictions.ineligible')}>
        {countryList(r.ineligibleCountries, locale) || none}
      </Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.restrictions.invoice')}>
        {t(`flight.invoiceType.${r.invoiceType}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.restrictions.channel')}>
        {t(`flight.ticketingChannel.${r.ticketingChannel}`, { defaultValue: r.ticketingChannel })}
      </Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.restrictions.productType')}>
        {t(`flight.productType.${r.productType}`, { defaultValue: r.productType })}
      </Descriptions.Item>
      <Descriptions.Item label={t('flight.detail.tier')}>
        {tier ? t(`flight.tier.${tier.code}`) : solution.ticketingTier}
      </Descriptions.Item>
    </Descriptions>
  );
}
