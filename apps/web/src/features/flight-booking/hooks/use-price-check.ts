import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@portal/domain/errors';
import type { Solution, VerificationResult } from '@portal/domain/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { toast } from '../../../shared/ui/message-bridge';
import { verifySolution } from '../api/verify-solution';

/** What the price check asks the user about (spec §8); null when nothing is open. */
export type PriceCheckPrompt = {
  kind: 'outcome';
  result: VerificationResult;
  listed: Solution;
  solutionId: string;
} | null;

/**
 * The price check of a chosen fare. Confirmed goes straight to the confirmation page with the
 * verified solution in the search store; the other outcomes open a prompt; an expired quote (410)
 * says so and runs the search again.
 */
export function usePriceCheck(onSearchAgain: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [checking, setChecking] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<PriceCheckPrompt>(null);

  const proceed = (solution: Solution, options: { clearPassengers?: boolean } = {}) => {
    useFlightSearchStore
      .getState()
      .setVerified({ solution, clearPassengers: Boolean(options.clearPassengers) });
    setPrompt(null);
    void navigate('/flight/booking/confirm');
  };

  const check = async (solutionId: string, listed: Solution) => {
    setChecking(solutionId);
    setPrompt(null);
    try {
      const result = await verifySolution(solutionId);
      if (result.outcome === 'confirmed' && result.solution) proceed(result.solution);
      else setPrompt({ kind: 'outcome', result, listed, solutionId });
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.SOLUTION_EXPIRED.code) {
        void toast().warning(t('flight.verify.expired'));
        onSearchAgain();
      } else if (!isApiError(error) || !error.silent) {
        void toast().error(
          error instanceof Error && error.message ? error.message : t('flight.verify.failed'),
        );
      }
    } finally {
      setChecking(null);
    }
  };

  return { check, checking, prompt, proceed, close: () => setPrompt(null) };
}
