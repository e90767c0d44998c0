import { buildTestApp, type TestApp } from '../support/app';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: OpenApi;

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const successSchemaOf = (operation: Operation) =>
  Object.entries(operation.responses ?? {}).find(([status, response]) => /^2\d\d$/.test(status) && (status === '204' || response.content !== undefined))?.[1];

describe('the OpenAPI document', () => {
  it('gives every /api/v2 operation a 2xx response schema', () => {
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v2/'))
      .flatMap(([path, item]) => METHODS.filter((method) => item[method] !== undefined).map((method) => ({ path, method, operation: item[method] })));
    expect(operations.length).toBeGreaterThan(20);
    const missing = operations.filter(({ operation }) => successSchemaOf(operation) === undefined).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });

  it('lists the QR in the answer of POST /api/v2/deposits', () => {
    const { responses = {} } = doc.paths['/api/v2/deposits'].post;
    for (const status of ['200', '201']) {
      expect(Object.keys(responses[status].content?.['application/json']?.schema?.properties ?? {})).toEqual(expect.arrayContaining(['order', 'qr']));
    }
  });
});
