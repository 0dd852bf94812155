import { Layout } from 'antd';
import type { ReactNode } from 'react';
import type { Layout as LayoutName } from '@portal/domain/routes';
import { useSessionStore } from '../../shared/stores/session-store';
import { isPartnerCompany } from '../../shared/stores/subject';
import { useUiStore } from '../../shared/stores/ui-store';
import { AppFooter } from '../components/app-footer';
import { AppHeader } from '../components/app-header';

interface AppShellProps {
  layout: LayoutName;
  /** A side area (section menu) beside the content. */
  side?: ReactNode;
  /** Content width limit; none for full-width layouts. */
  maxWidth?: number;
  children: ReactNode;
}

/** The frame shared by every layout: header, optional side area, content, footer (not in a frame). */
export function AppShell({ layout, side, maxWidth, children }: AppShellProps) {
  const embedded = useUiStore((s) => s.iframe);
  const partner = useSessionStore((s) => isPartnerCompany(s.company?.id));

  return (
    <Layout style={{ minHeight: '100vh' }} data-layout={layout}>
      <AppHeader dark={partner} embedded={embedded} />
      <Layout hasSider={Boolean(side)}>
        {side}
        <Layout.Content style={{ padding: 24 }}>
          <main style={{ maxWidth, margin: maxWidth ? '0 auto' : undefined }}>{children}</main>
        </Layout.Content>
      </Layout>
      {!embedded && <AppFooter />}
    </Layout>
  );
}
