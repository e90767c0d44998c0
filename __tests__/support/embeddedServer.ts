import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/freePort';

/** npm start's entry point as a process of its own, on its own embedded PostgreSQL. */
export interface EmbeddedServer {
  child: ChildProcess;
  output(): string;
  /** The port the site listens on, once it says it runs and its /readyz answers 200. */
  ready(): Promise<number>;
  /** Resolves with the exit code (or signal) the server ended with. */
  exited: Promise<number | string>;
  /** Stops the server if it still runs. */
  kill(): Promise<void>;
}

const RUNNING_AT = /\[champa\] Champa is running at http:\/\/localhost:(\d+)/;

/** A dist/ that needs no build: a page without the server renderer, newer than every source. */
export function stubDist(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>\n');
}

/** Runs `node --import tsx server/main.ts` in checkout on the embedded PostgreSQL (DATABASE_URL unset). */
export async function startEmbeddedServer(checkout: string, env: NodeJS.ProcessEnv = {}): Promise<EmbeddedServer> {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-stub-dist-'));
  stubDist(distDir);
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: checkout,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(await freePort()),
      DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      fs.rmSync(distDir, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  return {
    child,
    output: () => log,
    exited,
    ready: async () => {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
        const running = RUNNING_AT.exec(log);
        if (running && (await fetch(`http://127.0.0.1:${running[1]}/readyz`)).ok) return Number(running[1]);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
