import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { siteName } from '@portal/domain/navigation';
import { FALLBACK_SITE, useSite } from '../../features/site/hooks/use-site';
import { useLocale } from '../../shared/stores/subject';
import { CurrencySwitch } from './currency-switch';
import { LanguageSwitch } from './language-switch';

/** The footer of spec §2: language, currency, links, terms, privacy and the © line. */
export function AppFooter() {
  const { t } = useTranslation();
  const site = useSite();
  const locale = useLocale();
  const name = siteName(site ?? FALLBACK_SITE, locale, false);
  const { token } = theme.useToken();
  // Plain elements in the theme's colours: antd's Typography would bring its tooltip and trigger
  // code into every page's first download for two headings and a line of text.
  const heading = { fontWeight: token.fontWeightStrong, color: token.colorText };

  return (
    <footer style={{ padding: '24px 32px', borderTop: `1px solid ${token.colorSplit}` }}>
      <Flex wrap gap={32} justify="space-between" align="flex-start">
        <Flex vertical gap={8}>
          <span style={heading}>{t('footer.language')}</span>
          <LanguageSwitch />
          <CurrencySwitch />
        </Flex>
        <nav aria-label={t('footer.links')}>
          <span style={heading}>{t('footer.links')}</span>
          <Flex vertical gap={4} style={{ marginTop: 8 }}>
            <Link to="/terms">{t('footer.terms')}</Link>
            <Link to="/privacy">{t('footer.privacy')}</Link>
          </Flex>
        </nav>
      </Flex>
      <p style={{ marginTop: 16, marginBottom: 0, color: token.colorTextSecondary }}>
        {t('footer.copyright', { year: new Date().getFullYear(), name })}
        {site?.isIcp && site.icpCode ? ` · ${t('footer.icp')} ${site.icpCode}` : ''}
        {site?.isNetworkSecurity && site.networkSecurityCode
          ? ` · ${t('footer.networkSecurity')} ${site.networkSecurityCode}`
          : ''}
      </p>
    </footer>
  );
}
