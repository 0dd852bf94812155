import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { COVERAGE } from '@portal/reference-data/coverage';
import type { SiteFigures } from '@portal/domain/site-figures';
import { MarketingSection } from './marketing-blocks';

/**
 * A whole number with its thousands grouped by commas, as Intl.NumberFormat writes it in each of
 * the portal's locales (en, zh-Hans and zh-Hant group digits alike; the test compares them). Not
 * Intl here: the page's first Intl formatter loads the browser's locale data, about 100 ms of
 * script on a slow phone in the middle of rendering the sections.
 */
export function groupDigits(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

interface Figure {
  key: string;
  value: number;
  plus?: boolean;
}

/**
 * Spec §2 feature figures. Countries, airports, airlines, routes and stations are counted from the
 * reference data at build time (`@portal/reference-data/coverage`); clients and suppliers come from
 * the site config (`figures`), and the clients figure is left out while the platform has set none.
 */
export function FeatureFigures({ figures }: { figures: SiteFigures }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list: Figure[] = [
    { key: 'countries', value: COVERAGE.countries },
    { key: 'airports', value: COVERAGE.airports },
    { key: 'airlines', value: COVERAGE.airlines },
    { key: 'routes', value: COVERAGE.routes },
    { key: 'stations', value: COVERAGE.stations },
    ...(figures.clients === null ? [] : [{ key: 'clients', value: figures.clients }]),
    { key: 'suppliers', value: figures.suppliers, plus: true },
  ];
  return (
    <MarketingSection id="home-figures" title={t('home.marketing.figures.title')} tinted>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(160px, 100%), 1fr))',
          gap: token.marginLG,
          margin: 0,
        }}
      >
        {list.map((figure) => (
          <div
            key={figure.key}
            data-testid={`figure-${figure.key}`}
            style={{ display: 'flex', flexDirection: 'column-reverse' }}
          >
            <dt style={{ color: token.colorTextSecondary }}>{t(`home.marketing.figures.${figure.key}`)}</dt>
            <dd
              style={{
                margin: 0,
                fontSize: 30,
                fontWeight: token.fontWeightStrong,
                color: token.colorPrimary,
              }}
            >
              {groupDigits(figure.value)}
              {figure.plus ? '+' : ''}
            </dd>
          </div>
        ))}
      </dl>
      <p style={{ marginBottom: 0, marginTop: token.marginLG, color: token.colorTextSecondary }}>
        {t('home.marketing.figures.note')}
      </p>
    </MarketingSection>
  );
}
