import { randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { testDevice } from '../support/device';
import { seed } from '../../server/seed';
import { findAgencyByHost } from '../../server/domain/agencies';
import { createSession, SESSION_COOKIE } from '../../server/domain/players';
import { createOperator, loginOperator, OPERATOR_COOKIE } from '../../server/domain/operators';
import { enrolSecondFactor, totpCodeOf } from '../support/operators';
import { signWebhook, type PaymentPaidEventBody } from '../../server/adapters/payment';

/**
 * The attack suite: what an outsider or another player can throw at the API. The routes are read
 * from the app itself as it registers them, so a route added later is attacked without a change
 * here. Neighbouring suites already hold some of the attacks: deposits.test.ts (another player's
 * order, forged/altered/stale webhooks), playersSecurity.test.ts (login and registration rate
 * limits), players.test.ts (the player cookie's HttpOnly and SameSite), agency.test.ts (CSP on the API).
 */

const SECRET = 'attack-test-webhook-secret-42';
const RUNS_PER_ROUTE = 200;

interface ApiRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

let t: TestApp;
let agencyId: string;
let operatorUsername: string;
let operatorSecret: string;
const OPERATOR_PASSWORD = 'operator-password-9';
const routes: ApiRoute[] = [];
const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-attack-pages-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(pagesDir, 'index.html'),
    '<!doctype html><html><head><title>Champa</title></head><body><div id="root"></div></body></html>',
  );
  // Every Fastify instance announces itself on this channel as it is created, before any route.
  const collect = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url, schema: route.schema });
      }
    });
  };
  diagnostics.subscribe('fastify.initialization', collect);
  try {
    t = await buildTestApp({ laoqrWebhookSecret: SECRET, providerTimeoutMs: 2000, laoqrGatewayTimeoutMs: 2000, distDir: pagesDir });
  } finally {
    diagnostics.unsubscribe('fastify.initialization', collect);
  }
  // The provider sandbox and the sandbox bank are called over HTTP at this server's own address.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The demo agency (localhost, the Host of app.inject) with its rates, receiving account and
  // whatever else the product seeds for it.
  await seed(t.db);
  agencyId = (await findAgencyByHost(t.db, 'localhost'))!.id;
  operatorUsername = 'attack-owner';
  await createOperator(
    t.db,
    agencyId,
    { username: operatorUsername, password: OPERATOR_PASSWORD, role: 'owner' },
    { operatorId: null, name: 'cli:attack-test' },
  );
  const enrolling = await loginOperator(
    t.db,
    agencyId,
    { username: operatorUsername, password: OPERATOR_PASSWORD },
    { ip: '127.0.0.1', userAgent: null },
  );
  operatorSecret = (await enrolSecondFactor(t, `${OPERATOR_COOKIE}=${enrolling.token}`)).secret;
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(pagesDir, { recursive: true, force: true });
});

const SQL_INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE players; --",
  '"; DROP TABLE ledger_entries; --',
  '1; SELECT pg_sleep(0) --',
  "' UNION SELECT password_hash FROM players --",
  "admin'--",
  "') OR ('a'='a",
  '$1',
  "\\'; TRUNCATE ledger_accounts; --",
];

const NASTY_STRINGS = [
  ...SQL_INJECTIONS,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  '../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '-0.00',
  '99999999999999999999999999999999999999',
  '0x10',
  'null',
  'true',
  '__proto__',
  'constructor',
  'ສະບາຍດີ',
  '中文测试',
  'Tiếng Việt',
  'ภาษาไทย',
  '😀'.repeat(40),
  'x'.repeat(5000),
];

