import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** What failed to render, and a retry that opens the same address again. */
function PageFailed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (
    <div role="alert" data-testid="page-failed" style={{ textAlign: 'center', padding: '64px 16px' }}>
      <h2 style={{ margin: '0 0 8px', fontSize: 20 }}>{t('common.pageFailed.title')}</h2>
      <p style={{ margin: '0 0 24px' }}>{t('common.pageFailed.text')}</p>
      {/* A new navigation to the same address: the boundary resets and a failed page downloads again. */}
      <Button type="primary" onClick={() => void navigate({ pathname, search, hash }, { replace: true })}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

interface BoundaryProps {
  /** The navigation the boundary belongs to: a new one clears a failure. */
  navigation: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  navigation: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, navigation: this.props.navigation };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.navigation === state.navigation ? null : { failed: false, navigation: props.navigation };
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

/**
 * Catches what a page throws while it loads or renders (a chunk that failed to download after a
 * deploy or a network drop, a bug) and shows a localized error with a retry in its place, inside
 * the layout, so the menus still work. The next navigation clears it.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary navigation={key}>{children}</Boundary>;
}
