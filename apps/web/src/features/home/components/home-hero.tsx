import { useTranslation } from 'react-i18next';
import { PlainParagraph, PlainTitle } from '../../../shared/ui/plain-text';

/** The home page's hero: the product name, what it is for and the slogan. */
export function HomeHero() {
  const { t } = useTranslation();
  return (
    <header>
      <PlainTitle level={1} data-testid="page-title">
        {t('home.hero.title')}
      </PlainTitle>
      <PlainParagraph style={{ fontSize: 16 }}>{t('home.hero.subtitle')}</PlainParagraph>
      <PlainParagraph style={{ fontSize: 18, fontWeight: 600 }} data-testid="home-slogan">
        {t('home.hero.slogan')}
      </PlainParagraph>
    </header>
  );
}
