import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../../db/database';
import { countHit } from './repository';

/**
 * A store for @fastify/rate-limit keeping its counters in PostgreSQL (countHit), so N processes
 * behind a load balancer enforce one limit. The plugin constructs the store itself, so the
 * database comes in through this factory.
 */
export function postgresRateLimitStore(db: Database) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      countHit(db, key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    // Every limit shares the one table: its name is part of each key.
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
