import { Form } from 'antd';
import type { FormRule } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FrequentPassenger } from '@portal/domain/frequent-passengers';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import { toast } from '../../../shared/ui/message-bridge';
import { useSaveFrequentPassenger } from '../../../shared/passengers/api/passengers';
import { PassengerFields } from '../../../shared/passengers/components/passenger-fields';
import {
  FREQUENT_FIELD_OF_PATH,
  validateFrequentPassenger,
} from '../../../shared/passengers/model/frequent-passenger';
import {
  frequentFormValue,
  ruleMessageKey,
  toFrequentPassengerBody,
  type FrequentFormValue,
} from '../../../shared/passengers/model/passenger-form';
import { loadPhoneCheck } from '../../../shared/passengers/model/phone-check';
import { fieldErrorsOf, isPassengerRuleKey } from '../../../shared/passengers/model/server-errors';
import { EditorModal } from './editor-modal';

interface EditorValues {
  passenger: FrequentFormValue;
}

interface FrequentPassengerEditorProps {
  /** The passenger to edit; none to add one. */
  passenger?: FrequentPassenger;
  onClose: () => void;
}

const filled = (value: string | undefined) => (value ?? '').trim() !== '';

/**
 * Adds or edits an often-used passenger with the booking form's fields and the rules the API
 * applies to them; the API's field errors land on their fields, any other failure is a toast.
 */
export function FrequentPassengerEditor({ passenger, onClose }: FrequentPassengerEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorValues>();
  const save = useSaveFrequentPassenger();
  // The API checks the birthday against the agency's day.
  const today = useAgencyToday();
  const validate = useCallback(
    async (value: FrequentFormValue | undefined) =>
      validateFrequentPassenger(value, today, await loadPhoneCheck()),
    [today],
  );

  const current = (): FrequentFormValue => (form.getFieldValue('passenger') ?? {}) as FrequentFormValue;
  const reject = (key: string) => Promise.reject(new Error(t(key)));
  // A frequent flyer number is the airline and the number together; the API cannot remove a saved one.
  const frequentFlyerRules: Record<'ffAirline' | 'ffNumber', FormRule[]> = {
    ffAirline: [
      {
        validator: () => {
          const { ffAirline, ffNumber } = current();
          return filled(ffNumber) && !filled(ffAirline)
            ? reject('profile.frequent.ffAirlineRequired')
            : Promise.resolve();
        },
      },
    ],
    ffNumber: [
      {
        validator: () => {
          const { ffAirline, ffNumber } = current();
          if (filled(ffAirline) && !filled(ffNumber)) return reject('profile.frequent.ffNumberRequired');
          if (passenger?.frequentFlyer && !filled(ffAirline) && !filled(ffNumber)) {
            return reject('profile.frequent.ffKeep');
          }
          return Promise.resolve();
        },
      },
    ],
  };

  const showServerError = (error: unknown) => {
    const fields = fieldErrorsOf(error).flatMap((e) => {
      const field = FREQUENT_FIELD_OF_PATH[e.path];
      const message = isPassengerRuleKey(e.message) ? t(ruleMessageKey({ key: e.message })) : e.message;
      return field ? [{ name: ['passenger', field], errors: [message] }] : [];
    });
    if (fields.length > 0) {
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
      return;
    }
    void toast().error(
      error instanceof Error && error.message ? error.message : t('profile.frequent.saveFailed'),
    );
  };

  return (
    <EditorModal<EditorValues>
      form={form}
      width={880}
      title={t(passenger ? 'profile.frequent.editTitle' : 'profile.frequent.addTitle')}
      testId="frequent-passenger-editor"
      initialValues={{
        passenger: passenger ? frequentFormValue(passenger) : { interfaceType: 'passport' },
      }}
      saving={save.isPending}
      save={(values) =>
        save.mutateAsync({ id: passenger?.id, body: toFrequentPassengerBody(values.passenger) })
      }
      savedText={t('profile.frequent.saved')}
      onSaveError={showServerError}
      onClose={onClose}
    >
      <PassengerFields form={form} path={['passenger']} validate={validate} extraRules={frequentFlyerRules} />
    </EditorModal>
  );
}
