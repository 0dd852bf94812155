import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';

/** A short legal page: title, paragraphs (i18n keys) and the last-updated line. */
export function LegalText({
  titleKey,
  paragraphKeys,
}: {
  titleKey: string;
  paragraphKeys: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <article style={{ maxWidth: 760 }}>
      <PageTitle>{t(titleKey)}</PageTitle>
      {paragraphKeys.map((key) => (
        <Typography.Paragraph key={key}>{t(key)}</Typography.Paragraph>
      ))}
      <Typography.Paragraph type="secondary">{t('legal.updated')}</Typography.Paragraph>
    </article>
  );
}
