import { spawn } from 'node:child_process';
import { projectRoot } from '../../server/config';
import { freePort } from '../../scripts/freePort';
import { startServer } from '../support/server';

/** `npm start`'s entry point with this environment, until it exits: its exit code and what it printed. */
async function runUntilExit(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

describe('sandbox mode is visible and deliberate', () => {
  it('refuses a production start that would serve the sandbox, saying why and how to run one on purpose', async () => {
    // Nothing may be touched before the refusal: this database does not even exist.
    const { code, output } = await runUntilExit({ NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(output).toContain('[champa] failed to start: NODE_ENV=production would serve the sandbox bank at /sandbox/bank');
    expect(output).toContain('CHAMPA_SANDBOX=1');
    expect(output).not.toContain('running at');
  });

  it('starts in production with CHAMPA_SANDBOX=1, says SANDBOX when it starts, and /readyz reports what is sandboxed', async () => {
    const server = await startServer({ NODE_ENV: 'production', CHAMPA_SANDBOX: '1' });
    try {
      const ready = await (await fetch(`${server.url}/readyz`)).json();
      expect(ready).toMatchObject({
        status: 'ok',
        sandbox: { bank: true, providers: ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'] },
      });
      // Printed right after "running at", which comes before /readyz answers ok.
      expect(server.output()).toContain('[champa] SANDBOX — no real money: the sandbox bank at /sandbox/bank');
    } finally {
      await server.stop();
    }
  });
});
