import { LegalText } from '../components/legal-text';

const PARAGRAPHS = ['legal.terms.p1', 'legal.terms.p2', 'legal.terms.p3'] as const;

/** Terms & Conditions (footer page). */
export function TermsPage() {
  return <LegalText titleKey="router.terms" paragraphKeys={PARAGRAPHS} />;
}
