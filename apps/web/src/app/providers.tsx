import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import type { Locale as AntLocale } from 'antd/es/locale';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '@portal/domain/locale';
import { i18n } from '../shared/i18n/i18n';
import { useSessionStore } from '../shared/stores/session-store';
import { isPartnerCompany, useLocale } from '../shared/stores/subject';
import { ToastHost } from '../shared/ui/message-bridge';
import { DEFAULT_THEME, PARTNER_THEME } from './theme';

const ANT_LOCALES: Record<Locale, AntLocale> = { en: enUS, 'zh-cn': zhCN, 'zh-tw': zhTW };

/** A query client with the app's defaults (no retry storms, no refetch on focus). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}

/**
 * The theme's text style for what antd components do not style themselves (what antd's `<App>`
 * would set; `<App>` is not used because it brings the message, notification and modal code into
 * the first page's download).
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      {children}
    </div>
  );
}

/**
 * Query client (emptied whenever the session changes), i18n, antd locale and theme (partner 222
 * green/black), the theme's text style and the toasts.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // What was cached for one session is never shown in the next: a logout, an ended session or
  // another user's login (a partner's single sign-on included) empties the cache.
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (state.token !== previous.token) client.clear();
      }),
    [client],
  );
  const locale = useLocale();
  const partner = useSessionStore((s) => isPartnerCompany(s.company?.id));

  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider
          locale={ANT_LOCALES[locale]}
          theme={partner ? PARTNER_THEME : DEFAULT_THEME}
          button={{ autoInsertSpace: false }}
        >
          <BaseText>
            <ToastHost />
            {children}
          </BaseText>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
