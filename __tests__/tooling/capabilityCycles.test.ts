import { capabilityCycles, capabilityGraph } from '../support/capabilityGraph';

/**
 * No import cycle between the server's capabilities (the folders of server/domain): each can then be
 * read, tested and changed from the ones below it. An import written into a real file proves the check refuses one.
 */
describe('the server capabilities import each other without a cycle', () => {
  it('has no cycle as the project stands', () => {
    expect(capabilityCycles(capabilityGraph())).toEqual([]);
  });

  it('refuses a capability importing one that imports it', () => {
    const cycles = capabilityCycles(capabilityGraph([{ filePath: 'server/domain/players/service.ts', source: '../deposits' }]));
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles.join('\n')).toContain('players -> deposits (server/domain/players/service.ts: ../deposits)');
  });

  it('refuses a cycle made by importing a file inside a capability', () => {
    const probe = { filePath: 'server/domain/ledger/accounts.ts', source: '../withdrawals/rules' };
    expect(capabilityCycles(capabilityGraph([probe]))[0]).toMatch(/^ledger -> withdrawals -> ledger\n/);
  });

  it('accepts an import of a capability below', () => {
    expect(capabilityCycles(capabilityGraph([{ filePath: 'server/domain/deposits/service.ts', source: '../audit' }]))).toEqual([]);
  });
});
