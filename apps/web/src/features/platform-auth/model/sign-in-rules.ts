import { TOTP_CODE_PATTERN } from '@portal/domain/platform';

export interface PlatformSignInValues {
  username: string;
  password: string;
  code: string;
}

export type PlatformSignInField = keyof PlatformSignInValues;

/** The message key of each field's problem; empty when the form may be sent. */
export function platformSignInProblems(
  values: PlatformSignInValues,
): Partial<Record<PlatformSignInField, string>> {
  const problems: Partial<Record<PlatformSignInField, string>> = {};
  if (!values.username.trim()) problems.username = 'platform.signIn.required.username';
  if (!values.password) problems.password = 'platform.signIn.required.password';
  const code = values.code.trim();
  if (!code) problems.code = 'platform.signIn.required.code';
  else if (!TOTP_CODE_PATTERN.test(code)) problems.code = 'platform.signIn.codeFormat';
  return problems;
}
