import type pg from 'pg';
import { MISCOUNTED_DEPOSIT_FAILURE_DAY, MISCOUNTED_DEVICE } from './riskCounts';

/**
 * A trigger a restore turns off while it loads, because the backup's rows arrive in batches: a
 * transfer's entries may fall into two of them, and what a trigger counts row by row is in the file
 * already. Its check stands in for it once every row is in: a refusal, or undefined.
 */
interface TriggerOffWhileLoading {
  table: string;
  trigger: string;
  check: (client: pg.Client) => Promise<string | undefined>;
}

const TRIGGERS_OFF_WHILE_LOADING: TriggerOffWhileLoading[] = [
  {
    table: 'ledger_entries',
    trigger: 'ledger_entries_balanced',
    check: async (client) => {
      const { rows } = await client.query<{ transfer_id: string; currency: string }>(
        `SELECT transfer_id, currency FROM ledger_entries GROUP BY transfer_id, currency HAVING sum(amount) <> 0 LIMIT 1`,
      );
      return rows.length ? `ledger transfer ${rows[0].transfer_id} does not sum to zero in ${rows[0].currency}` : undefined;
    },
  },
  {
    table: 'deposit_orders',
    trigger: 'deposit_orders_failure_day_insert',
    check: async (client) => {
      const { rows } = await client.query<{ player_id: string; day: string; kept: number | null; recounted: number | null }>(
        MISCOUNTED_DEPOSIT_FAILURE_DAY,
      );
      if (!rows.length) return undefined;
      const { player_id: playerId, day, kept, recounted } = rows[0];
      return `player ${playerId} has ${recounted ?? 0} unsuccessful deposit orders on ${day}, counted as ${kept ?? 0}`;
    },
  },
  {
    table: 'player_fingerprints',
    trigger: 'player_fingerprints_device_insert',
    check: async (client) => {
      const { rows } = await client.query<{ visitor_id: string }>(MISCOUNTED_DEVICE);
      return rows.length ? `device ${rows[0].visitor_id} is kept with other players than its reports name` : undefined;
    },
  },
];

/**
 * Runs a restore's `load` with those of the triggers above that the restored schema has turned off,
 * then runs their checks and turns them on again. Returns the first check's refusal, if any (the
 * caller rolls back, so the triggers stay as they were).
 */
export async function loadedWithTriggersOff(client: pg.Client, load: () => Promise<void>): Promise<string | undefined> {
  const { rows } = await client.query<{ trigger: string }>(
    `SELECT tgname AS trigger FROM pg_trigger WHERE tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = current_schema()::regnamespace)`,
  );
  const off = TRIGGERS_OFF_WHILE_LOADING.filter(({ trigger }) => rows.some((row) => row.trigger === trigger));
  const alter = (table: string, action: 'DISABLE' | 'ENABLE', trigger: string) =>
    client.query(`ALTER TABLE ${client.escapeIdentifier(table)} ${action} TRIGGER ${client.escapeIdentifier(trigger)}`);
  for (const { table, trigger } of off) await alter(table, 'DISABLE', trigger);
  await load();
  for (const { check } of off) {
    const refusal = await check(client);
    if (refusal) return refusal;
  }
  for (const { table, trigger } of off) await alter(table, 'ENABLE', trigger);
  return undefined;
}
