import os from 'node:os';
import path from 'node:path';
import { DEVELOPMENT_WEBHOOK_SECRET, loadConfig, projectRoot, sandboxPartsOf } from '../../server/config';
import { PROVIDERS } from '../../contract/providers';

describe('configuration from the environment', () => {
  it("has README's defaults when nothing is set, and empty variables count as unset", () => {
    for (const env of [{}, { PORT: '', HOST: '', LOG_LEVEL: '', WITHDRAW_MIN_THB: '', PROVIDER_URL_ASKMEBET: '' }]) {
      expect(loadConfig(env)).toEqual({
        port: 8080,
        host: '0.0.0.0',
        databaseUrl: undefined,
        pgDataDir: path.join(projectRoot, 'data/pg'),
        embeddedPgPort: 54329,
        logLevel: 'info',
        trustProxy: false,
        distDir: path.join(projectRoot, 'dist'),
        buildMode: 'production',
        sessionTtlHours: 168,
        pgPoolSize: 2 * os.availableParallelism(),
        laoqrGatewayUrl: undefined,
        laoqrWebhookSecret: DEVELOPMENT_WEBHOOK_SECRET,
        laoqrGatewayTimeoutMs: 10_000,
        sandboxBankWebhookUrl: undefined,
        providerUrls: {},
        providerTimeoutMs: 8000,
        providerAttempts: 3,
        reconcileIntervalSeconds: 30,
        depositExpiryMinutes: 15,
        depositMinKip: 10_000n,
        depositMaxKip: 50_000_000n,
        withdrawals: { minSatang: 100_00n, maxSatang: 100_000_00n, dailyLimit: 5, autoApproveSatang: 5_000_00n },
        production: false,
        sandboxWanted: false,
      });
    }
  });

  it('reads every variable, and ignores the rest of the environment', () => {
    const config = loadConfig({
      PORT: '3999',
      TRUST_PROXY: '1',
      NODE_ENV: 'development',
      PROVIDER_URL_GCLUB_LIVE: 'https://gclub.example/api/',
      DEPOSIT_MIN_KIP: '5000',
      WITHDRAW_AUTO_APPROVE_THB: '2500.50',
      PG_POOL_SIZE: '6',
      SHELL: '/bin/sh',
    });
    expect(config).toMatchObject({
      port: 3999,
      trustProxy: 1,
      buildMode: 'development',
      pgPoolSize: 6,
      providerUrls: { gclub_live: 'https://gclub.example/api' },
    });
    expect(config.depositMinKip).toBe(5000n);
    expect(config.withdrawals.autoApproveSatang).toBe(2500_50n);
    expect(config).not.toHaveProperty('SHELL');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SESSION_TTL_HOURS', '0'],
    ['PG_POOL_SIZE', '0'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['PROVIDER_URL_BETFLIX', 'betflix.example'],
    ['SANDBOX_BANK_WEBHOOK_URL', 'ftp://bank.example'],
    ['WITHDRAW_MAX_THB', '12.345'],
    ['WITHDRAW_MIN_THB', '0'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("takes TRUST_PROXY as a hop count or the proxies' addresses, and refuses to trust every hop", () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would trust any X-Forwarded-For .*TRUST_PROXY=1 for one nginx/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.2,10.0.0.0/33' })).toThrow(/not an address: 10\.0\.0\.0\/33$/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses bounds the wrong way round', () => {
    expect(() => loadConfig({ DEPOSIT_MIN_KIP: '20000', DEPOSIT_MAX_KIP: '10000' })).toThrow(
      /DEPOSIT_MIN_KIP .* may not exceed DEPOSIT_MAX_KIP/,
    );
    expect(() => loadConfig({ WITHDRAW_MIN_THB: '500', WITHDRAW_MAX_THB: '400' })).toThrow(
      /WITHDRAW_MIN_THB may not exceed WITHDRAW_MAX_THB/,
    );
  });

  describe('the sandbox on a production site', () => {
    const LIVE = {
      LAOQR_GATEWAY_URL: 'https://gateway.example',
      LAOQR_WEBHOOK_SECRET: 'a-secret-of-the-real-gateway',
      ...Object.fromEntries(PROVIDERS.map((provider) => [`PROVIDER_URL_${provider.toUpperCase()}`, `https://${provider}.example`])),
    };

    it('refuses NODE_ENV=production serving the sandbox bank or a sandbox provider, naming what and how to fix it', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
        /sandbox bank at \/sandbox\/bank .* sandbox game providers \(alphabet, askmebet, betflix, gclub, gclub_live\).*CHAMPA_SANDBOX=1/,
      );
      const oneSandboxProvider = { ...LIVE, PROVIDER_URL_GCLUB: '' };
      expect(() => loadConfig({ ...oneSandboxProvider, NODE_ENV: 'production' })).toThrow(/sandbox game providers \(gclub\)/);
    });

    it('starts a production site with every real URL, and a sandbox asked for with CHAMPA_SANDBOX=1', () => {
      expect(loadConfig({ ...LIVE, NODE_ENV: 'production' })).toMatchObject({ production: true, sandboxWanted: false });
      expect(loadConfig({ NODE_ENV: 'production', CHAMPA_SANDBOX: '1' })).toMatchObject({ production: true, sandboxWanted: true });
      expect(sandboxPartsOf(loadConfig({ ...LIVE, PROVIDER_URL_BETFLIX: '' }))).toEqual({ bank: false, providers: ['betflix'] });
      expect(() => loadConfig({ CHAMPA_SANDBOX: 'maybe' })).toThrow(/\bCHAMPA_SANDBOX\b/);
    });
  });
});
