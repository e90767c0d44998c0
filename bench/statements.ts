import pg from 'pg';
import { SANDBOX_APPLICATION_NAME } from '../server/sandbox';

/**
 * How many statements (BEGIN and COMMIT included) the product's pg clients in this process send
 * while work runs: what one request or one deposit costs the database. The sandboxes' connections
 * (another company's system in production) are left out. Only for untimed passes; the timed runs go
 * through the unpatched client.
 */
export async function countStatements(work: () => Promise<unknown>): Promise<number> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  let count = 0;
  // pg keeps each client's connection parameters on it, application_name among them.
  prototype.query = function counted(this: { connectionParameters: { application_name?: string } }, ...args: unknown[]) {
    if (this.connectionParameters.application_name !== SANDBOX_APPLICATION_NAME) count += 1;
    return query.apply(this, args);
  };
  try {
    await work();
    return count;
  } finally {
    prototype.query = query;
  }
}
