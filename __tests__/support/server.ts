import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../../server/config';
import { createTestDatabase, type TestDatabase } from './db';

export interface RunningServer {
  url: string;
  port: number;
  database: TestDatabase;
  output(): string;
  /** Stops the server process and keeps its database (a restore drill starts another on it). */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

/** What main.ts prints once the site is prepared and serving, with the port it listens on. */
const RUNNING_AT = /\[champa\] Champa is running at http:\/\/localhost:(\d+)/;

/**
 * The port the server listens on, once it says it runs and its /readyz answers ok. The server picks
 * the port itself (PORT=0): a port chosen here and handed over could be taken by another process
 * before the server binds it, and this side would then be talking to that process instead.
 */
async function readyPort(child: ChildProcess, output: () => string): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    const running = RUNNING_AT.exec(output());
    if (running && (await fetch(`http://localhost:${running[1]}/readyz`)).ok) return Number(running[1]);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/**
 * `npm start`'s entry point as a real process on a port it picks, on a fresh database of the test
 * PostgreSQL server (or on `database`, one a halted server left), serving dist/ (the e2e global
 * setup builds it).
 */
export async function startServer(env: NodeJS.ProcessEnv = {}, existing?: TestDatabase): Promise<RunningServer> {
  const database = existing ?? (await createTestDatabase());
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: database.url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const halt = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const port = await readyPort(child, () => log);
  return {
    url: `http://localhost:${port}`,
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
