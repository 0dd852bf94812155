import { Descriptions, type DescriptionsProps, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import { actionAllowed, type ActionTerms, type FareTerms } from '@portal/domain/fare-term-rules';
import type { BaggageRule, FareRules } from '@portal/domain/shopping';
import { usePriceDisplay } from './use-price-display';

type Items = NonNullable<DescriptionsProps['items']>;
type Penalty = FareRules['change'];
type Format = (terms: FareTerms, minor: number) => string;

/** One action's terms in the reader's language: allowed or not, cut-off, fee per window. */
function actionLines(t: TFunction, terms: FareTerms, action: 'change' | 'refund', money: Format) {
  const rule: ActionTerms = terms[action];
  if (!actionAllowed(rule)) return [t('fareTerms.notAllowed')];
  const per = t(rule.per === 'segment' ? 'fareTerms.perSegment' : 'fareTerms.perPassenger');
  const head = [
    t('fareTerms.allowed'),
    rule.deadlineHours !== null ? t('fareTerms.deadline', { hours: rule.deadlineHours }) : null,
    action === 'refund' && terms.refund.keeps === 'fare' ? t('fareTerms.taxesOnly') : null,
  ].filter(Boolean);
  const windows = rule.windows.map((w) => {
    const label = t(`fareTerms.window.${w.window}`);
    if (!w.allowed) return `${label}: ${t('fareTerms.notAllowed')}`;
    const parts = [
      w.amountMinor > 0 ? money(terms, w.amountMinor) : null,
      w.percentOfFare > 0 ? t('fareTerms.percent', { percent: w.percentOfFare }) : null,
    ].filter(Boolean);
    return `${label}: ${parts.length === 0 ? t('fareTerms.free') : `${parts.join(' + ')} ${per}`}`;
  });
  return [head.join(' · '), ...windows];
}

/** The adult's (else the first type's) checked and carry-on allowance in one line. */
function baggageLine(t: TFunction, baggage: readonly BaggageRule[]): string | null {
  const rule = baggage.find((b) => b.passengerType === 'adult') ?? baggage[0];
  if (!rule) return null;
  const allowance = (a: BaggageRule['checked']) =>
    a.pieces === 0
      ? t('flight.detail.baggage.none')
      : [
          t('flight.detail.baggage.pieces', { count: a.pieces }),
          a.weightKg !== null ? t('flight.detail.baggage.weight', { weight: a.weightKg }) : null,
        ]
          .filter(Boolean)
          .join(' · ');
  return `${t('flight.detail.baggage.checked')}: ${allowance(rule.checked)} · ${t('flight.detail.baggage.carryOn')}: ${allowance(rule.carryOn)}`;
}

const lines = (texts: readonly string[]) =>
  texts.map((text) => (
    <div key={text}>
      <Typography.Text>{text}</Typography.Text>
    </div>
  ));

/**
 * The Descriptions items of a fare's change and refund rules: the structured terms in the reader's
 * language (allowed, cut-off, fee by time before departure, baggage), and under them the
 * supplier's own text as "the airline's wording". A fare priced before structured terms shows
 * the summary it has.
 */
export function useFareTermItems(
  rules: FareRules,
  baggage: readonly BaggageRule[] | undefined,
  currency: string,
): Items {
  const { t } = useTranslation();
  const price = usePriceDisplay(rules.terms?.currency ?? currency);
  const money: Format = (terms, minor) =>
    `${price.currency} ${price.format(fromMinor(minor, minorDigits(terms.currency)))}`;
  const penalty = (p: Penalty) =>
    [
      p.allowed ? t('flight.detail.rules.allowed') : t('flight.detail.rules.notAllowed'),
      p.fee ? t('flight.detail.rules.fee', { fee: `${price.currency} ${price.format(p.fee.amount)}` }) : null,
      p.note || null,
    ]
      .filter(Boolean)
      .join(' · ');
  const { terms } = rules;
  if (!terms) {
    return [
      { key: 'change', label: t('flight.detail.rules.change'), children: penalty(rules.change) },
      { key: 'refund', label: t('flight.detail.rules.refund'), children: penalty(rules.refund) },
      { key: 'noShow', label: t('flight.detail.rules.noShow'), children: penalty(rules.noShow) },
    ];
  }
  const bags = baggage ? baggageLine(t, baggage) : null;
  const wording = [
    `${t('flight.detail.rules.change')}: ${rules.change.note}`,
    `${t('flight.detail.rules.refund')}: ${rules.refund.note}`,
    `${t('flight.detail.rules.noShow')}: ${rules.noShow.note}`,
  ];
  return [
    {
      key: 'change',
      label: t('flight.detail.rules.change'),
      children: <div data-testid="fare-terms-change">{lines(actionLines(t, terms, 'change', money))}</div>,
    },
    {
      key: 'refund',
      label: t('flight.detail.rules.refund'),
      children: <div data-testid="fare-terms-refund">{lines(actionLines(t, terms, 'refund', money))}</div>,
    },
    ...(bags ? [{ key: 'baggage', label: t('fareTerms.baggage'), children: bags }] : []),
    {
      key: 'wording',
      label: t('fareTerms.airlineWording'),
      children: (
        <div data-testid="fare-terms-wording" lang="en">
          {wording.map((text) => (
            <div key={text}>
              <Typography.Text type="secondary">{text}</Typography.Text>
            </div>
          ))}
        </div>
      ),
    },
  ];
}

/** A fare's change and refund terms and baggage on their own (the order's detail). */
export function FareTermsDescriptions({
  rules,
  baggage,
  currency,
}: {
  rules: FareRules;
  baggage: readonly BaggageRule[] | undefined;
  currency: string;
}) {
  const items = useFareTermItems(rules, baggage, currency);
  return <Descriptions size="small" column={1} bordered data-testid="fare-terms" items={items} />;
}
