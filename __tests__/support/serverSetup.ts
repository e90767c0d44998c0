// Server tests hash passwords with argon2 and create databases; give them room beyond 5 s.
jest.setTimeout(30_000);
// One connection per pool unless PG_POOL_SIZE says otherwise: a transaction that asks its pool for a
// second connection waits for the one it holds until the pool gives up, so the suite proves none does.
process.env.PG_POOL_SIZE ??= '1';
