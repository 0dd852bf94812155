import { Flex, Typography } from 'antd';
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

  return (
    <footer style={{ padding: '24px 32px', borderTop: '1px solid rgba(5,5,5,0.06)' }}>
      <Flex wrap gap={32} justify="space-between" align="flex-start">
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('footer.language')}</Typography.Text>
          <LanguageSwitch />
          <CurrencySwitch />
        </Flex>
        <nav aria-label={t('footer.links')}>
          <Typography.Text strong>{t('footer.links')}</Typography.Text>
          <Flex vertical gap={4} style={{ marginTop: 8 }}>
            <Link to="/terms">{t('footer.terms')}</Link>
            <Link to="/privacy">{t('footer.privacy')}</Link>
          </Flex>
        </nav>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('footer.copyright', { year: new Date().getFullYear(), name })}
        {site?.isIcp && site.icpCode ? ` · ${t('footer.icp')} ${site.icpCode}` : ''}
        {site?.isNetworkSecurity && site.networkSecurityCode
          ? ` · ${t('footer.networkSecurity')} ${site.networkSecurityCode}`
          : ''}
      </Typography.Paragraph>
    </footer>
  );
}
