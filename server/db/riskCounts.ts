import { UNSUCCESSFUL_DEPOSIT_STATUSES } from '../../contract/riskFlags';

/**
 * The counts the risk flags read, kept by triggers (migrations 0034 and 0035), counted again from
 * the rows they come from: for a bulk load that bypassed the triggers, and to check a restore.
 */

/** deposit_failure_days from deposit_orders: every player's Vientiane day with at least one order FAILED, CANCELED or EXPIRED. */
export const RECOUNTED_DEPOSIT_FAILURE_DAYS = `
  SELECT agency_id, player_id, (created_at AT TIME ZONE 'Asia/Vientiane')::date AS day, count(*)::int AS orders
  FROM deposit_orders WHERE status IN (${UNSUCCESSFUL_DEPOSIT_STATUSES.map((status) => `'${status}'`).join(', ')})
  GROUP BY 1, 2, 3`;

/** The first day whose kept count is not the recount (a day kept at 0 is a day without failures), if any. */
export const MISCOUNTED_DEPOSIT_FAILURE_DAY = `
  SELECT agency_id, player_id, day::text AS day, kept.orders AS kept, recounted.orders AS recounted
  FROM (SELECT * FROM deposit_failure_days WHERE orders > 0) kept
  FULL JOIN (${RECOUNTED_DEPOSIT_FAILURE_DAYS}) recounted USING (agency_id, player_id, day)
  WHERE kept.orders IS DISTINCT FROM recounted.orders
  LIMIT 1`;

/** device_players from player_fingerprints: each player seen on each device, once. */
export const RECOUNTED_DEVICE_PLAYERS = `SELECT DISTINCT agency_id, visitor_id, player_id FROM player_fingerprints`;

/** devices from device_players: how many players each device has seen. */
export const RECOUNTED_DEVICES = `SELECT agency_id, visitor_id, count(*)::int AS players FROM device_players GROUP BY 1, 2`;

/**
 * The first device whose kept players (each, or their count) are not those of its reports, if any;
 * one kept at 0 has none. The reports are read once (a CTE named twice is computed once).
 */
export const MISCOUNTED_DEVICE = `
  WITH reported AS (${RECOUNTED_DEVICE_PLAYERS})
  SELECT visitor_id FROM (
    (SELECT agency_id, visitor_id, player_id FROM device_players EXCEPT SELECT * FROM reported)
    UNION ALL (SELECT * FROM reported EXCEPT SELECT agency_id, visitor_id, player_id FROM device_players)
  ) pairs
  UNION ALL
  SELECT visitor_id FROM (SELECT * FROM devices WHERE players > 0) kept
  FULL JOIN (${RECOUNTED_DEVICES}) recounted USING (agency_id, visitor_id)
  WHERE kept.players IS DISTINCT FROM recounted.players
  LIMIT 1`;
