import fs from 'node:fs';
import path from 'node:path';
import { LIFECYCLES } from '../../scripts/lifecycles';

/**
 * A money object's status is written by its lifecycle alone: a status changed anywhere else is a
 * path around the transition table, and a race the table never sees. Statements are found in the
 * server's source as Kysely updates (`updateTable('t') ... .set({ status ... })`) and as SQL text
 * (`UPDATE t SET ... status =`).
 */

const root = path.join(__dirname, '..', '..');

/** Each money object's table and the one file allowed to write its status: its lifecycle module. */
const WRITERS: Record<string, string> = Object.fromEntries(LIFECYCLES.map(({ lifecycle, source }) => [lifecycle.table, source]));
const LIFECYCLE_MODULES = new Set(Object.values(WRITERS));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The tables whose status a source text writes. */
function statusWritesIn(text: string): string[] {
  const tables: string[] = [];
  for (const match of text.matchAll(/updateTable\('(\w+)'\)([\s\S]*?)(?:\.execute\w*\(|;\s*$)/gm))
    if (/\bstatus\s*:/.test(match[2])) tables.push(match[1]);
  for (const match of text.matchAll(/UPDATE\s+(\w+)\s+SET\b([^;`]*)/gi)) if (/\bstatus\s*=/i.test(match[2])) tables.push(match[1]);
  return tables;
}

describe('one writer per money status', () => {
  it('finds a status write in both forms, and none in a write of other columns', () => {
    expect(statusWritesIn(`db.updateTable('withdrawals').set({ status: 'PAID' }).where('id', '=', id).execute()`)).toEqual(['withdrawals']);
    expect(statusWritesIn('sql`UPDATE deposit_orders SET paid_at = now(), status = ${to} WHERE id = ${id}`')).toEqual(['deposit_orders']);
    expect(statusWritesIn(`db.updateTable('deposit_orders').set({ failure_code: code }).where('status', '=', 'PAID').execute()`)).toEqual(
      [],
    );
  });

  it("writes each money object's status only in its lifecycle", () => {
    const strays: string[] = [];
    for (const file of sourceFiles(path.join(root, 'server'))) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      for (const table of statusWritesIn(fs.readFileSync(file, 'utf8')))
        if (table in WRITERS && WRITERS[table] !== relative) strays.push(`${relative} writes ${table}.status`);
    }
    expect(strays).toEqual([]);
  });

  it('moves a status through the shared writer only from a lifecycle module', () => {
    const callers = sourceFiles(path.join(root, 'server'))
      .map((file) => path.relative(root, file).split(path.sep).join('/'))
      .filter((file) => file !== 'server/domain/lifecycle.ts' && /\bmoveStatus\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(callers.filter((file) => !LIFECYCLE_MODULES.has(file))).toEqual([]);
  });

  it('knows every money object', () => {
    expect(Object.keys(WRITERS).sort()).toEqual(
      ['deposit_orders', 'deposit_refunds', 'deposit_unmatched_payments', 'ledger_transfers', 'promotion_usages', 'withdrawals'].sort(),
    );
  });
});
