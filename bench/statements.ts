import pg from 'pg';
import { SANDBOX_APPLICATION_NAME } from '../server/sandbox';

export interface SentStatement {
  text: string;
  values: unknown[];
  /** Set when the statement was sent as a named prepared statement. */
  name?: string;
}

/**
 * The statements (BEGIN and COMMIT included) the product's pg clients in this process send while
 * work runs: what one request or one deposit costs the database. The sandboxes' connections
 * (another company's system in production) are left out. Only for untimed passes; the timed runs go
 * through the unpatched client.
 */
export async function recordStatements(work: () => Promise<unknown>): Promise<SentStatement[]> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  const sent: SentStatement[] = [];
  // pg keeps each client's connection parameters on it, application_name among them.
  prototype.query = function recorded(this: { connectionParameters: { application_name?: string } }, ...args: unknown[]) {
    if (this.connectionParameters.application_name !== SANDBOX_APPLICATION_NAME) {
      const [first, values] = args;
      // A (text, values) call, or a named prepared statement's {name, text, values}.
      const named = first as { name?: string; text: string; values?: unknown[] };
      sent.push(
        typeof first === 'string'
          ? { text: first, values: Array.isArray(values) ? values : [] }
          : { text: named.text, values: named.values ?? [], name: named.name },
      );
    }
    return query.apply(this, args);
  };
  try {
    await work();
    return sent;
  } finally {
    prototype.query = query;
  }
}

/** How many statements work sends (see recordStatements). */
export async function countStatements(work: () => Promise<unknown>): Promise<number> {
  return (await recordStatements(work)).length;
}

/**
 * How many commits statements make: each transaction's COMMIT, and each statement that may write
 * sent outside one (it commits on its own); a SELECT alone has no WAL to flush.
 */
export function commitsOf(sent: SentStatement[]): number {
  let inTransaction = false;
  let commits = 0;
  for (const { text } of sent) {
    const word = text.trim().split(/\s+/)[0].toLowerCase();
    if (word === 'begin') inTransaction = true;
    else if (word === 'commit' || word === 'rollback') {
      inTransaction = false;
      if (word === 'commit') commits += 1;
    } else if (!inTransaction && word !== 'select') commits += 1;
  }
  return commits;
}
