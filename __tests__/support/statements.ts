import pg from 'pg';

export interface LoggedStatement {
  text: string;
  /** Set when the statement was sent as a named prepared statement. */
  name?: string;
}

/** A query logger at the pg client: every statement any pool of this process sends while work runs. */
export async function statementsDuring(work: () => Promise<unknown>): Promise<LoggedStatement[]> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  const sent: LoggedStatement[] = [];
  prototype.query = function logged(this: unknown, ...args: unknown[]) {
    const [first] = args;
    sent.push(typeof first === 'string' ? { text: first } : (first as LoggedStatement));
    return query.apply(this, args);
  };
  try {
    await work();
    return sent;
  } finally {
    prototype.query = query;
  }
}
