import { LegalText, legalSections } from '../components/legal-text';

/**
 * The sections of the privacy policy and their paragraph counts (`legal.privacy.*`): what is kept,
 * for how long, who processes it, the browser storage the portal really uses, rights and contact.
 */
const SECTIONS = legalSections('privacy', {
  intro: 1,
  data: 4,
  retention: 1,
  processors: 1,
  storage: 1,
  rights: 1,
  contact: 1,
});

/** Privacy Policy (footer page). */
export function PrivacyPage() {
  return <LegalText titleKey="router.privacy" sections={SECTIONS} />;
}
