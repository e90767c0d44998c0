import fs from 'node:fs';
import path from 'node:path';

/**
 * A capability's service.ts is its use cases: the decisions and the order of the steps. The
 * statements it runs live in the capability's repositories (or its lifecycle, for a status), so a
 * use case reads as steps and a query has one place to look for it.
 */

const domain = path.join(__dirname, '..', '..', 'server', 'domain');

/** The Kysely statements a source text starts: a read, an insert, an update or a delete. */
function statementsIn(text: string): string[] {
  return [...text.matchAll(/\.(selectFrom|insertInto|updateTable|deleteFrom)\(/g)].map((match) => match[1]);
}

describe('queries live in repositories', () => {
  it('finds each kind of statement, and none in a call of a repository', () => {
    expect(statementsIn(`await trx.selectFrom('withdrawals').select('id').executeTakeFirst();`)).toEqual(['selectFrom']);
    expect(statementsIn(`trx\n  .insertInto('promotion_usages')\n  .values(row)`)).toEqual(['insertInto']);
    expect(statementsIn(`db.updateTable('deposit_orders').set(s); db.deleteFrom('rate_limit_hits')`)).toEqual([
      'updateTable',
      'deleteFrom',
    ]);
    expect(statementsIn(`const row = await insertOrder(trx, order);`)).toEqual([]);
  });

  it("runs no statement in a capability's service.ts", () => {
    const services = fs
      .readdirSync(domain, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(domain, entry.name, 'service.ts')))
      .map((entry) => `${entry.name}/service.ts`);
    expect(services.length).toBeGreaterThan(0);
    const strays = services.flatMap((service) =>
      statementsIn(fs.readFileSync(path.join(domain, service), 'utf8')).map((statement) => `${service}: ${statement}`),
    );
    expect(strays).toEqual([]);
  });
});
