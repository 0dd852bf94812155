import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SITE_FIGURES, decadesSince } from '@portal/domain/site-figures';
import { ContactForm } from './contact-form';
import { FeatureFigures } from './feature-figures';
import type { MarketingProps } from './lazy-marketing';
import { CardGrid, InfoCard, Lead, MarketingSection } from './marketing-blocks';

const PARTNER_PRODUCTS = [
  'hotels',
  'transfers',
  'activities',
  'tours',
  'insurance',
  'evisas',
  'lounges',
  'ancillaries',
] as const;
const MODES = ['api', 'b2b', 'whiteLabel', 'saas'] as const;
const ADVANTAGES = [
  'content',
  'prices',
  'speed',
  'wallet',
  'subAgencies',
  'afterSales',
  'languages',
  'security',
  'support',
] as const;

const M = 'home.marketing';

/**
 * The marketing sections of the home page (spec §2): products, the flight platform, the figures,
 * the four cooperation modes, nine advantages, About Us and the contact form. Loaded after the
 * login card (`lazy-marketing.tsx`), with the `marketing` part of the locale files.
 */
export function MarketingSections({ figures: siteFigures }: MarketingProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const figures = siteFigures ?? DEFAULT_SITE_FIGURES;
  const years = decadesSince(figures.foundedYear, new Date().getFullYear());
  return (
    <div
      role="region"
      aria-label={t(`${M}.label`)}
      data-testid="home-marketing"
      style={{ display: 'flex', flexDirection: 'column', gap: token.marginXL, marginTop: token.marginXL }}
    >
      <MarketingSection id="home-products" title={t(`${M}.products.title`)}>
        <Lead>{t(`${M}.products.intro`)}</Lead>
        <CardGrid min={280}>
          <InfoCard title={t(`${M}.products.flights.title`)}>{t(`${M}.products.flights.text`)}</InfoCard>
          <InfoCard title={t(`${M}.products.trains.title`)}>{t(`${M}.products.trains.text`)}</InfoCard>
          <InfoCard title={t(`${M}.products.partners.title`)}>
            <p style={{ marginTop: 0 }}>{t(`${M}.products.partners.text`)}</p>
            <ul data-testid="partner-products" style={{ margin: 0, paddingInlineStart: 20 }}>
              {PARTNER_PRODUCTS.map((product) => (
                <li key={product}>{t(`${M}.products.partners.${product}`)}</li>
              ))}
            </ul>
          </InfoCard>
        </CardGrid>
      </MarketingSection>

      <MarketingSection id="home-platform" title={t(`${M}.platform.title`)}>
        <Lead>{t(`${M}.platform.p1`)}</Lead>
        <Lead>{t(`${M}.platform.p2`)}</Lead>
      </MarketingSection>

      <FeatureFigures figures={figures} />

      <MarketingSection id="home-modes" title={t(`${M}.modes.title`)}>
        <CardGrid>
          {MODES.map((mode) => (
            <InfoCard key={mode} title={t(`${M}.modes.${mode}.title`)}>
              {t(`${M}.modes.${mode}.text`)}
            </InfoCard>
          ))}
        </CardGrid>
      </MarketingSection>

      <MarketingSection id="home-advantages" title={t(`${M}.advantages.title`)} tinted>
        <CardGrid min={260}>
          {ADVANTAGES.map((advantage) => (
            <InfoCard key={advantage} title={t(`${M}.advantages.${advantage}.title`)}>
              {t(`${M}.advantages.${advantage}.text`)}
            </InfoCard>
          ))}
        </CardGrid>
      </MarketingSection>

      <MarketingSection id="home-about" title={t(`${M}.about.title`)}>
        <ul
          data-testid="about-claims"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: token.marginLG,
            listStyle: 'none',
            padding: 0,
            margin: `0 0 ${token.marginLG}px`,
            fontSize: token.fontSizeHeading4,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
          }}
        >
          <li>{t(`${M}.about.since`, { year: figures.foundedYear })}</li>
          {years > 0 && <li>{t(`${M}.about.years`, { years })}</li>}
          <li>{t(`${M}.about.suppliers`, { n: figures.suppliers })}</li>
        </ul>
        <Lead>{t(`${M}.about.p1`, { year: figures.foundedYear, suppliers: figures.suppliers })}</Lead>
        <Lead>{t(`${M}.about.p2`)}</Lead>
      </MarketingSection>

      <ContactForm />
    </div>
  );
}
