import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShoppingRequest } from '@portal/domain/shopping';
import { checkForm, NO_ERRORS, serverErrors, type FormErrors } from '../model/journey-errors';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import {
  defaultFormValues,
  fromShoppingRequest,
  toShoppingRequest,
  type SearchFormValues,
} from '../model/search-form';
import { loadReferenceData } from '../../../shared/places/use-reference-data';
import { journeyErrorsOf, useRunSearch } from './use-run-search';

/**
 * The search form's values and errors: starts from the session's last request or the spec §3
 * defaults, checks the domain journey rules on submit (today in the agency's calendar, as the API
 * judges it), and shows a server JOURNEY_INVALID inline.
 */
export function useSearchForm(initial: ShoppingRequest | undefined) {
  const { t } = useTranslation();
  const today = useAgencyToday();
  const [values, setValues] = useState<SearchFormValues>(() =>
    initial ? fromShoppingRequest(initial, today) : defaultFormValues(today),
  );
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const run = useRunSearch();

  const update = (next: SearchFormValues) => {
    setValues(next);
    setErrors(NO_ERRORS);
  };

  const submit = async (override?: SearchFormValues) => {
    const current = override ?? values;
    const ref = await loadReferenceData();
    const found = checkForm(current, (code) => ref.cityCodeOf(code) ?? code, t, {
      today,
      isAirport: (code) => ref.getAirport(code) !== undefined,
    });
    setErrors(found ?? NO_ERRORS);
    if (found) return;
    try {
      await run.mutateAsync(toShoppingRequest(current));
    } catch (error) {
      const list = journeyErrorsOf(error);
      if (list.length > 0) setErrors(serverErrors(list, t, current.legs.length));
    }
  };

  return { values, errors, update, submit, pending: run.isPending };
}
