import { Drawer, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The chart, its table and the settings load only when a drawer first opens: the tree page that
// imports this file carries nothing of them.
const LookToBookPanel = lazy(() =>
  import('./components/look-to-book-panel').then((module) => ({ default: module.LookToBookPanel })),
);

interface LookToBookDrawerProps {
  agencyId: number;
  agencyName: string;
  open: boolean;
  onClose: () => void;
}

/** A sub-agency's searches, bookings and look-to-book ratio per day, with its ticketing settings. */
export function LookToBookDrawer({ agencyId, agencyName, open, onClose }: LookToBookDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={880}
      destroyOnHidden
      data-testid="look-to-book-drawer"
      title={t('agencyMoney.lookToBook.title', { name: agencyName })}
    >
      {open ? (
        <Suspense fallback={<Skeleton active />}>
          <LookToBookPanel key={agencyId} agencyId={agencyId} />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
