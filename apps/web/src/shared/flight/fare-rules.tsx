import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketingTier } from '@portal/domain/ticketing-tier';
import type { Solution } from '@portal/domain/shopping';
import { useLocale } from '../stores/subject';
import { countryList } from '../places/names';
import { useFareTermItems } from './fare-terms';

/**
 * Change and refund terms (structured, in the reader's language, with the airline's wording), the
 * restrictions of spec §3 and the ticketing-speed tier.
 */
export function FareRules({ solution, currency }: { solution: Solution; currency: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const termItems = useFareTermItems(solution.rules, solution.baggage, currency);
  const { restrictions: r } = solution;
  const age =
    r.minAge === null && r.maxAge === null
      ? t('flight.detail.restrictions.anyAge')
      : t('flight.detail.restrictions.ageRange', { min: r.minAge ?? 0, max: r.maxAge ?? '∞' });
  const tier = ticketingTier(solution.ticketingTier);
  const none = t('flight.detail.restrictions.none');
  const items = [
    ...termItems,
    { key: 'age', label: t('flight.detail.restrictions.age'), children: age },
    {
      key: 'documents',
      label: t('flight.detail.restrictions.documents'),
      children: r.documentTypes.map((d) => t(`flight.documentType.${d}`)).join(', ') || none,
    },
    {
      key: 'eligible',
      label: t('flight.detail.restrictions.eligible'),
      children: countryList(r.eligibleCountries, locale) || t('flight.detail.restrictions.allCountries'),
    },
    {
      key: 'ineligible',
      label: t('flight.detail.restrictions.ineligible'),
      children: countryList(r.ineligibleCountries, locale) || none,
    },
    {
      key: 'invoice',
      label: t('flight.detail.restrictions.invoice'),
      children: t(`flight.invoiceType.${r.invoiceType}`),
    },
    {
      key: 'channel',
      label: t('flight.detail.restrictions.channel'),
      children: t(`flight.ticketingChannel.${r.ticketingChannel}`, { defaultValue: r.ticketingChannel }),
    },
    {
      key: 'productType',
      label: t('flight.detail.restrictions.productType'),
      children: t(`flight.productType.${r.productType}`, { defaultValue: r.productType }),
    },
    {
      key: 'tier',
      label: t('flight.detail.tier'),
      children: tier ? t(`flight.tier.${tier.code}`) : solution.ticketingTier,
    },
  ];

  return <Descriptions size="small" column={1} bordered data-testid="fare-rules" items={items} />;
}
