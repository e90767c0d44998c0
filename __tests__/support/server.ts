import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../../server/config';
import { createTestDatabase, type TestDatabase } from './db';
import { freePort } from '../../scripts/freePort';

export interface RunningServer {
  url: string;
  port: number;
  database: TestDatabase;
  output(): string;
  /** Stops the server process and keeps its database (a restore drill starts another on it). */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/**
 * `npm start`'s entry point as a real process on a free port, on a fresh database of the test
 * PostgreSQL server (or on `database`, one a halted server left), serving dist/ (the e2e global
 * setup builds it).
 */
export async function startServer(env: NodeJS.ProcessEnv = {}, existing?: TestDatabase): Promise<RunningServer> {
  const database = existing ?? (await createTestDatabase());
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://localhost:${port}`;
  const halt = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  await waitUntilReady(url, child, () => log);
  return {
    url,
    port,
    database,
    output: () => log,
    halt,
    stop: async () => {
      await halt();
      await database.drop();
    },
  };
}