const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e300, -1, 0, 0.1, 2 ** 31, 2 ** 63), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.array(nastyString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }), weight: 1 },
);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** Values shaped by a JSON schema: valid ones, ones just past each bound, and the wrong type. */
function shapedBy(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object' || depth > 3) return anyValue;
  const shaped: fc.Arbitrary<unknown>[] = [];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) shaped.push(fc.constantFrom(...schema.enum));
  const types = [schema.type ?? (schema.properties ? 'object' : undefined)].flat();
  for (const type of types) {
    if (type === 'object') {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length)
        shaped.push(fc.record(Object.fromEntries(keys.map((key) => [key, shapedBy(properties[key], depth + 1)])), { requiredKeys: [] }));
    } else if (type === 'string') {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 64, 300);
      shaped.push(fc.string({ minLength: Math.min(min, max), maxLength: max }), fc.constant('x'.repeat((schema.maxLength ?? 1000) + 1)));
    } else if (type === 'integer' || type === 'number') {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      shaped.push(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.constantFrom(min - 1, max + 1, 0.5, -0, String(max)));
    } else if (type === 'boolean') {
      shaped.push(fc.boolean(), fc.constantFrom('true', 0, 1));
    } else if (type === 'array') {
      shaped.push(fc.array(shapedBy(schema.items, depth + 1), { maxLength: 4 }), fc.array(anyValue, { minLength: 50, maxLength: 60 }));
    }
  }
  if (!shaped.length) return anyValue;
  return fc.oneof({ arbitrary: fc.oneof(...shaped), weight: 4 }, { arbitrary: anyValue, weight: 1 });
}

/** A JSON text, sometimes with prototype-pollution keys spliced in, sometimes broken. */
function bodyText(schema: JsonSchema | undefined): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: shapedBy(schema).map((value) => JSON.stringify(value)), weight: 6 },
    {
      arbitrary: fc
        .tuple(
          shapedBy(schema),
          fc.constantFrom(
            '"__proto__":{"polluted":"yes"}',
            '"constructor":{"prototype":{"polluted":"yes"}}',
            '"__proto__":{"isAdmin":true,"role":"owner"}',
          ),
        )
        .map(([value, poison]) => {
          const text = JSON.stringify(value && typeof value === 'object' && !Array.isArray(value) ? value : {});
          return text === '{}' ? `{${poison}}` : `{${poison},${text.slice(1)}`;
        }),
      weight: 2,
    },
    { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'null', '"just a string"', '{"a":1}{"b":2}', '\u0000'), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

function queryText(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const known = Object.keys(schema?.properties ?? {});
  const key = known.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: nastyString, weight: 1 })
    : nastyString;
  const value = fc.oneof(
    nastyString,
    fc.integer().map(String),
    fc.constantFrom('-1', '0', '1', '100', '101', '1000000', 'true', '1.5', 'ACTIVE', 'PENDING'),
  );
  return fc.array(fc.tuple(key, fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 }))), { maxLength: 5 }).map((pairs) => {
    const search = new URLSearchParams();
    for (const [name, values] of pairs) for (const one of [values].flat()) search.append(name, one);
    return search.toString();
  });
}

/** A path segment: percent-encoded, or sent raw when it is one of the malformed encodings. */
function asSegment(value: string): string {
  if (RAW_SEGMENTS.includes(value)) return value;
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    // A lone surrogate has no UTF-8 form; the malformed encodings above stand for it.
    encoded = encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
  return encoded || '%20';
}
const RAW_SEGMENTS = ['%', '%zz', '%ED%A0%80', '%C0%AE%C0%AE', '..', '%00', '%FF'];

/** The route's path with every :param (and a trailing *) replaced by a generated segment. */
function pathOf(url: string): fc.Arbitrary<string> {
  const names = url.match(/:[A-Za-z0-9_]+|\*/g) ?? [];
  const segment = fc.oneof(
    nastyString,
    fc.uuid(),
    fc.constantFrom(...RAW_SEGMENTS),
    fc.constantFrom('D0000000000', 'W0000000000', '00000000-0000-0000-0000-000000000000', 'askmebet', '1'),
  );
  return fc.array(segment, { minLength: names.length, maxLength: names.length }).map((values) => {
    let index = 0;
    return url.replace(/:[A-Za-z0-9_]+|\*/g, () => asSegment(values[index++]));
  });
}

