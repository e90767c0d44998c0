import { UNSUCCESSFUL_DEPOSIT_STATUSES } from '../../src/contract/riskFlags';

/**
 * deposit_failure_days counted again from deposit_orders alone, as the triggers of migration 0034
 * keep it: every player's Vientiane day with at least one order FAILED, CANCELED or EXPIRED.
 */
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
