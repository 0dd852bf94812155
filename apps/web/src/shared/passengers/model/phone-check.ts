import type { PhoneCheck } from '@portal/domain/passenger-checks';

let loading: Promise<PhoneCheck> | undefined;

/**
 * The phone rule the API applies (`phone-numbers.ts`), loaded when a form first checks a phone:
 * it carries the numbering plans of every country (about 43 KB compressed), which the booking,
 * order and profile pages need only once a passenger or contact is checked. A failed download is
 * tried again on the next check.
 */
export function loadPhoneCheck(): Promise<PhoneCheck> {
  loading ??= import('@portal/domain/phone-numbers').then(
    (module) => module.isValidPhone,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
