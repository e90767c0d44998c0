import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

/**
 * Every API process caches the agencies it serves (server/plugins/agency.ts). A change of an
 * agency's settings or hosts is announced on this channel in the transaction that makes it, so
 * PostgreSQL delivers it to every process exactly when it commits, and never when it rolls back.
 */
export const AGENCY_CHANGED = 'agency_changed';

export async function announceAgencyChange(db: Kysely<DB>, agencyId: string): Promise<void> {
  await sql`select pg_notify(${AGENCY_CHANGED}, ${agencyId})`.execute(db);
}

export interface AgencyChangeListener {
  close(): Promise<void>;
}

export interface AgencyChangeHandlers {
  /** An agency's settings or hosts changed. */
  changed(agencyId: string): void;
  /** The connection was (re)established: announcements made while it was down are lost, so forget everything. */
  connected(): void;
  /** The connection is gone (said why); nothing is heard until connected is called again. */
  lost(message: string): void;
}

const BACKOFF_MS = { first: 250, most: 30_000 };

/**
 * LISTENs on one dedicated connection for as long as the process runs; a lost connection is made
 * again after a growing pause (a quarter second, doubled up to 30 s). Resolves after the first
 * try: a server that starts before its database keeps trying in the background meanwhile.
 */
export async function listenForAgencyChanges(connectionString: string, handlers: AgencyChangeHandlers): Promise<AgencyChangeListener> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = BACKOFF_MS.first;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === AGENCY_CHANGED && message.payload) handlers.changed(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${AGENCY_CHANGED}`);
    delay = BACKOFF_MS.first;
    handlers.connected();
  };

  const lost = (dead: pg.Client) => {
    if (closed || client !== dead || retry) return;
    client = undefined;
    dead.end().catch(() => {});
    handlers.lost(`agency change listener lost its connection; reconnecting in ${delay} ms`);
    retry = setTimeout(() => void attempt(), delay);
    delay = Math.min(delay * 2, BACKOFF_MS.most);
  };

  const attempt = async () => {
    retry = undefined;
    try {
      await connect();
    } catch {
      if (client) lost(client);
    }
  };

  await attempt();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}
