import { sql } from 'kysely';
import { prepared, type Database } from '../../db/database';

export interface RateLimitCount {
  /** Hits of the key in its current window, this one included. */
  hits: number;
  /** Until the window ends. */
  ttlMs: number;
}

/**
 * Counts one hit of a key in PostgreSQL, so every process counts the same attempts: one upsert,
 * which starts a new window when the key's last one has ended. Concurrent hits of a key wait for
 * each other's row lock, so no hit is lost and each sees its own count.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<RateLimitCount> {
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`${prepared}
    INSERT INTO rate_limit_hits AS r (key, hits, window_ends_at)
    VALUES (${key}, 1, now() + ${windowMs}::int * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.window_ends_at > now() THEN r.hits + 1 ELSE 1 END,
      window_ends_at = CASE WHEN r.window_ends_at > now() THEN r.window_ends_at ELSE excluded.window_ends_at END
    RETURNING r.hits, ceil(extract(epoch FROM r.window_ends_at - now()) * 1000)::int AS ttl_ms`.execute(db);
  return { hits: rows[0].hits, ttlMs: rows[0].ttl_ms };
}

/** Deletes the counters whose window has ended: a new hit of their key would start afresh anyway. */
export async function deleteEndedRateLimits(db: Database): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('window_ends_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