const newVisitorId = () => randomBytes(16).toString('hex');
const randomIp = fc
  .tuple(
    fc.integer({ min: 1, max: 223 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 1, max: 254 }),
  )
  .map((parts) => parts.join('.'));

async function playerCookie(playerId: string): Promise<string> {
  return `${SESSION_COOKIE}=${await createSession(t.db, playerId, agencyId, 24)}`;
}
async function operatorCookie(): Promise<string> {
  // Many logins a second, faster than codes change: the step of the last code taken is forgotten each time.
  await t.db.updateTable('operators').set({ totp_last_step: null }).where('username', '=', operatorUsername).execute();
  const { token } = await loginOperator(
    t.db,
    agencyId,
    { username: operatorUsername, password: OPERATOR_PASSWORD, code: totpCodeOf(operatorSecret) },
    { ip: '127.0.0.1', userAgent: null },
  );
  return `${OPERATOR_COOKIE}=${token}`;
}

async function expectTablesIntact() {
  for (const table of [
    'players',
    'ledger_entries',
    'ledger_accounts',
    'ledger_transfers',
    'bank_accounts',
    'deposit_orders',
    'withdrawals',
    'operators',
  ]) {
    const found = await sql<{ name: string | null }>`SELECT to_regclass(${table})::text AS name`.execute(t.db);
    expect(found.rows[0].name).toBe(table);
  }
  expect(await ledgerViolations(t.db)).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Another player's records

let accountSerial = 7000;
async function playerWithBank(): Promise<TestPlayer & { accountNumber: string; bankAccountId: string }> {
  const player = await createTestPlayer(t.db, agencyId);
  const accountNumber = `0202${accountSerial++}0000000000`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/players/bank-accounts',
    headers: { cookie: player.cookie },
    payload: { bank: 'bcel', accountNumber, accountName: 'KHAMLA PHONSAVANH', currency: 'LAK', owner: true },
  });
  expect(res.statusCode).toBe(201);
  return { ...player, accountNumber, bankAccountId: res.json().bankAccount.id };
}

let keySerial = 0;
const inject = (
  player: { cookie: string } | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...(player ? { cookie: player.cookie } : {}), ...headers }, payload });

function paymentEvent(
  billNumber: string,
  amount: string,
  transactionId = `TX${Math.random().toString(36).slice(2)}`,
): PaymentPaidEventBody {
  const now = new Date().toISOString();
  return {
    id: `evt-${transactionId}`,
    type: 'payment.paid',
    createdAt: now,
    data: { billNumber, amount, currency: 'LAK', transactionId, paidAt: now },
  };
}

function deliverRaw(raw: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/webhooks/laoqr',
    headers: { 'content-type': 'application/json', ...headers },
    payload: raw,
  });
}

/** The code of a new OPEN deposit order of the player. */
async function openDeposit(player: TestPlayer, amount = '64000'): Promise<string> {
  const created = await inject(
    player,
    'POST',
    '/api/v2/deposits',
    { provider: 'askmebet', amount },
    { 'idempotency-key': `attack-${++keySerial}` },
  );
  expect({ status: created.statusCode, body: created.json() }).toMatchObject({ status: 201 });
  return created.json().order.code;
}

async function paidDeposit(player: TestPlayer, amount = '64000') {
  const code = await openDeposit(player, amount);
  const raw = JSON.stringify(paymentEvent(code, amount));
  const paid = await deliverRaw(raw, signWebhook(raw, SECRET));
  expect(paid.statusCode).toBe(200);
  return code;
}

async function credit(player: TestPlayer): Promise<string> {
  const res = await inject(player, 'GET', '/api/v2/players/credits/askmebet');
  expect(res.statusCode).toBe(200);
  return res.json().credit.amount;
}

