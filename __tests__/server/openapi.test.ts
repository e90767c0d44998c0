import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../support/app';

/** The API document at /api/docs is generated from the routes' schemas: every route is in it with its answers. */
let t: TestApp;
let document: { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };
/** Every /api/v2 route the app serves, as "METHOD /path/{param}". */
const served = new Set<string>();

beforeAll(async () => {
  // Every Fastify instance announces itself on this channel as it is created, before any route.
  const collect = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v2/')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') served.add(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
      }
    });
  };
  diagnostics.subscribe('fastify.initialization', collect);
  try {
    t = await buildTestApp();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', collect);
  }
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document', () => {
  it('lists every /api/v2 route the app serves', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => METHODS.includes(method) && path.startsWith('/api/v2/'))
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(served.size).toBeGreaterThan(40);
    expect([...documented].sort()).toEqual([...served].sort());
  });

  it('gives every route a success answer with a schema (or 204, no content)', () => {
    const withoutSchema = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => METHODS.includes(method))
        .filter(([, operation]) => {
          const responses = operation.responses ?? {};
          if ('204' in responses) return false;
          const success = Object.entries(responses).find(([status]) => /^2\d\d$/.test(status));
          // JSON as a rule; a download (the audit log's CSV) documents its own media type.
          return !Object.values(success?.[1].content ?? {}).some((media) => media.schema);
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withoutSchema).toEqual([]);
  });

  it('documents POST /api/v2/deposits answering the order and its QR', () => {
    const created = document.paths['/api/v2/deposits'].post.responses?.['201'].content?.['application/json'].schema as {
      properties: Record<string, { properties: Record<string, unknown> }>;
      required: string[];
    };
    expect(created.required).toEqual(expect.arrayContaining(['order', 'qr']));
    expect(Object.keys(created.properties.qr.properties)).toEqual(expect.arrayContaining(['payload', 'payee', 'expiresAt']));
    expect(Object.keys(created.properties.order.properties)).toEqual(expect.arrayContaining(['code', 'amount', 'credit', 'status']));
  });
});
