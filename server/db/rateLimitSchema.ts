/** Counters of the rate limits, shared by every process (server/domain/rateLimits.ts). */
export interface RateLimitTables {
  rate_limit_hits: {
    /** the limit's name and what it counts by, e.g. loginPerIp:203.0.113.7 */
    key: string;
    hits: number;
    window_ends_at: Date;
  };
}
