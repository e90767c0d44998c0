import { spawnSync } from 'node:child_process';

jest.setTimeout(60_000);

describe('the embedded PostgreSQL that npm start runs', () => {
  it("looks for tables to vacuum every 5 s, so the ledger's hot account rows are vacuumed while deposits keep coming", () => {
    const shown = spawnSync(process.execPath, ['--import', 'tsx', '__tests__/support/embeddedSetting.ts', 'autovacuum_naptime'], {
      encoding: 'utf8',
    });
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toBe('5s');
  });
});
