import { describe, expect, it } from 'vitest';
import { loginProblems } from './login-rules';

describe('loginProblems', () => {
  it('asks for both fields, a blank username counting as none', () => {
    expect(loginProblems({ username: '', password: '' })).toEqual({
      username: 'login.form.usernameRequired',
      password: 'login.form.passwordRequired',
    });
    expect(loginProblems({ username: '   ', password: 'x' })).toEqual({
      username: 'login.form.usernameRequired',
    });
  });

  it('checks the trimmed username against the username format', () => {
    expect(loginProblems({ username: 'a b', password: 'demo1234' })).toEqual({
      username: 'login.error.usernameFormat',
    });
    expect(loginProblems({ username: '  operator ', password: 'demo1234' })).toEqual({});
  });

  it('takes the password as typed, spaces included', () => {
    expect(loginProblems({ username: 'operator', password: ' ' })).toEqual({});
  });
});
