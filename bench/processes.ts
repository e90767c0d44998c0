import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../server/config';
import { freePort } from '../scripts/freePort';

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface StartedChampa {
  url: string;
  stop: () => Promise<void>;
}

/**
 * `npm start` as a user runs it: it builds dist/ if stale and starts its embedded PostgreSQL in
 * pgDataDir. It runs in a process group of its own, so stopping it ends npm, the server and the
 * database it started, and nothing else.
 */
export async function startChampa(pgDataDir: string): Promise<StartedChampa> {
  const port = await freePort();
  const pgPort = await freePort();
  let output = '';
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: projectRoot,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      PG_DATA_DIR: pgDataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const pid = child.pid as number;
  const stop = async () => {
    if (!groupAlive(pid)) return;
    process.kill(-pid, 'SIGTERM');
    for (let waited = 0; groupAlive(pid) && waited < 30_000; waited += 200) await sleep(200);
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  };
  const url = `http://localhost:${port}`;
  try {
    for (const deadline = Date.now() + 180_000; ; await sleep(300)) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not become ready:\n${output}`);
      const ready = await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return { url, stop };
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
