import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';

/** A section of a legal document: its heading and paragraphs (i18n keys). */
export interface LegalSection {
  titleKey: string;
  paragraphKeys: readonly string[];
}

/** A legal document: title, the last-updated line, then its sections with their headings. */
export function LegalText({ titleKey, sections }: { titleKey: string; sections: readonly LegalSection[] }) {
  const { t } = useTranslation();
  return (
    <article style={{ maxWidth: 760 }}>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Typography.Paragraph type="secondary">{t('legal.updated')}</Typography.Paragraph>
      {sections.map((section) => (
        <section key={section.titleKey} aria-labelledby={section.titleKey.replaceAll('.', '-')}>
          <Typography.Title level={2} id={section.titleKey.replaceAll('.', '-')} style={{ fontSize: 18 }}>
            {t(section.titleKey)}
          </Typography.Title>
          {section.paragraphKeys.map((key) => (
            <Typography.Paragraph key={key}>{t(key)}</Typography.Paragraph>
          ))}
        </section>
      ))}
    </article>
  );
}

/** The sections of `legal.<document>`: each named section's title and paragraphs p1..pN. */
export function legalSections(document: string, sections: Readonly<Record<string, number>>): LegalSection[] {
  return Object.entries(sections).map(([name, paragraphs]) => ({
    titleKey: `legal.${document}.${name}.title`,
    paragraphKeys: Array.from({ length: paragraphs }, (_, i) => `legal.${document}.${name}.p${i + 1}`),
  }));
}
