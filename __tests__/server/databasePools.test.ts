import { sql } from 'kysely';
import { createDatabase, type Database } from '../../server/db/database';
import { createTestDatabase, type TestDatabase } from '../support/db';

let t: TestDatabase;
const pools: Database[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  // The test server itself does not wait for its disk; this database waits, as a real server does.
  await sql`ALTER DATABASE ${sql.id(new URL(t.url).pathname.slice(1))} SET synchronous_commit = on`.execute(t.db);
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.destroy()));
  await t.drop();
});

const synchronousCommitOf = async (db: Database) =>
  (await sql<{ setting: string }>`SELECT current_setting('synchronous_commit') AS setting`.execute(db)).rows[0].setting;

describe('pools', () => {
  it("waits for the disk on every commit of the product's pools, and not on a pool made for books that are no record of money", async () => {
    const product = createDatabase(t.url, 1);
    const books = createDatabase(t.url, 1, { applicationName: 'champa-test-books', asynchronousCommit: true });
    pools.push(product, books);
    expect(await synchronousCommitOf(product)).toBe('on');
    expect(await synchronousCommitOf(books)).toBe('off');
    const { rows } = await sql<{ name: string }>`SELECT current_setting('application_name') AS name`.execute(books);
    expect(rows[0].name).toBe('champa-test-books');
  });
});
