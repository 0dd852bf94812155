/** What the auth module offers the other modules; nothing else of it may be imported. */
export { revokeSessionsOfUsers, revokeUserSessions } from './auth.repo';
export { sessions } from './auth.schema';
export { createLoginLimiter, limitedError, type LoginLimiter, type LoginLimitRule } from './login-limit';
