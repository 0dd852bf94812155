import { describe, expect, it, vi } from 'vitest';

/** The modules evaluated so far, of those the page should load only when a dialog opens. */
const loaded = vi.hoisted(() => [] as string[]);

vi.mock('../components/agency-form-modal', async (original) => {
  loaded.push('agency form');
  return original();
});
vi.mock('../components/top-up-modal', async (original) => {
  loaded.push('top-up');
  return original();
});
vi.mock('../components/credit-limit-modal', async (original) => {
  loaded.push('credit limit');
  return original();
});
vi.mock('../settings/agency-settings-drawer', async (original) => {
  loaded.push('settings drawer');
  return original();
});
vi.mock('../money/look-to-book-drawer', async (original) => {
  loaded.push('look-to-book drawer');
  return original();
});
vi.mock('@portal/domain/passenger-rules', async (original) => {
  loaded.push('passenger rules');
  return original();
});

describe('the agency management page on its first load', () => {
  it('loads neither its dialogs and drawers nor the phone rule until they are used', async () => {
    const page = await import('./agencies-page');
    expect(page.AgenciesPage).toBeTypeOf('function');
    expect(loaded).toEqual([]);
  });
});
