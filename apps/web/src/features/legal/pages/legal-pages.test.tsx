import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prepare, renderApp } from '../../../test/render-app';
import { PREFERENCES_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../../shared/stores/storage-keys';
import { i18n } from '../../../shared/i18n/i18n';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';

/** The page's text: no key left untranslated. */
async function article() {
  const page = await screen.findByRole('article');
  expect(page.textContent).not.toMatch(/legal\.\w+/);
  return page;
}

describe('legal pages', () => {
  it('Terms & Conditions is a document of nine sections', async () => {
    await prepare();
    renderApp('/terms');
    const page = await article();
    expect(within(page).getAllByRole('heading', { level: 2 })).toHaveLength(9);
    expect(page).toHaveTextContent('Fares, taxes and availability come from airlines');
  });

  it('the Privacy Policy says what is kept, how long, who processes it, the storage used and the rights', async () => {
    await prepare();
    renderApp('/privacy');
    const page = await article();
    for (const heading of [
      'What we keep',
      'How long we keep it',
      'Who processes it',
      'Cookies and storage in your browser',
      'Your rights',
      'Contact',
    ]) {
      expect(within(page).getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    // The names the portal really uses (shared/stores, the API's XSRF cookie).
    for (const name of [
      SESSION_STORAGE_KEY,
      PREFERENCES_STORAGE_KEY,
      'portal-flight-recent-places',
      'XSRF-TOKEN',
    ]) {
      expect(page).toHaveTextContent(name);
    }
    expect(page).toHaveTextContent('contact form on the home page');
  });

  it.each(['zh-cn', 'zh-tw'] as const)('is written in %s too', async (locale) => {
    await prepare();
    usePreferencesStore.setState({ locale });
    try {
      renderApp('/privacy');
      expect(
        await screen.findByRole('heading', { level: 2, name: '保存期限' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      const page = await article();
      expect(within(page).getAllByRole('heading', { level: 2 })).toHaveLength(7);
      expect(page).toHaveTextContent('XSRF-TOKEN');
    } finally {
      usePreferencesStore.setState({ locale: 'en' });
      await i18n.changeLanguage('en');
    }
  });
});
