import { theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decadesSince, type SiteFigures } from '@portal/domain/site-figures';
import { ContactForm } from './contact-form';
import { FeatureFigures } from './feature-figures';
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

export interface MarketingProps {
  /** The site config's figures, or the defaults until it has loaded. */
  figures: SiteFigures;
}

/**
 * How many of `total` parts to show: one, then one more each animation frame. The browser then
 * lays the sections out one per frame, in short tasks, instead of all in one long task that holds
 * up a tap on the login form (docs/performance/history.md, "The home page with its marketing sections").
 */
function useOneMorePerFrame(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => setShown((count) => count + 1));
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return shown;
}

/**
 * The marketing sections of the home page (spec §2): products, the flight platform, the figures,
 * the four cooperation modes, nine advantages, About Us and the contact form. Loaded after the
 * login card (`lazy-marketing.tsx`), with the `marketing` part of the locale files.
 */
export function MarketingSections({ figures }: MarketingProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const years = decadesSince(figures.foundedYear, new Date().getFullYear());
  const sections = [
    <MarketingSection key="products" id="home-products" title={t(`${M}.products.title`)}>
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
    </MarketingSection>,
    <MarketingSection key="platform" id="home-platform" title={t(`${M}.platform.title`)}>
      <Lead>{t(`${M}.platform.p1`)}</Lead>
      <Lead>{t(`${M}.platform.p2`)}</Lead>
    </MarketingSection>,
    <FeatureFigures key="figures" figures={figures} />,
    <MarketingSection key="modes" id="home-modes" title={t(`${M}.modes.title`)}>
      <CardGrid>
        {MODES.map((mode) => (
          <InfoCard key={mode} title={t(`${M}.modes.${mode}.title`)}>
            {t(`${M}.modes.${mode}.text`)}
          </InfoCard>
        ))}
      </CardGrid>
    </MarketingSection>,
    <MarketingSection key="advantages" id="home-advantages" title={t(`${M}.advantages.title`)} tinted>
      <CardGrid min={260}>
        {ADVANTAGES.map((advantage) => (
          <InfoCard key={advantage} title={t(`${M}.advantages.${advantage}.title`)}>
            {t(`${M}.advantages.${advantage}.text`)}
          </InfoCard>
        ))}
      </CardGrid>
    </MarketingSection>,
    <MarketingSection key="about" id="home-about" title={t(`${M}.about.title`)}>
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
    </MarketingSection>,
    <ContactForm key="contact" />,
  ];
  const shown = useOneMorePerFrame(sections.length);
  return (
    <div
      role="region"
      aria-label={t(`${M}.label`)}
      // Busy while sections are still being added below: the footer moves down until then.
      aria-busy={shown < sections.length}
      data-testid="home-marketing"
      style={{ display: 'flex', flexDirection: 'column', gap: token.marginXL, marginTop: token.marginXL }}
    >
      {sections.slice(0, shown)}
    </div>
  );
}
