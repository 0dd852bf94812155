import { LegalText, legalSections } from '../components/legal-text';

/** The sections of the terms and their paragraph counts (`legal.terms.*` in the locale files). */
const SECTIONS = legalSections('terms', {
  service: 1,
  accounts: 1,
  bookings: 1,
  payments: 1,
  afterSales: 1,
  partners: 1,
  use: 1,
  liability: 1,
  changes: 1,
});

/** Terms & Conditions (footer page). */
export function TermsPage() {
  return <LegalText titleKey="router.terms" sections={SECTIONS} />;
}
