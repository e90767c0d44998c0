import { spawn } from 'node:child_process';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { projectRoot } from '../server/config';
import { SESSION_COOKIE } from '../server/domain/players';
import { FINGERPRINT_HEADER, type DeviceFingerprint } from '../contract/deviceFingerprint';
import { countStatements } from './statements';
import { median, type Measurement } from './table';

export const BARE_ROUTE = '/bench/bare';
const CONNECTIONS = 100;
const SECONDS = 5;
/** The three loads take turns, round after round: a shared machine's load drifts between runs. */
const ROUNDS = 3;

interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs bench/loadgen.ts in its own process: the load generator must not share the server's event loop. */
function load(url: string, headers: Record<string, string>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(projectRoot, 'bench/loadgen.ts'),
        JSON.stringify({ url, headers, connections: CONNECTIONS, seconds: SECONDS }),
      ],
      {
        cwd: projectRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(stdout) as LoadResult) : reject(new Error(`autocannon failed (${code}): ${stderr}`)),
    );
  });
}

/** Each figure's median over the rounds; errors and non-2xx answers summed. */
function medianOf(results: LoadResult[]): LoadResult {
  return {
    requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
    p99Ms: median(results.map((result) => result.p99Ms)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

const BENCH_DEVICE: DeviceFingerprint = {
  screen: '412x915',
  version: '5.2.0',
  timezone: 'Asia/Vientiane',
  userAgent: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
  plugins: '',
  webGL: {
    version: 'WebGL 1.0',
    vendor: 'WebKit',
    vendorUnmasked: 'Qualcomm',
    renderer: 'WebKit WebGL',
    rendererUnmasked: 'Adreno (TM) 610',
    shadingLanguageVersion: 'WebGL GLSL ES 1.0',
  },
  audio: 124.04,
  platform: 'Linux armv8l',
  fingerprint: 'benchdevice0000000000000000000001',
  memory: 4,
  fonts: 'Noto Sans Lao',
  languages: 'lo',
  hardwareConcurrency: 8,
  vendor: 'Google Inc.',
};

/** Registers a player through the API, as the register page does; returns its session Cookie header. */
export async function registerBenchPlayer(origin: string, username = 'benchplayer'): Promise<string> {
  const response = await fetch(`${origin}/api/v2/players/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [FINGERPRINT_HEADER]: BENCH_DEVICE.fingerprint },
    body: JSON.stringify({
      username,
      password: 'bench-password-9',
      confirmPassword: 'bench-password-9',
      displayName: 'Bench',
      ageConfirmed: true,
      fingerprint: BENCH_DEVICE,
    }),
  });
  if (response.status !== 201) throw new Error(`registering the bench player answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('registering the bench player set no session cookie');
  return cookie.split(';')[0];
}

/** The bare route answering {} that the API row is compared with; registered by the bench only. */
export function addBareRoute(app: FastifyInstance): void {
  app.get(BARE_ROUTE, async () => ({}));
}

/**
 * Fastify 5 as it comes, with the bare route and nothing else (no logger, hooks or plugins): the
 * reference of the app's own bare route, in this process like the app.
 */
export async function startBareFastify(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const bare = Fastify();
  bare.get(BARE_ROUTE, async () => ({}));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return { origin: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`, stop: () => bare.close() };
}

/**
 * The mean latency of `connections` that each send their next request as soon as the last is
 * answered (Little's law): every request waits behind the others, so at a given rate no tuning of
 * one request brings the mean, nor a percentile above it, lower.
 */
export function meanLatencyMs(connections: number, requestsPerSecond: number): number {
  return (connections * 1000) / requestsPerSecond;
}

const P99_TARGET_MS = 25;

/**
 * GET /api/v2/players/info of a logged-in player against the app's bare route, and that against a
 * bare Fastify's: 100 connections for 5 s each, taking turns for 3 rounds, by the same load
 * generator; each figure is the median of its rounds.
 */
export async function measureApi(origin: string, bareFastifyOrigin: string, poolSize: number, username?: string): Promise<Measurement[]> {
  const cookie = await registerBenchPlayer(origin, username);
  // Counted while the server is idle: after a load run it still answers requests autocannon left queued.
  const statementsOfOne = () =>
    countStatements(async () => {
      const check = await fetch(`${origin}/api/v2/players/info`, { headers: { cookie } });
      if (check.status !== 200) throw new Error(`GET /api/v2/players/info answered ${check.status} for the bench player`);
      await check.text();
    });
  const first = await statementsOfOne();
  const cached = await statementsOfOne();
  const rounds: { fastify: LoadResult; bare: LoadResult; info: LoadResult }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({
      fastify: await load(`${bareFastifyOrigin}${BARE_ROUTE}`, {}),
      bare: await load(`${origin}${BARE_ROUTE}`, {}),
      info: await load(`${origin}/api/v2/players/info`, { cookie }),
    });
  }
  const fastify = medianOf(rounds.map((round) => round.fastify));
  const bare = medianOf(rounds.map((round) => round.bare));
  const info = medianOf(rounds.map((round) => round.info));
  for (const [name, result] of [
    ['bare Fastify', fastify],
    ['bare route', bare],
    ['players/info', info],
  ] as const) {
    if (result.errors > 0 || result.non2xx > 0)
      throw new Error(`${name}: ${result.errors} errors and ${result.non2xx} non-2xx answers under load`);
  }
  const limitedBy = `the session's first check sends ${first} PostgreSQL statement(s) through the pool of ${poolSize} connections, the next ones ${cached} while the session cache holds it (a minute at most); ${CONNECTIONS} connections at once; PostgreSQL, the server and autocannon share the machine's cores`;
  const referenceLabel = 'bare route {}';
  return [
    {
      metric: "API the app's bare route: requests/s",
      value: bare.requestsPerSecond,
      unit: 'req/s',
      reference: fastify.requestsPerSecond,
      referenceLabel: 'bare Fastify 5, no hooks',
      target: { on: 'ratio', direction: 'atLeast', limit: 0.5 },
      limitedBy:
        'every request passes what a bare Fastify has not: the request log (a JSON line per request, written by a worker thread; a child logger only for a request that logs of its own), the security headers added to each answer, and the cross-site and number checks',
    },
    {
      metric: 'API GET /players/info: requests/s',
      value: info.requestsPerSecond,
      unit: 'req/s',
      reference: bare.requestsPerSecond,
      referenceLabel,
      target: { on: 'ratio', direction: 'atLeast', limit: 0.5 },
      limitedBy,
    },
    {
      metric: 'API GET /players/info: p99 latency',
      value: info.p99Ms,
      unit: 'ms',
      reference: bare.p99Ms,
      referenceLabel,
      target: { on: 'value', direction: 'atMost', limit: P99_TARGET_MS },
      limitedBy:
        `${limitedBy}; ${CONNECTIONS} connections each waiting for its answer make the mean latency ` +
        `${meanLatencyMs(CONNECTIONS, info.requestsPerSecond).toFixed(1)} ms at ${Math.round(info.requestsPerSecond)} req/s (Little's law), ` +
        `and the 99th percentile is normally above the mean: ${P99_TARGET_MS} ms needs more than ${Math.round((CONNECTIONS * 1000) / P99_TARGET_MS)} req/s`,
    },
  ];
}
