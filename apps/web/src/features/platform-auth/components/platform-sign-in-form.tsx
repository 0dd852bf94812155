import { Alert, Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { signInToPlatform } from '../../../shared/platform/platform-api';
import { usePlatformSessionStore } from '../../../shared/platform/platform-session-store';
import { toast } from '../../../shared/ui/message-bridge';
import { errorId, PlainField } from '../../../shared/ui/plain-field';
import {
  platformSignInProblems,
  type PlatformSignInField,
  type PlatformSignInValues,
} from '../model/sign-in-rules';

const FIELDS: readonly PlatformSignInField[] = ['username', 'password', 'code'];
const FIELD_IDS: Record<PlatformSignInField, string> = {
  username: 'platform-username',
  password: 'platform-password',
  code: 'platform-code',
};
const EMPTY: PlatformSignInValues = { username: '', password: '', code: '' };

/**
 * The platform sign-in: user name, password and the authenticator's six-digit code. A field is
 * checked as it changes once typed in, all are when the form is sent (the first with a problem
 * gets the focus); a refusal is shown above the fields, the code is emptied (a code works once)
 * and focused, and the message goes as soon as a field changes.
 */
export function PlatformSignInForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<PlatformSignInValues>(EMPTY);
  const [checked, setChecked] = useState<Partial<Record<PlatformSignInField, boolean>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const problems = platformSignInProblems(values);
  const problemOf = (field: PlatformSignInField) => {
    const key = checked[field] ? problems[field] : undefined;
    return key ? t(key) : undefined;
  };

  const change = (field: PlatformSignInField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChecked((current) => ({ ...current, [field]: true }));
    setRefusal(null);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked({ username: true, password: true, code: true });
    const first = FIELDS.find((field) => problems[field]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const result = await signInToPlatform({
        username: values.username.trim(),
        password: values.password,
        code: values.code.trim(),
      });
      usePlatformSessionStore.getState().setSession(result);
      void toast().success({ content: t('platform.signIn.done'), key: 'platform-sign-in' });
    } catch (error) {
      setRefusal(isApiError(error) && error.message ? error.message : t('platform.signIn.failed'));
      setValues((current) => ({ ...current, code: '' }));
      setChecked((current) => ({ ...current, code: false }));
      document.getElementById(FIELD_IDS.code)?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  const control = (field: PlatformSignInField) => {
    const problem = problemOf(field);
    return {
      id: FIELD_IDS[field],
      value: values[field],
      status: problem ? ('error' as const) : undefined,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? errorId(FIELD_IDS[field]) : undefined,
      onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    };
  };

  return (
    <form
      data-testid="platform-sign-in-form"
      aria-label={t('platform.signIn.title')}
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
    >
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} />}
      <PlainField id={FIELD_IDS.username} label={t('platform.signIn.username')} error={problemOf('username')}>
        <Input {...control('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </PlainField>
      <PlainField id={FIELD_IDS.password} label={t('platform.signIn.password')} error={problemOf('password')}>
        <Input.Password {...control('password')} autoComplete="current-password" />
      </PlainField>
      <PlainField id={FIELD_IDS.code} label={t('platform.signIn.code')} error={problemOf('code')}>
        <Input
          {...control('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
        />
      </PlainField>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('platform.signIn.submit')}
      </Button>
    </form>
  );
}
