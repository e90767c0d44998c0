import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

/**
 * Every API process caches the agencies it serves (server/plugins/agency.ts) and their visitors'
 * pages. A change of an agency's settings, hosts or promotions (which its public pages show) is
 * announced on this channel in the transaction that makes it, so
 * PostgreSQL delivers it to every process exactly when it commits, and never when it rolls back.
 */
export const AGENCY_CHANGED = 'agency_changed';

/**
 * Every API process caches its session checks (server/plugins/sessionCache.ts). Triggers announce
 * the player's id on this channel whenever the player, a session or a bank account of theirs
 * changes (migration 0029), or '*' when one of those tables is emptied.
 */
export const PLAYER_CHANGED = 'player_changed';
export const EVERY_PLAYER = '*';

export async function announceAgencyChange(db: Kysely<DB>, agencyId: string): Promise<void> {
  await sql`select pg_notify(${AGENCY_CHANGED}, ${agencyId})`.execute(db);
}

export interface ChangeListener {
  close(): Promise<void>;
}

export interface ChangeHandlers {
  /** An agency's settings, hosts or promotions changed. */
  agencyChanged(agencyId: string): void;
  /** What a session check reads of this player changed; EVERY_PLAYER for all of them. */
  playerChanged(playerId: string): void;
  /** The connection was (re)established: announcements made while it was down are lost, so forget everything. */
  connected(): void;
  /** The connection is gone (said why); nothing is heard until connected is called again. */
  lost(message: string): void;
}

const BACKOFF_MS = { first: 250, most: 30_000 };

/**
 * LISTENs to every change channel on one dedicated connection for as long as the process runs; a
 * lost connection is made again after a growing pause (a quarter second, doubled up to 30 s).
 * Resolves after the first try: a server that starts before its database keeps trying in the
 * background meanwhile.
 */
export async function listenForChanges(connectionString: string, handlers: ChangeHandlers): Promise<ChangeListener> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = BACKOFF_MS.first;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === AGENCY_CHANGED) handlers.agencyChanged(message.payload);
      else if (message.channel === PLAYER_CHANGED) handlers.playerChanged(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${AGENCY_CHANGED}; LISTEN ${PLAYER_CHANGED}`);
    delay = BACKOFF_MS.first;
    handlers.connected();
  };

  const lost = (dead: pg.Client) => {
    if (closed || client !== dead || retry) return;
    client = undefined;
    dead.end().catch(() => {});
    handlers.lost(`change listener lost its connection; reconnecting in ${delay} ms`);
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
