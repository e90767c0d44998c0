import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../server/config';
import { startEmbeddedServer, type EmbeddedServer } from '../support/embeddedServer';

let dataDir: string;
let server: EmbeddedServer;
let port: number;

// Each case gets a server on a fresh embedded PostgreSQL (initdb included), ready to serve.
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-supervised-pg-'));
  server = await startEmbeddedServer(projectRoot, { PG_DATA_DIR: dataDir });
  port = await server.ready();
}, 120_000);

afterEach(async () => {
  await server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** The postmaster's process id, from the first line of the data folder's postmaster.pid. */
const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('the embedded PostgreSQL under a running server', () => {
  // The 10 s test timeout is how long the server may take to notice and leave.
  it.each([
    // A smart shutdown waits for every connection, the server's pool among them.
    ['SIGTERM', /received a smart shutdown request/],
    // A fast shutdown ends every connection too: on a busy machine the pool can hear that before the log says it.
    ['SIGINT', /received a fast shutdown request|PostgreSQL ended a connection \(57P01 admin_shutdown\)/],
    // Killed outright, the postmaster logs nothing: its exit, or its backends ending the pool's connections, tell.
    ['SIGKILL', /PostgreSQL exited \(SIGKILL\)|PostgreSQL ended a connection \(57P01 admin_shutdown\)/],
  ] as const)(
    'takes the server down, non-zero and saying why, when PostgreSQL gets %s',
    async (signal, why) => {
      process.kill(postmasterPid(), signal);
      expect(await server.exited).not.toBe(0);
      expect(server.output()).toMatch(/the embedded database stopped on its own/);
      expect(server.output()).toMatch(why);
      await expect(fetch(`http://127.0.0.1:${port}/readyz`)).rejects.toThrow();
    },
    10_000,
  );

  it('is no loss when the server itself is asked to stop', async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    expect(server.output()).toMatch(/SIGTERM: closing/);
    expect(server.output()).not.toMatch(/stopped on its own/);
  }, 10_000);
});
