import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Solution } from '@portal/domain/shopping';
import { i18n } from '../i18n/i18n';
import { usePreferencesStore } from '../stores/preferences-store';
import { SESSIONS } from '../../test/fixtures';
import { LOW_COST_RULES } from '../../test/fare-terms-fixtures';
import { makeSolution } from '../../test/flight-fixtures';
import { prepare, renderElement } from '../../test/render-app';
import { FareRules } from './fare-rules';

const WAIT = { timeout: 30_000 };
const SLOW = 40_000;

const solution: Solution = { ...makeSolution({ id: 's1', checkedPieces: 0 }), rules: LOW_COST_RULES };

describe('fare terms in the reader language', () => {
  it(
    "shows a fare's change and refund terms in Chinese before booking, the airline's wording under them",
    async () => {
      await prepare(SESSIONS.operator);
      usePreferencesStore.setState({ locale: 'zh-cn' });
      await i18n.changeLanguage('zh-cn');
      renderElement(<FareRules solution={solution} currency="CNY" />);
      const rules = await screen.findByTestId('fare-rules', {}, WAIT);
      const change = within(rules).getByTestId('fare-terms-change');
      expect(change).toHaveTextContent('允许 · 起飞前 24 小时之前');
      expect(change).toHaveTextContent('起飞前 7 天以上: CNY 300.00 每航段');
      expect(change).toHaveTextContent('起飞后: 不允许');
      expect(within(rules).getByTestId('fare-terms-refund')).toHaveTextContent('仅退还税费');
      expect(rules).toHaveTextContent('托运');
      expect(rules).toHaveTextContent('航司原文');
      const wording = within(rules).getByTestId('fare-terms-wording');
      expect(wording).toHaveTextContent('Change online up to 24 h before departure, fee per segment');
      // The supplier's English is only under its heading, not as the terms.
      expect(change).not.toHaveTextContent('Change online');
    },
    SLOW,
  );
});
