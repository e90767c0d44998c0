/**
 * The time rules are judged at (a limit's 24-hour delay, the end of a break). The server reads the
 * system clock; tests hand the app a clock they move, so a day passes without waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
