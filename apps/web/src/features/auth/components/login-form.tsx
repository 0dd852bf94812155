import { Button, Form } from 'antd';
// The two inputs alone: antd's `Input` also carries OTP, Search and TextArea, which the login page
// (the first download of every visit) never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isValidUsername } from '@portal/domain/limits';
import { useLoginSuccess } from '../hooks/use-login-success';
import { login } from '../api/login';

interface LoginValues {
  username: string;
  password: string;
}

/** The login form of the home page (spec §5: required fields, username format). */
export function LoginForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const onSuccess = useLoginSuccess();
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (values: LoginValues) => {
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

  return (
    <Form<LoginValues>
      layout="vertical"
      data-testid="login-form"
      aria-label={t('login.title')}
      onFinish={handleFinish}
      requiredMark={false}
    >
      <Form.Item
        label={t('login.form.username')}
        name="username"
        rules={[
          { required: true, whitespace: true, message: t('login.form.usernameRequired') },
          {
            validator: (_rule, value: unknown) =>
              typeof value !== 'string' || value.trim() === '' || isValidUsername(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('login.error.usernameFormat'))),
          },
        ]}
      >
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item
        label={t('login.form.password')}
        name="password"
        rules={[{ required: true, message: t('login.form.passwordRequired') }]}
      >
        <Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.form.submit')}
      </Button>
    </Form>
  );
}
