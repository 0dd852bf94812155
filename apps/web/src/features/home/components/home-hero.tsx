import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The home page's hero: the product name and what it is for. */
export function HomeHero() {
  const { t } = useTranslation();
  return (
    <header>
      <Typography.Title level={1} data-testid="page-title">
        {t('home.hero.title')}
      </Typography.Title>
      <Typography.Paragraph style={{ fontSize: 16 }}>{t('home.hero.subtitle')}</Typography.Paragraph>
    </header>
  );
}
