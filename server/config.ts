import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import envSchema from 'env-schema';
import { Type, type Static, type TOptional, type TString } from 'typebox';
import { PROVIDERS, type Provider } from '../contract/providers';
import { parseAmount } from '../contract/money';

/**
 * Every setting comes from the environment (documented in docs/configuration.md).
 * Parsing fails loudly at start-up rather than running with a half-understood value.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  pgDataDir: string;
  embeddedPgPort: number;
  logLevel: string;
  /** The proxies in front whose X-Forwarded-* headers count: none, how many hops, or their addresses. */
  trustProxy: TrustProxy;
  distDir: string;
  /** `npm run dev` (NODE_ENV=development) builds the site unminified, with `?inspect` for its machines. */
  buildMode: 'production' | 'development';
  sessionTtlHours: number;
  /** PostgreSQL connections this process keeps. */
  pgPoolSize: number;
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
  /** Withdrawal rules of an agency that has not set its own, THB credit in satang. */
  withdrawals: WithdrawalSettings;
  /** NODE_ENV=production: a live site, where a sandbox must be asked for (CHAMPA_SANDBOX=1). */
  production: boolean;
  /** CHAMPA_SANDBOX=1: the sandbox is wanted, even in production (a demo or staging site). */
  sandboxWanted: boolean;
}

/** What of the outside world this server plays itself: its bank, and the providers without a URL. */
export interface SandboxParts {
  bank: boolean;
  providers: Provider[];
}

export function sandboxPartsOf(config: Pick<Config, 'laoqrGatewayUrl' | 'providerUrls'>): SandboxParts {
  return { bank: !config.laoqrGatewayUrl, providers: PROVIDERS.filter((provider) => !config.providerUrls[provider]) };
}

export const servesSandbox = (parts: SandboxParts) => parts.bank || parts.providers.length > 0;

