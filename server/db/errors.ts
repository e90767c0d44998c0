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

/** PostgreSQL ended the transaction as the victim of a deadlock (SQLSTATE 40P01); it was rolled back whole. */
export function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}

/**
 * Runs a transaction again when PostgreSQL picked it as a deadlock's victim: rolled back whole, it
 * is safe to run again, and the other side has finished by then. Hot ledger accounts (agency cash)
 * are taken by deposits and payouts in different transactions, and a first use creates accounts
 * concurrently, so a rare deadlock is the database's answer, not a bug to show a player as a 500.
 */
export async function retryingDeadlocks<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
