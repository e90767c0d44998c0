/** Counters of the rate limits and the login limits, shared by every process (server/domain/rateLimits and loginLimits). */
export interface RateLimitTables {
  rate_limit_hits: {
    /** the limit's name and what it counts by, e.g. registerPerIp:203.0.113.7 */
    key: string;
    hits: number;
    window_ends_at: Date;
  };
  login_attempts: {
    /** who is counted, e.g. player:address:203.0.113.7 or operator:<agency id>:username:somchai */
    key: string;
    /** counted when an attempt starts, taken back when it turns out not to be a wrong guess */
    attempts: number;
    /** no attempt is taken before this; null when none is asked for */
    wait_until: Date | null;
    /** a quiet counter is forgotten from this moment */
    forget_at: Date;
  };
  /** One row: the key device cookies are signed with. */
  device_cookie_secret: {
    id: number;
    secret: Buffer;
  };
}