/** One line for the console, the README and the refusal: which stand-ins are served. */
export function describeSandbox(parts: SandboxParts): string {
  const served = [
    ...(parts.bank ? ['the sandbox bank at /sandbox/bank (anyone who opens it can "pay")'] : []),
    ...(parts.providers.length > 0 ? [`sandbox game providers (${parts.providers.join(', ')})`] : []),
  ];
  return `SANDBOX — no real money: ${served.join(' and ')}`;
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

/**
 * Two connections per core: PostgreSQL keeps each core busy while the other connection's answer
 * travels, and more would only queue inside PostgreSQL instead of in the pool.
 */
export const defaultPoolSize = () => 2 * os.availableParallelism();

export const projectRoot = path.resolve(__dirname, '..');

const integer = (fallback: number, minimum: number, maximum = Number.MAX_SAFE_INTEGER) =>
  Type.Integer({ minimum, maximum, default: fallback });
const httpUrl = Type.Optional(Type.String({ pattern: '^https?://[^\\s/?#]+\\S*$' }));
/** An amount of THB like "100" or "5000.50". */
const thb = (fallback: string) => Type.String({ pattern: '^[0-9]{1,13}(\\.[0-9]{1,2})?$', default: fallback });

type ProviderUrlVariable = `PROVIDER_URL_${Uppercase<Provider>}`;
const providerUrlVariable = (provider: Provider) => `PROVIDER_URL_${provider.toUpperCase()}` as ProviderUrlVariable;
const providerUrlVariables = Object.fromEntries(PROVIDERS.map((provider) => [providerUrlVariable(provider), httpUrl])) as Record<
  ProviderUrlVariable,
  TOptional<TString>
>;

/** The environment the server reads: the table of docs/configuration.md, as a schema. */
export const EnvSchema = Type.Object(
  {
    PORT: integer(8080, 0, 65535),
    HOST: Type.String({ default: '0.0.0.0' }),
    DATABASE_URL: Type.Optional(Type.String()),
    PG_DATA_DIR: Type.String({ default: 'data/pg' }),
    EMBEDDED_PG_PORT: integer(54329, 1, 65535),
    LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
    TRUST_PROXY: Type.String({ default: 'false' }),
    DIST_DIR: Type.String({ default: 'dist' }),
    NODE_ENV: Type.Optional(Type.String()),
    SESSION_TTL_HOURS: integer(24 * 7, 1, 24 * 365),
    PG_POOL_SIZE: integer(defaultPoolSize(), 1, 1000),
    LAOQR_GATEWAY_URL: httpUrl,
    LAOQR_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
    LAOQR_GATEWAY_TIMEOUT_MS: integer(10_000, 100, 120_000),
    SANDBOX_BANK_WEBHOOK_URL: httpUrl,
    ...providerUrlVariables,
    PROVIDER_TIMEOUT_MS: integer(8000, 100, 120_000),
    PROVIDER_ATTEMPTS: integer(3, 1, 10),
    RECONCILE_INTERVAL_SECONDS: integer(30, 0, 86_400),
    DEPOSIT_EXPIRY_MINUTES: integer(15, 1, 1440),
    DEPOSIT_MIN_KIP: integer(10_000, 1),
    DEPOSIT_MAX_KIP: integer(50_000_000, 1),
    WITHDRAW_MIN_THB: thb('100'),
    WITHDRAW_MAX_THB: thb('100000'),
    WITHDRAW_DAILY_LIMIT: integer(5, 1, 1000),
    WITHDRAW_AUTO_APPROVE_THB: thb('5000'),
    CHAMPA_SANDBOX: Type.Enum(['1', '0', 'true', 'false'], { default: '0' }),
  },
  // Other variables of the environment are none of the server's business: they are dropped.
  { additionalProperties: false },
);
export type Env = Static<typeof EnvSchema>;

/** The environment checked against EnvSchema, defaults filled in; an empty variable counts as unset. */
function readEnv(env: NodeJS.ProcessEnv): Env {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  try {
    return envSchema<Env>({ schema: EnvSchema, data: set, env: false });
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message.replaceAll('env/', '')}`);
  }
}

/**
 * A real gateway with the published development secret would accept webhooks anyone can forge,
 * so configuring a gateway requires configuring its secret too.
 */
function webhookSecretOf(env: Env): string {
  if (env.LAOQR_WEBHOOK_SECRET) return env.LAOQR_WEBHOOK_SECRET;
  if (env.LAOQR_GATEWAY_URL) throw new Error('LAOQR_WEBHOOK_SECRET must be set when LAOQR_GATEWAY_URL names a real gateway');
  return DEVELOPMENT_WEBHOOK_SECRET;
}

/** In satang; the schema checked the form, this the sign. */
function satangOf(env: Env, name: 'WITHDRAW_MIN_THB' | 'WITHDRAW_MAX_THB' | 'WITHDRAW_AUTO_APPROVE_THB'): bigint {
  const satang = parseAmount(env[name], 'THB');
  if (satang === undefined || satang <= 0n)
    throw new Error(`${name} must be a positive amount of THB like "100" or "5000.50", got "${env[name]}"`);
  return satang;
}

const withoutTrailingSlash = (url: string | undefined) => url?.replace(/\/+$/, '');

function withdrawalsOf(env: Env): WithdrawalSettings {
  const withdrawals: WithdrawalSettings = {
    minSatang: satangOf(env, 'WITHDRAW_MIN_THB'),
    maxSatang: satangOf(env, 'WITHDRAW_MAX_THB'),
    dailyLimit: env.WITHDRAW_DAILY_LIMIT,
    autoApproveSatang: satangOf(env, 'WITHDRAW_AUTO_APPROVE_THB'),
  };
  if (withdrawals.minSatang > withdrawals.maxSatang) throw new Error('WITHDRAW_MIN_THB may not exceed WITHDRAW_MAX_THB');
  return withdrawals;
}

/** The withdrawal rules of an agency that has not set its own (WITHDRAW_*), on their own for migration 0022. */
export function withdrawalDefaultsOf(env: NodeJS.ProcessEnv): WithdrawalSettings {
  return withdrawalsOf(readEnv(env));
}

/** The values derived from more than one variable, or parsed beyond what a schema says. */
function derived(env: Env) {
  const withdrawals = withdrawalsOf(env);
  if (env.DEPOSIT_MIN_KIP > env.DEPOSIT_MAX_KIP) {
    throw new Error(`DEPOSIT_MIN_KIP (${env.DEPOSIT_MIN_KIP}) may not exceed DEPOSIT_MAX_KIP (${env.DEPOSIT_MAX_KIP})`);
  }
  const providerUrls: Partial<Record<Provider, string>> = {};
  for (const provider of PROVIDERS) {
    const url = withoutTrailingSlash(env[providerUrlVariable(provider)]);
    if (url) providerUrls[provider] = url;
  }
  return { withdrawals, providerUrls, laoqrWebhookSecret: webhookSecretOf(env) };
}

/**
 * A production site that would serve a sandbox by omission (no gateway or provider URL set) does
 * not start: its players could "pay" with play money. CHAMPA_SANDBOX=1 runs one on purpose.
 */
function refuseUnwantedSandbox(config: Config): Config {
  const parts = sandboxPartsOf(config);
  if (config.production && servesSandbox(parts) && !config.sandboxWanted) {
    throw new Error(
      `NODE_ENV=production would serve ${describeSandbox(parts).replace('SANDBOX — no real money: ', '')}. ` +
        'Set LAOQR_GATEWAY_URL and PROVIDER_URL_<NAME> for a live site, or CHAMPA_SANDBOX=1 to run a sandbox on purpose.',
    );
  }
  return config;
}

export type TrustProxy = false | number | string[];

/** What proxy-addr names besides addresses: the loopback, link-local and private ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_RANGES.has(value) || isIP(value) !== 0) return true;
  const [address, bits, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  return rest.length === 0 && family !== 0 && /^[0-9]{1,3}$/.test(bits ?? '') && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxies stand in front ("1" for one nginx), or their addresses and CIDRs.
 * `true` would take whatever X-Forwarded-For a client sends as its address, voiding every
 * per-address limit, so it stops the start.
 */
function trustProxyOf(value: string): TrustProxy {
  if (value === 'false' || value === '0') return false;
  if (/^[0-9]{1,2}$/.test(value)) return Number(value);
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust any X-Forwarded-For a client sends: set how many proxies stand in front ' +
        '(TRUST_PROXY=1 for one nginx) or their addresses (TRUST_PROXY=10.0.0.2,10.1.0.0/16)',
    );
  }
  const addresses = value.split(',').map((part) => part.trim());
  const wrong = addresses.filter((address) => !isProxyAddress(address));
  if (wrong.length > 0) {
    throw new Error(`TRUST_PROXY takes a hop count or proxies' addresses and CIDRs; not an address: ${wrong.join(', ')}`);
  }
  return addresses;
}