describe("another player's records", () => {
  it("answers 404 on every player route that names one of A's records, lists none of them, and leaves them alone", async () => {
    const a = await playerWithBank();
    const b = await playerWithBank();
    const paidCode = await paidDeposit(a);
    expect(await credit(a)).toBe('100.00');
    const open = await inject(
      a,
      'POST',
      '/api/v2/deposits',
      { provider: 'betflix', amount: '64000' },
      { 'idempotency-key': `attack-${++keySerial}` },
    );
    expect(open.statusCode).toBe(201);
    const openCode: string = open.json().order.code;
    const withdrawal = await inject(
      a,
      'POST',
      '/api/v2/withdrawals',
      { provider: 'askmebet', amount: '100.00' },
      { 'idempotency-key': `attack-${++keySerial}` },
    );
    expect(withdrawal.statusCode).toBe(201);
    const withdrawalCode: string = withdrawal.json().withdrawal.code;
    const secrets = [paidCode, openCode, withdrawalCode, a.bankAccountId, a.accountNumber, a.id, a.username];
    const before = await recordsOf(a.id);

    // Every player route with a path parameter, asked by B with each of A's identifiers.
    const named = routes.filter(
      (route) => route.url.includes(':') && !route.url.startsWith('/api/v2/admin') && !route.url.startsWith('/api/v2/webhooks'),
    );
    expect(named.length).toBeGreaterThan(2);
    const refusals: [string, string, string, number][] = [];
    for (const route of named) {
      for (const id of [paidCode, openCode, withdrawalCode, a.bankAccountId]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[A-Za-z0-9_]+/g, encodeURIComponent(id)),
          headers: { cookie: b.cookie, 'content-type': 'application/json' },
          payload: route.method === 'GET' ? undefined : '{}',
        });
        if (res.statusCode < 300) expect(secrets.filter((secret) => res.body.includes(secret))).toEqual([]);
        refusals.push([route.method, route.url, id, res.statusCode]);
      }
    }
    // Each such route refuses every one of A's identifiers, and answers "not found" to at least
    // the one of its own kind (another kind may fail the parameter's format first: 400).
    for (const [method, url, id, status] of refusals)
      expect([method, url, id, [400, 404].includes(status)]).toEqual([method, url, id, true]);
    for (const route of named) {
      if (/:(code|id|usageId)\b/.test(route.url)) {
        expect([
          route.method,
          route.url,
          refusals.some(([method, url, , status]) => method === route.method && url === route.url && status === 404),
        ]).toEqual([route.method, route.url, true]);
      }
    }
    // Every player list B can read, with A's identifiers nowhere in it.
    const lists = routes.filter(
      (route) =>
        route.method === 'GET' && !route.url.includes(':') && !route.url.startsWith('/api/v2/admin') && !route.url.startsWith('/api/docs'),
    );
    for (const route of lists) {
      const res = await inject(b, 'GET', route.url);
      expect([route.url, res.statusCode < 500]).toEqual([route.url, true]);
      expect([route.url, secrets.filter((secret) => res.body.includes(secret))]).toEqual([route.url, []]);
    }
    // Bodies that name A's records.
    for (const [url, payload] of [
      ['/api/v2/deposits', { provider: 'askmebet', amount: '64000', promotionId: paidCode }],
      ['/api/v2/withdrawals', { provider: 'betflix', amount: '100.00' }],
    ] as const) {
      const res = await inject(b, 'POST', url, payload, { 'idempotency-key': `attack-${++keySerial}` });
      expect(res.statusCode).toBeLessThan(500);
      expect(secrets.filter((secret) => res.body.includes(secret))).toEqual([]);
    }
    expect(await recordsOf(a.id)).toEqual(before);
    expect(await credit(b)).toBe('0.00');
  });

  it("answers 404 when B cancels A's promotion usage, and lists none of A's usages", async () => {
    const a = await playerWithBank();
    const b = await playerWithBank();
    const listed = await inject(a, 'GET', '/api/v2/promotions');
    expect(listed.statusCode).toBe(200);
    const promotion = (listed.json().promotions as { id: string; providers: string[]; firstOrderOnly: boolean }[]).find(
      (candidate) => candidate.providers.length > 0,
    );
    expect(promotion).toBeDefined();
    const used = await inject(a, 'POST', '/api/v2/promotions/use', { promotionId: promotion!.id, providerId: promotion!.providers[0] });
    expect(used.statusCode).toBeLessThan(300);
    const usageId: string = used.json().usage.usageId;

    const cancel = await inject(b, 'POST', '/api/v2/promotions/usages/cancel', { usageId });
    expect([cancel.statusCode, cancel.json().code]).toEqual([404, 'NOT_FOUND']);
    const theirs = await inject(b, 'GET', '/api/v2/promotions/usages');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().total).toBe(0);
    expect(theirs.body).not.toContain(usageId);
    const using = await inject(b, 'GET', '/api/v2/players/promotions/using');
    expect(using.json().usage).toBeNull();
    const mine = await inject(a, 'GET', '/api/v2/players/promotions/using');
    expect(mine.json().usage).toMatchObject({ usageId, status: 'ACTIVE' });
  });
});

