import path from 'node:path';
import { PROVIDERS, type Provider } from '../src/contract/providers';

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
  sessionTtlHours: number;
  /** Game providers with their own API; the others are served by the built-in sandbox. */
  providerUrls: Partial<Record<Provider, string>>;
  providerTimeoutMs: number;
  /** How often the reconciler settles transfers left PENDING; 0 turns it off in this process. */
  reconcileIntervalSeconds: number;
}

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

/** PROVIDER_URL_ASKMEBET, PROVIDER_URL_GCLUB_LIVE, ...: an http(s) base URL, or unset for the sandbox. */
function providerUrlsFrom(env: NodeJS.ProcessEnv): Partial<Record<Provider, string>> {
  const urls: Partial<Record<Provider, string>> = {};
  for (const provider of PROVIDERS) {
    const name = `PROVIDER_URL_${provider.toUpperCase()}`;
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
    urls[provider] = raw.replace(/\/+$/, '');
  }
  return urls;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: intFrom(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    pgDataDir: path.resolve(projectRoot, env.PG_DATA_DIR || 'data/pg'),
    embeddedPgPort: intFrom(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    distDir: path.resolve(projectRoot, env.DIST_DIR || 'dist'),
    sessionTtlHours: intFrom(env, 'SESSION_TTL_HOURS', 24 * 7, 1, 24 * 365),
    providerUrls: providerUrlsFrom(env),
    providerTimeoutMs: intFrom(env, 'PROVIDER_TIMEOUT_MS', 8000, 100, 120_000),
    reconcileIntervalSeconds: intFrom(env, 'RECONCILE_INTERVAL_SECONDS', 30, 0, 86_400),
  };
}
