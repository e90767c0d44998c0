import pg from 'pg';

/**
 * How many statements (BEGIN and COMMIT included) the pg clients of this process send while work
 * runs: what one request or one deposit costs the database. Only for untimed passes; the timed
 * runs go through the unpatched client.
 */
export async function countStatements(work: () => Promise<unknown>): Promise<number> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  let count = 0;
  prototype.query = function counted(this: unknown, ...args: unknown[]) {
    count += 1;
    return query.apply(this, args);
  };
  try {
    await work();
    return count;
  } finally {
    prototype.query = query;
  }
}