async function recordsOf(playerId: string) {
  return {
    deposits: await t.db
      .selectFrom('deposit_orders')
      .select(['code', 'status'])
      .where('player_id', '=', playerId)
      .orderBy('code')
      .execute(),
    withdrawals: await t.db
      .selectFrom('withdrawals')
      .select(['code', 'status'])
      .where('player_id', '=', playerId)
      .orderBy('code')
      .execute(),
    bankAccounts: await t.db
      .selectFrom('bank_accounts')
      .select(['id', 'account_name', 'account_number'])
      .where('player_id', '=', playerId)
      .orderBy('id')
      .execute(),
  };
}

// ---------------------------------------------------------------------------------------------
// Webhooks, cookies, pages

describe('webhooks that were already seen', () => {
  it('acknowledges a replayed delivery without crediting again, and refuses it once its signature is stale', async () => {
    const player = await playerWithBank();
    const created = await inject(
      player,
      'POST',
      '/api/v2/deposits',
      { provider: 'askmebet', amount: '64000' },
      { 'idempotency-key': `attack-${++keySerial}` },
    );
    const code: string = created.json().order.code;
    const event = paymentEvent(code, '64000');
    const raw = JSON.stringify(event);
    const signed = signWebhook(raw, SECRET);
    const first = await deliverRaw(raw, signed);
    expect(first.json()).toEqual({ received: true, outcome: 'paid' });
    // The very same request again, and the same event freshly signed.
    for (const replay of [await deliverRaw(raw, signed), await deliverRaw(raw, signWebhook(raw, SECRET))]) {
      expect(replay.statusCode).toBe(200);
      expect(replay.json().outcome).toBe('duplicate');
    }
    // The same payment under a new event id.
    const again = JSON.stringify({ ...event, id: `${event.id}-again` });
    expect((await deliverRaw(again, signWebhook(again, SECRET))).json().outcome).toBe('duplicate');
    // A captured delivery played back after the tolerance.
    const captured = signWebhook(raw, SECRET, new Date(Date.now() - 6 * 60_000));
    expect((await deliverRaw(raw, captured)).statusCode).toBe(401);
    expect(await credit(player)).toBe('100.00');
    const payments = await t.db.selectFrom('deposit_orders').select(['status']).where('code', '=', code).execute();
    expect(payments).toEqual([{ status: 'SUCCESS' }]);
  });
});

