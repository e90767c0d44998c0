// One PostgreSQL server for the whole test run; each test file makes its own database on it.
// TEST_DATABASE_URL (postgres://user:pass@host:port/db) uses an existing server instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL || globalThis.__champaTestPg) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-test-pg-'));
  const port = await freePort();
  // Loaded as the server loads it: as root, from where the postgres user can run its binaries.
  const { loadEmbeddedPostgres } = await tsImport('../../server/db/embeddedHome.ts', import.meta.url);
  const EmbeddedPostgres = await loadEmbeddedPostgres(fileURLToPath(new URL('../..', import.meta.url)));
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'champa',
    password: 'champa',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
    // Tests create and drop many small databases; durability is not what they test.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
  });
  await pg.initialise();
  await pg.start();
  globalThis.__champaTestPg = { pg, dir };
  process.env.TEST_DATABASE_URL = `postgres://champa:champa@127.0.0.1:${port}/postgres`;
}
