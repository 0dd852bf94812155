import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  companyRefusal,
  type CompanyRestrictedAction,
  type CompanyRestrictionFlags,
} from '@portal/domain/company-restrictions';
import { useSessionStore } from '../stores/session-store';

/** The signed-in agency's flags that take actions away (none before login or in an older stored session). */
export function useCompanyRestrictionFlags(): CompanyRestrictionFlags {
  const hidePnrBooking = useSessionStore((s) => s.company?.config.commonConfig.hidePnrBooking === true);
  const disablePayment = useSessionStore((s) => s.company?.config.commonConfig.disablePayment === true);
  return { hidePnrBooking, disablePayment };
}

/**
 * Why the user's agency refuses `action`, in the user's language, or null when it allows it: the
 * one place screens ask before offering a PNR booking or a payment (the API applies the same rule).
 */
export function useCompanyRefusal(): (action: CompanyRestrictedAction) => string | null {
  const { t } = useTranslation();
  const { hidePnrBooking, disablePayment } = useCompanyRestrictionFlags();
  return useCallback(
    (action) => {
      const refusal = companyRefusal({ hidePnrBooking, disablePayment }, action);
      return refusal ? t(`actionChecks.refused.${refusal}`) : null;
    },
    [t, hidePnrBooking, disablePayment],
  );
}
