import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageTitle } from '@portal/domain/navigation';
import { FALLBACK_SITE, useSite } from '../../features/site/hooks/use-site';
import { i18n } from '../../shared/i18n/i18n';
import { useLocale } from '../../shared/stores/subject';

/** Keeps i18next, dayjs and `<html lang>` on the app locale. */
export function useLocaleSync(): void {
  const locale = useLocale();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    dayjs.locale(locale);
    document.documentElement.lang = locale;
  }, [locale]);
}

/** Sets the document title on every navigation and the favicon from the site config. */
export function useDocumentChrome(): void {
  const { pathname } = useLocation();
  const locale = useLocale();
  const site = useSite();
  const { t } = useTranslation();
  useEffect(() => {
    document.title = pageTitle(pathname, locale, site ?? FALLBACK_SITE, (key) => t(key));
  }, [pathname, locale, site, t]);
  useEffect(() => {
    const href = site?.favicon || FALLBACK_SITE.favicon;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    if (link.getAttribute('href') !== href) link.href = href;
  }, [site?.favicon]);
}
