import { LegalText } from '../components/legal-text';

const PARAGRAPHS = ['legal.privacy.p1', 'legal.privacy.p2', 'legal.privacy.p3'] as const;

/** Privacy Policy (footer page). */
export function PrivacyPage() {
  return <LegalText titleKey="router.privacy" paragraphKeys={PARAGRAPHS} />;
}
