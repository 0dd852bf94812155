import { Button } from 'antd';
// The two inputs alone: antd's `Input` also carries OTP, Search and TextArea, which the login page
// (the first download of every visit) never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorId, PlainField } from '../../../shared/ui/plain-field';
import { login } from '../api/login';
import { useLoginSuccess } from '../hooks/use-login-success';
import { loginProblems, type LoginField, type LoginValues } from '../model/login-rules';

const FIELD_IDS: Record<LoginField, string> = { username: 'login-username', password: 'login-password' };

/**
 * The login form of the home page (spec §5: required fields, username format). A field is checked
 * as it changes once it has been typed in, and both when the form is sent; the first field with a
 * problem then gets the focus.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const onSuccess = useLoginSuccess();
  const [submitting, setSubmitting] = useState(false);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [checked, setChecked] = useState<Partial<Record<LoginField, boolean>>>({});
  const problems = loginProblems(values);
  const problemOf = (field: LoginField) => {
    const key = checked[field] ? problems[field] : undefined;
    return key ? t(key) : undefined;
  };

  const change = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChecked((current) => ({ ...current, [field]: true }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked({ username: true, password: true });
    const first = (['username', 'password'] as const).find((field) => problems[field]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const result = await login({ username: values.username.trim(), password: values.password });
      await onSuccess(result, params.get('redirect'));
    } catch {
      // The client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  const control = (field: LoginField) => {
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
      data-testid="login-form"
      aria-label={t('login.title')}
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
    >
      <PlainField id={FIELD_IDS.username} label={t('login.form.username')} error={problemOf('username')}>
        <Input {...control('username')} autoComplete="username" />
      </PlainField>
      <PlainField id={FIELD_IDS.password} label={t('login.form.password')} error={problemOf('password')}>
        <Password {...control('password')} autoComplete="current-password" />
      </PlainField>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.form.submit')}
      </Button>
    </form>
  );
}
