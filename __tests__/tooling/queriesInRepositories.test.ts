import fs from 'node:fs';
import path from 'node:path';

/**
 * A capability's statements live in its repositories (`repository.ts`, `<topic>Repository.ts`) and,
 * for a money object's status, in its lifecycle. Every other file of the domain (service.ts, rules,
 * a use case's steps) calls them, so a use case reads as steps and a query has one place to look for it.
 */

const domain = path.join(__dirname, '..', '..', 'server', 'domain');

/** The statements a source text runs: a Kysely read, insert, update or delete, or raw SQL executed. */
function statementsIn(text: string): string[] {
  return [...text.matchAll(/\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(?:<[^>]*>)?`[^`]*`\s*\.(execute)\(/g)].map(
    (match) => match[1] ?? `sql ${match[2]}`,
  );
}

/** Where a statement may be: a repository, or a lifecycle with its one status write. */
const holdsStatements = (file: string) => /(^|\/)(repository|[a-z][A-Za-z]*Repository|lifecycle)\.ts$/.test(file);

function domainFiles(dir = domain): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? domainFiles(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
    );
}

describe('queries live in repositories', () => {
  it('finds each kind of statement, and none in a call of a repository', () => {
    expect(statementsIn(`await trx.selectFrom('withdrawals').select('id').executeTakeFirst();`)).toEqual(['selectFrom']);
    expect(statementsIn(`trx\n  .insertInto('promotion_usages')\n  .values(row)`)).toEqual(['insertInto']);
    expect(statementsIn(`db.updateTable('deposit_orders').set(s); db.deleteFrom('rate_limit_hits')`)).toEqual([
      'updateTable',
      'deleteFrom',
    ]);
    expect(statementsIn('await sql`SELECT pg_advisory_xact_lock(${key})`.execute(trx);')).toEqual(['sql execute']);
    expect(statementsIn(`const row = await insertOrder(trx, order);`)).toEqual([]);
    // A fragment handed to a lifecycle's write is part of that write, not a statement of its own.
    expect(statementsIn('await transitionOrder(trx, "expire", order.id, sql`closed_at = now()`);')).toEqual([]);
  });

  it('tells a repository or a lifecycle from the files that call them', () => {
    expect(['deposits/repository.ts', 'deposits/reviewRepository.ts', 'ledger/lifecycle.ts'].every(holdsStatements)).toBe(true);
    expect(['deposits/service.ts', 'books/run.ts', 'claims/index.ts', 'lifecycleRules.ts'].some(holdsStatements)).toBe(false);
  });

  it('runs no statement in a file of the domain that is neither', () => {
    const files = domainFiles().map((file) => path.relative(domain, file));
    expect(files.length).toBeGreaterThan(50);
    const strays = files
      .filter((file) => !holdsStatements(file))
      .flatMap((file) => statementsIn(fs.readFileSync(path.join(domain, file), 'utf8')).map((statement) => `${file}: ${statement}`));
    expect(strays).toEqual([]);
  });
});
