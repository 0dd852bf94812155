import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/**
 * A screen whose feature is not built yet: its title and an honest empty state. `titleKey` and
 * `textKey` are i18n keys (route titles and `pending.*` texts).
 */
export function PendingPage({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Empty description={t(textKey)} />
    </section>
  );
}