/** Reads and checks the environment; a bad value stops the start with a message naming its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = readEnv(env);
  return refuseUnwantedSandbox({
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    pgDataDir: path.resolve(projectRoot, values.PG_DATA_DIR),
    embeddedPgPort: values.EMBEDDED_PG_PORT,
    logLevel: values.LOG_LEVEL,
    trustProxy: trustProxyOf(values.TRUST_PROXY),
    distDir: path.resolve(projectRoot, values.DIST_DIR),
    buildMode: values.NODE_ENV === 'development' ? 'development' : 'production',
    sessionTtlHours: values.SESSION_TTL_HOURS,
    pgPoolSize: values.PG_POOL_SIZE,
    laoqrGatewayUrl: withoutTrailingSlash(values.LAOQR_GATEWAY_URL),
    laoqrGatewayTimeoutMs: values.LAOQR_GATEWAY_TIMEOUT_MS,
    sandboxBankWebhookUrl: withoutTrailingSlash(values.SANDBOX_BANK_WEBHOOK_URL),
    providerTimeoutMs: values.PROVIDER_TIMEOUT_MS,
    providerAttempts: values.PROVIDER_ATTEMPTS,
    reconcileIntervalSeconds: values.RECONCILE_INTERVAL_SECONDS,
    depositExpiryMinutes: values.DEPOSIT_EXPIRY_MINUTES,
    depositMinKip: BigInt(values.DEPOSIT_MIN_KIP),
    depositMaxKip: BigInt(values.DEPOSIT_MAX_KIP),
    production: values.NODE_ENV === 'production',
    sandboxWanted: values.CHAMPA_SANDBOX === '1' || values.CHAMPA_SANDBOX === 'true',
    ...derived(values),
  });
}
