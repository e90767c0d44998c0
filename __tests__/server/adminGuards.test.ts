import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import type { AdminAccess as Access } from '../../server/routes/admin/autohooks';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { loggedInOperator } from '../support/operators';

/**
 * The admin guard (server/routes/admin/autohooks.ts) on every admin route the app registers, read
 * from the app as it registers them, so a route added later is checked without a change here.
 */

interface AdminRoute {
  method: string;
  url: string;
  access: Access;
}

const HOST = 'guards.example';
const ADMIN = '/api/v2/admin/';
let t: TestApp;
let agencyId: string;
const routes: AdminRoute[] = [];

beforeAll(async () => {
  // Every Fastify instance announces itself on this channel as it is created, before any route.
  const collect = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      if (!route.url.startsWith(ADMIN)) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url, access: route.config?.access ?? 'operator' });
      }
    });
  };
  diagnostics.subscribe('fastify.initialization', collect);
  try {
    t = await buildTestApp();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', collect);
  }
  agencyId = (await createTestAgency(t, 'guards', [HOST])).id;
});
afterAll(() => t.close());

const name = ({ method, url }: AdminRoute) => `${method} ${url}`;
const withAccess = (...access: Access[]) => routes.filter((route) => access.includes(route.access));
// Parameters are filled with what no schema accepts: the guard answers before they are read.
const pathOf = (url: string) => url.replace(/:\w+/g, 'not-an-id');

/** The route called with `cookie`; with `malformed`, a body that is not JSON, which fails before any handler runs. */
const call = (route: AdminRoute, cookie?: string, malformed = false) =>
  t.app.inject({
    method: route.method as 'GET',
    url: pathOf(route.url),
    headers: { host: HOST, ...(cookie && { cookie }), ...(malformed && { 'content-type': 'application/json' }) },
    ...(malformed && { payload: '{"not json' }),
  });

const statuses = async (list: AdminRoute[], cookie?: string, malformed = false) =>
  Object.fromEntries(await Promise.all(list.map(async (route) => [name(route), (await call(route, cookie, malformed)).statusCode])));
const every = (list: AdminRoute[], status: number) => Object.fromEntries(list.map((route) => [name(route), status]));
const hasBody = (route: AdminRoute) => route.method !== 'GET';

// Every route not listed needs an enrolled operator; a change of who may call one shows up here.
const EXCEPTIONS: Record<string, Access> = {
  'POST /api/v2/admin/login': 'public',
  'GET /api/v2/admin/me': 'session',
  'POST /api/v2/admin/logout': 'session',
  'POST /api/v2/admin/me/totp': 'session',
  'POST /api/v2/admin/me/totp/confirm': 'session',
  'GET /api/v2/admin/audit-log': 'owner',
  'GET /api/v2/admin/audit-log.csv': 'owner',
  'POST /api/v2/admin/bonus-pool/fund': 'owner',
  'GET /api/v2/admin/operators': 'owner',
  'POST /api/v2/admin/operators': 'owner',
  'PATCH /api/v2/admin/operators/:id': 'owner',
  'PUT /api/v2/admin/operators/settings': 'owner',
  'POST /api/v2/admin/players/:id/backlist': 'owner',
  'PUT /api/v2/admin/players/:id/bank-account': 'owner',
  'POST /api/v2/admin/players/:id/reset-password': 'owner',
  'POST /api/v2/admin/players/:id/restore': 'owner',
  'POST /api/v2/admin/players/:id/suspend': 'owner',
  'POST /api/v2/admin/promotions': 'owner',
  'POST /api/v2/admin/promotions/:id/status': 'owner',
  'PUT /api/v2/admin/rates/:currency': 'owner',
  'PUT /api/v2/admin/receiving-account': 'owner',
  'GET /api/v2/admin/responsible-play': 'owner',
  'PUT /api/v2/admin/responsible-play': 'owner',
  'PUT /api/v2/admin/settings/agency': 'owner',
  'POST /api/v2/admin/settings/agency/hosts': 'owner',
  'DELETE /api/v2/admin/settings/agency/hosts/:host': 'owner',
  'PUT /api/v2/admin/settings/withdrawal-review': 'owner',
};

it('registers the admin routes with the guards listed here', () => {
  expect(routes.length).toBeGreaterThan(Object.keys(EXCEPTIONS).length);
  const exceptions = Object.fromEntries(withAccess('public', 'session', 'owner').map((route) => [name(route), route.access]));
  expect(exceptions).toEqual(EXCEPTIONS);
});

it('refuses anyone anonymous on every admin route but the login, before reading the body', async () => {
  const guarded = routes.filter((route) => route.access !== 'public');
  expect(await statuses(guarded)).toEqual(every(guarded, 401));
  expect(await statuses(guarded.filter(hasBody), undefined, true)).toEqual(every(guarded.filter(hasBody), 401));
  const refused = await call(guarded[0]);
  expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });

  // The login reads its body: a malformed one is a 400, not a 401.
  expect(await statuses(withAccess('public'), undefined, true)).toEqual(every(withAccess('public'), 400));
});

it('keeps an owner who has not enrolled a second factor to the routes of enrolment', async () => {
  const cookie = await loggedInOperator(t, agencyId, { username: 'enrolling', host: HOST, enrol: false });
  const kept = withAccess('operator', 'owner');
  expect(await statuses(kept, cookie, true)).toEqual(every(kept, 403));
  expect((await call(kept[0], cookie, true)).json()).toMatchObject({ code: 'TOTP_ENROLMENT_REQUIRED' });

  // Open to them: a malformed body gets past the guard to the body parser.
  const open = withAccess('session');
  expect(await statuses(open.filter(hasBody), cookie, true)).toEqual(every(open.filter(hasBody), 400));
  const reads = open.filter((route) => !hasBody(route));
  expect(await statuses(reads, cookie)).toEqual({ 'GET /api/v2/admin/me': 200 });
});

it("refuses staff on the owners' routes and lets them past the guard on the others", async () => {
  const cookie = await loggedInOperator(t, agencyId, { username: 'staff', role: 'staff', host: HOST });
  const owners = withAccess('owner');
  expect(await statuses(owners, cookie, true)).toEqual(every(owners, 403));
  expect((await call(owners[0], cookie, true)).json()).toMatchObject({ code: 'FORBIDDEN' });

  const theirs = withAccess('operator').filter(hasBody);
  expect(await statuses(theirs, cookie, true)).toEqual(every(theirs, 400));
});

it('lets an enrolled owner past the guard on every route', async () => {
  const cookie = await loggedInOperator(t, agencyId, { username: 'owner', host: HOST });
  const all = routes.filter(hasBody);
  expect(await statuses(all, cookie, true)).toEqual(every(all, 400));
});