describe('cookies and pages', () => {
  it('gives the operator cookie HttpOnly and SameSite', async () => {
    await t.db.updateTable('operators').set({ totp_last_step: null }).where('username', '=', operatorUsername).execute();
    const res = await inject(null, 'POST', '/api/v2/admin/login', {
      username: operatorUsername,
      password: OPERATOR_PASSWORD,
      code: totpCodeOf(operatorSecret),
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${OPERATOR_COOKIE}=`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toMatch(/SameSite=(Strict|Lax)/);
  });

  it('gives the player cookie of a registration HttpOnly and SameSite', async () => {
    const visitor = newVisitorId();
    const res = await inject(
      null,
      'POST',
      '/api/v2/players/register',
      {
        username: 'cookiecheck',
        password: 'secret-pass-1',
        confirmPassword: 'secret-pass-1',
        displayName: '',
        ageConfirmed: true,
        fingerprint: testDevice(visitor),
      },
      { 'x-fingerprint': visitor },
    );
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toMatch(/SameSite=(Strict|Lax)/);
  });

  it.each(['/', '/login', '/player/deposit', '/player/promotion/history'])(
    'serves the page %s with a strict Content-Security-Policy',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Cross-site requests on paths a router decodes

const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const API_SPELLINGS = ['/api/', '/%61pi/', '//api/', '/API/'];

describe('a state-changing request from a page of another site', () => {
  it('is refused on every /api route, for every unsafe method and however the path spells /api/', async () => {
    const player = await playerWithBank();
    const cookie = `${player.cookie}; ${await operatorCookie()}`;
    const answered: string[] = [];
    for (const url of new Set(routes.filter((route) => !route.url.startsWith('/api/v2/webhooks/')).map((route) => route.url))) {
      for (const spelling of API_SPELLINGS) {
        for (const method of UNSAFE_METHODS) {
          const res = await t.app.inject({
            method,
            url: `${spelling}${url.slice('/api/'.length).replace(/:[A-Za-z]+/g, 'x')}`,
            headers: { cookie, origin: 'http://localhost:9999', 'content-type': 'application/json' },
            payload: '{}',
          });
          if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN_ORIGIN')
            answered.push(`${method} ${spelling} ${url}: ${res.statusCode}`);
        }
      }
    }
    expect(answered).toEqual([]);
  });

  it("leaves a player's open deposit open when a page on another port cancels it through /%61pi/", async () => {
    const player = await playerWithBank();
    const code = await openDeposit(player);
    for (const spelling of API_SPELLINGS) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${spelling}v2/deposits/${code}/cancel`,
        headers: { cookie: player.cookie, origin: 'http://localhost:9999', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(403);
    }
    const order = await t.db.selectFrom('deposit_orders').select('status').where('code', '=', code).executeTakeFirstOrThrow();
    expect(order.status).toBe('OPEN');
    // The same request from the site itself still works: the guard is the origin, not the path.
    const own = await t.app.inject({
      method: 'POST',
      url: `/%61pi/v2/deposits/${code}/cancel`,
      headers: { host: 'localhost', cookie: player.cookie, origin: 'http://localhost', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect({ status: own.statusCode, body: own.json() }).toMatchObject({ status: 200, body: { order: { status: 'CANCELED' } } });
  });
});

// ---------------------------------------------------------------------------------------------
// Who may ask comes before what was asked

/** The routes anyone may call: what they validate is no secret. */
const PUBLIC_ROUTES = new Set([
  'POST /api/v2/players/register',
  'POST /api/v2/players/username/validate',
  'POST /api/v2/players/login',
  'POST /api/v2/admin/login',
]);

describe('an anonymous caller with a malformed request', () => {
  it('is told to log in (401) on every route that needs a session, never how the body should look', async () => {
    const told: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: `${route.url.replace(/:[A-Za-z]+/g, '%00')}?limit=-1&page=x`,
        headers: route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{"amount":[],"username":{}}',
      });
      if (res.statusCode === 400 && !PUBLIC_ROUTES.has(name)) told.push(`${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(told).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// SQL injection in text fields

describe('SQL injection strings in text fields', () => {
  it.each(SQL_INJECTIONS)('stores %j verbatim or refuses it, in every text field', async (evil) => {
    // Registration: username, display name, password (kept hard to guess, so it is not refused as weak).
    const username = `sqli${keySerial++}`;
    const password = `${evil} lantern-7`;
    const visitor = newVisitorId();
    const register = await inject(
      null,
      'POST',
      '/api/v2/players/register',
      {
        username: evil,
        password,
        confirmPassword: password,
        displayName: evil,
        ageConfirmed: true,
        fingerprint: testDevice(visitor),
      },
      { 'x-fingerprint': visitor },
    );
    // Usernames are lowercase letters and digits: an injection string is never one.
    expect([400, 429]).toContain(register.statusCode);
    const second = newVisitorId();
    const withDisplayName = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      headers: { 'x-fingerprint': second },
      remoteAddress: `198.51.100.${keySerial % 250}`,
      payload: {
        username,
        password,
        confirmPassword: password,
        displayName: evil,
        ageConfirmed: true,
        fingerprint: testDevice(second),
      },
    });
    expect(withDisplayName.statusCode).toBeLessThan(500);
    if (withDisplayName.statusCode === 201) {
      const row = await t.db
        .selectFrom('players')
        .select(['username', 'display_name'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect(row.display_name).toBe(evil.trim());
      // The password with the injection string logs in as it was set.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        remoteAddress: `198.51.100.${keySerial % 250}`,
        payload: { username, password },
      });
      expect(login.statusCode).toBe(200);
    }

    // Login and the username check.
    for (const [url, payload] of [
      ['/api/v2/players/login', { username: evil, password: evil }],
      ['/api/v2/players/username/validate', { username: evil }],
      ['/api/v2/admin/login', { username: evil, password: evil }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: `203.0.113.${keySerial++ % 250}` });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.statusCode).not.toBe(200);
    }

    // Bank account name and number.
    const player = await createTestPlayer(t.db, agencyId);
    const account = await inject(player, 'POST', '/api/v2/players/bank-accounts', {
      bank: 'bcel',
      accountNumber: `0303${accountSerial++}0000000000`,
      accountName: evil,
      currency: 'LAK',
      owner: true,
    });
    // An account name is free text: the string is kept exactly as sent (trimmed).
    expect(account.statusCode).toBe(201);
    expect(account.json().bankAccount.accountName).toBe(evil.trim());
    const listed = await inject(player, 'GET', '/api/v2/players/bank-accounts');
    expect(listed.json().bankAccounts.map((item: { accountName: string }) => item.accountName)).toEqual([evil.trim()]);
    const row = await t.db.selectFrom('bank_accounts').select('account_name').where('player_id', '=', player.id).executeTakeFirstOrThrow();
    expect(row.account_name).toBe(evil.trim());
    const number = await inject(player, 'POST', '/api/v2/players/bank-accounts', {
      bank: 'bcel',
      accountNumber: evil,
      accountName: 'KHAMLA PHONSAVANH',
      currency: 'LAK',
      owner: true,
    });
    expect(number.statusCode).toBeLessThan(500);

    // Money routes with text where an amount or a provider goes.
    const banked = await playerWithBank();
    for (const [url, payload] of [
      ['/api/v2/deposits', { provider: evil, amount: evil }],
      ['/api/v2/deposits', { provider: 'askmebet', amount: '64000', promotionId: evil }],
      ['/api/v2/withdrawals', { provider: evil, amount: evil }],
    ] as const) {
      const res = await inject(banked, 'POST', url, payload, { 'idempotency-key': evil });
      expect([url, res.statusCode < 500]).toEqual([url, true]);
    }
    expect([400, 404]).toContain((await inject(banked, 'GET', `/api/v2/deposits/laoqr/${encodeURIComponent(evil)}`)).statusCode);
    expect((await inject(banked, 'GET', `/api/v2/games/askmebet?tab=${encodeURIComponent(evil)}`)).statusCode).toBeLessThan(500);

    // The operator's reason for rejecting a withdrawal is stored as written.
    const owner = { cookie: await operatorCookie() };
    const big = await playerWithBank();
    await paidDeposit(big, '3840000');
    const request = await inject(
      big,
      'POST',
      '/api/v2/withdrawals',
      { provider: 'askmebet', amount: '6000.00' },
      { 'idempotency-key': `attack-${++keySerial}` },
    );
    expect(request.statusCode).toBe(201);
    const code: string = request.json().withdrawal.code;
    const reason = `${evil} (attack)`;
    const rejected = await inject(
      owner,
      'POST',
      `/api/v2/admin/withdrawals/${code}/reject`,
      { reason },
      { 'idempotency-key': `attack-${++keySerial}` },
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().withdrawal.status).toBe('REJECTED');
    const stored = await t.db.selectFrom('withdrawals').select('reason').where('code', '=', code).executeTakeFirstOrThrow();
    expect(stored.reason).toBe(reason.trim());
    const audit = await inject(owner, 'GET', '/api/v2/admin/audit-log');
    expect(audit.statusCode).toBe(200);
    expect(audit.json().items.map((item: { reason: string | null }) => item.reason)).toContain(reason.trim());

    await expectTablesIntact();
    expect(await t.db.selectFrom('players').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).not.toEqual({ n: '0' });
  });
});

// Last in the file: its generated requests reach the owner's routes too, and an agency-wide setting
// they happen to save (a small maximum deposit limit, say) would turn the other tests' deposits away.
describe('every /api route under generated input', () => {
  it(`answers every one of ${RUNS_PER_ROUTE} generated bodies, queries and params per route below 500`, async () => {
    expect(routes.length).toBeGreaterThan(30);
    const player = await createTestPlayer(t.db, agencyId);
    const sent = new Map<string, number>();
    const failures: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      // A fresh session each: a generated logout ends only its own route's session.
      const cookie = `${await playerCookie(player.id)}; ${await operatorCookie()}`;
      const schema = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema };
      const request = fc.record({
        path: pathOf(route.url),
        query: queryText(schema.querystring),
        body: route.method === 'GET' || route.method === 'DELETE' ? fc.constant(undefined) : bodyText(schema.body),
        contentType: fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 8 },
          {
            arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', ''),
            weight: 1,
          },
        ),
        authenticated: fc.integer({ min: 0, max: 9 }).map((roll) => roll > 0),
        idempotencyKey: fc.option(
          nastyString.filter((key) => /^[\x20-\x7e]*$/.test(key)),
          { nil: undefined },
        ),
        visitorId: fc.option(
          nastyString.filter((id) => /^[\x20-\x7e]*$/.test(id)),
          { nil: undefined },
        ),
        ip: randomIp,
      });
      try {
        await fc.assert(
          fc.asyncProperty(request, async (input) => {
            sent.set(name, (sent.get(name) ?? 0) + 1);
            const headers: Record<string, string> = {};
            if (input.authenticated) headers.cookie = cookie;
            if (input.body !== undefined && input.contentType) headers['content-type'] = input.contentType;
            if (input.idempotencyKey !== undefined) headers['idempotency-key'] = input.idempotencyKey;
            if (input.visitorId !== undefined) headers['x-fingerprint'] = input.visitorId;
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: input.query ? `${input.path}?${input.query}` : input.path,
              headers,
              payload: input.body,
              remoteAddress: input.ip,
            });
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
          }),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message.split('\n').slice(0, 12).join('\n')}`);
      }
    }
    expect(failures).toEqual([]);
    for (const route of routes)
      expect([`${route.method} ${route.url}`, sent.get(`${route.method} ${route.url}`)]).toEqual([
        `${route.method} ${route.url}`,
        RUNS_PER_ROUTE,
      ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('isAdmin');
    await expectTablesIntact();
  }, 600_000);
});
