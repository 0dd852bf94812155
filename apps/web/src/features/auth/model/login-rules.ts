import { isValidUsername } from '@portal/domain/limits';

export interface LoginValues {
  username: string;
  password: string;
}

export type LoginField = keyof LoginValues;

/** The message key of each field's problem (spec §5: both required, the username's format). */
export type LoginProblems = Partial<Record<LoginField, string>>;

/** What is wrong with the login form's values, by field; empty when it may be sent. */
export function loginProblems(values: LoginValues): LoginProblems {
  const problems: LoginProblems = {};
  const username = values.username.trim();
  if (!username) problems.username = 'login.form.usernameRequired';
  else if (!isValidUsername(username)) problems.username = 'login.error.usernameFormat';
  if (!values.password) problems.password = 'login.form.passwordRequired';
  return problems;
}
