import type pg from 'pg';
import { MISCOUNTED_DEPOSIT_FAILURE_DAY, MISCOUNTED_DEVICE } from './riskCounts';

/**
 * A trigger a restore turns off while it loads, because the backup's rows arrive in batches: a
 * transfer's entries may fall into two of them, what a trigger counts row by row is in the file
 * already, and the ledger's accounts need not come before the entries that name them. Its check
 * stands in for it once every row is in: a refusal, or undefined.
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
    table: 'ledger_entries',
    trigger: 'ledger_entries_in_known_accounts',
    check: async (client) => {
      const { rows } = await client.query<{ transfer_id: string; account_id: string }>(
        `SELECT entry.transfer_id, entry.account_id FROM ledger_entries entry
          LEFT JOIN ledger_accounts account ON account.id = entry.account_id
          WHERE account.id IS NULL OR account.agency_id <> entry.agency_id OR account.currency <> entry.currency LIMIT 1`,
      );
      return rows.length
        ? `ledger transfer ${rows[0].transfer_id} has an entry in ${rows[0].account_id}, no account of its agency in its currency`
        : undefined;
    },
  },
  {
    table: 'ledger_transfers',
    trigger: 'ledger_transfers_in_known_accounts',
    check: async (client) => {
      const { rows } = await client.query<{ id: string; account_id: string }>(
        `SELECT transfer.id, leg.account_id FROM ledger_transfers transfer
          CROSS JOIN LATERAL (VALUES (transfer.pending_from), (transfer.pending_via), (transfer.pending_to)) AS leg (account_id)
          LEFT JOIN ledger_accounts account ON account.id = leg.account_id
          WHERE leg.account_id IS NOT NULL AND (account.id IS NULL OR account.agency_id <> transfer.agency_id) LIMIT 1`,
      );
      return rows.length ? `ledger transfer ${rows[0].id} holds its amount in ${rows[0].account_id}, no account of its agency` : undefined;
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
