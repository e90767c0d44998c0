import path from 'node:path';
import { PROVIDERS, type Provider } from '../src/contract/providers';
import { parseAmount } from '../src/contract/money';

/**
 * Every setting comes from the environment (documented in README.md, "Configuration").
 * Parsing fails loudly at start-up rather than running with a half-understood value.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  pgDataDir: string;
  embeddedPgPort: number;
  logLevel: string;
  trustProxy: boolean;
  distDir: string;
  /** `npm run dev` (NODE_ENV=development) builds the site unminified, with `?inspect` for its machines. */
  buildMode: 'production' | 'development';
  sessionTtlHours: number;
  /** Base URL of the LaoQR payment gateway; undefined means the sandbox bank of this server. */
  laoqrGatewayUrl: string | undefined;
  /** Shared secret the gateway signs its webhooks with. */
  laoqrWebhookSecret: string;
  /** How long one call to the gateway may take before its outcome counts as unknown. */
  laoqrGatewayTimeoutMs: number;
  /** Where the sandbox bank sends its webhooks; undefined means the site the bank page was opened on. */
  sandboxBankWebhookUrl: string | undefined;
  /** Game providers with their own API; the others are served by the built-in sandbox. */
  providerUrls: Partial<Record<Provider, string>>;
  providerTimeoutMs: number;
  /** Tries of a provider call that fails fast (no connection, 5xx) before it counts as unavailable. */
  providerAttempts: number;
  /** How often the reconciler settles transfers left PENDING; 0 turns it off in this process. */
  reconcileIntervalSeconds: number;
  /** How long a deposit order's QR may be paid, unless the agency sets its own. */
  depositExpiryMinutes: number;
  /** Deposit bounds in whole kip, unless the agency sets its own. */
  depositMinKip: bigint;
  depositMaxKip: bigint;
  /** Withdrawal rules of the agency, THB credit in satang. */
  withdrawals: WithdrawalSettings;
}

export interface WithdrawalSettings {
  minSatang: bigint;
  maxSatang: bigint;
  /** Withdrawals a player may request per day (Asia/Vientiane calendar day). */
  dailyLimit: number;
  /** Withdrawals up to this amount are paid out at once; larger ones wait for an operator. */
  autoApproveSatang: bigint;
}

/** Known to everyone who reads the README: fine for the sandbox, never for a real gateway. */
export const DEVELOPMENT_WEBHOOK_SECRET = 'champa-development-webhook-secret-change-me';

export const projectRoot = path.resolve(__dirname, '..');

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function urlFrom(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/**
 * A real gateway with the published development secret would accept webhooks anyone can forge,
 * so configuring a gateway requires configuring its secret too.
 */
function webhookSecretFrom(env: NodeJS.ProcessEnv, gatewayUrl: string | undefined): string {
  const secret = env.LAOQR_WEBHOOK_SECRET;
  if (!secret) {
    if (gatewayUrl) throw new Error('LAOQR_WEBHOOK_SECRET must be set when LAOQR_GATEWAY_URL names a real gateway');
    return DEVELOPMENT_WEBHOOK_SECRET;
  }
  if (secret.length < 16) throw new Error('LAOQR_WEBHOOK_SECRET must be at least 16 characters');
  return secret;
}

/** PROVIDER_URL_ASKMEBET, PROVIDER_URL_GCLUB_LIVE, ...: an http(s) base URL, or unset for the sandbox. */
function providerUrlsFrom(env: NodeJS.ProcessEnv): Partial<Record<Provider, string>> {
  const urls: Partial<Record<Provider, string>> = {};
  for (const provider of PROVIDERS) {
    const url = urlFrom(env, `PROVIDER_URL_${provider.toUpperCase()}`);
    if (url) urls[provider] = url;
  }
  return urls;
}

/** An amount of THB like "100" or "5000.50", in satang. */
function thbFrom(env: NodeJS.ProcessEnv, name: string, fallback: bigint): bigint {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const satang = parseAmount(raw, 'THB');
  if (satang === undefined || satang <= 0n) throw new Error(`${name} must be a positive amount of THB like "100" or "5000.50", got "${raw}"`);
  return satang;
}

function withdrawalSettingsFrom(env: NodeJS.ProcessEnv): WithdrawalSettings {
  const settings = {
    minSatang: thbFrom(env, 'WITHDRAW_MIN_THB', 100_00n),
    maxSatang: thbFrom(env, 'WITHDRAW_MAX_THB', 100_000_00n),
    dailyLimit: intFrom(env, 'WITHDRAW_DAILY_LIMIT', 5, 1, 1000),
    autoApproveSatang: thbFrom(env, 'WITHDRAW_AUTO_APPROVE_THB', 5_000_00n),
  };
  if (settings.minSatang > settings.maxSatang) throw new Error('WITHDRAW_MIN_THB may not exceed WITHDRAW_MAX_THB');
  return settings;
}

/** DEPOSIT_MIN_KIP..DEPOSIT_MAX_KIP, by default 10,000 to 50,000,000 LAK. */
function depositBoundsFrom(env: NodeJS.ProcessEnv): { depositMinKip: bigint; depositMaxKip: bigint } {
  const min = BigInt(intFrom(env, 'DEPOSIT_MIN_KIP', 10_000, 1));
  const max = BigInt(intFrom(env, 'DEPOSIT_MAX_KIP', 50_000_000, 1));
  if (min > max) throw new Error(`DEPOSIT_MIN_KIP (${min}) may not exceed DEPOSIT_MAX_KIP (${max})`);
  return { depositMinKip: min, depositMaxKip: max };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const laoqrGatewayUrl = urlFrom(env, 'LAOQR_GATEWAY_URL');
  return {
    port: intFrom(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    pgDataDir: path.resolve(projectRoot, env.PG_DATA_DIR || 'data/pg'),
    embeddedPgPort: intFrom(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    distDir: path.resolve(projectRoot, env.DIST_DIR || 'dist'),
    buildMode: env.NODE_ENV === 'development' ? 'development' : 'production',
    sessionTtlHours: intFrom(env, 'SESSION_TTL_HOURS', 24 * 7, 1, 24 * 365),
    laoqrGatewayUrl,
    laoqrWebhookSecret: webhookSecretFrom(env, laoqrGatewayUrl),
    laoqrGatewayTimeoutMs: intFrom(env, 'LAOQR_GATEWAY_TIMEOUT_MS', 10_000, 100, 120_000),
    sandboxBankWebhookUrl: urlFrom(env, 'SANDBOX_BANK_WEBHOOK_URL'),
    providerUrls: providerUrlsFrom(env),
    providerTimeoutMs: intFrom(env, 'PROVIDER_TIMEOUT_MS', 8000, 100, 120_000),
    providerAttempts: intFrom(env, 'PROVIDER_ATTEMPTS', 3, 1, 10),
    reconcileIntervalSeconds: intFrom(env, 'RECONCILE_INTERVAL_SECONDS', 30, 0, 86_400),
    withdrawals: withdrawalSettingsFrom(env),
    depositExpiryMinutes: intFrom(env, 'DEPOSIT_EXPIRY_MINUTES', 15, 1, 1440),
    ...depositBoundsFrom(env),
  };
}
