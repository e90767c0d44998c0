/**
 * PostgreSQL refused a row for breaking a unique index or constraint (SQLSTATE 23505); with a
 * constraint name, only when it was that one. This is how a race that two requests both enter is
 * settled: one row is written, the other request gets this error.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: broken } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || broken === constraint);
}
