/** True for a unique-constraint violation (node-postgres or PGlite, wrapped by Drizzle or not). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code } = e as { code?: unknown };
    if (code === '23505') {
      const name = (e as { constraint?: unknown }).constraint;
      const text = String((e as { message?: unknown }).message ?? '');
      return !constraint || name === constraint || text.includes(constraint);
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
