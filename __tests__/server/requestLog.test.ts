import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pino from 'pino';
import { buildApp } from '../../server/app';
import { requestLogging } from '../../server/requestLog';
import { loadConfig } from '../../server/config';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { createTestAgency } from '../support/app';

let database: TestDatabase;
let app: FastifyInstance;
let logFile: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await createTestAgency(database, 'alpha', ['alpha.example']);
  logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'champa-log-')), 'requests.log');
  const config = { ...loadConfig({}), distDir: '/nonexistent-dist' };
  app = await buildApp({ db: database.db, config, logger: requestLogging('info', logFile) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
});

const flushed = () => new Promise<void>((resolve) => (app.log as pino.Logger).flush(() => resolve()));

/**
 * The log's lines once it holds `completed` lines of answered requests: the log is written
 * asynchronously, so a line can reach the file after the request's answer. Gives up after 5 s
 * with what is there.
 */
async function loggedLines(completed: number): Promise<Record<string, unknown>[]> {
  for (const started = Date.now(); ;) {
    await flushed();
    const lines = fs
      .readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    if (lines.filter((line) => line.msg === 'request completed').length >= completed || Date.now() - started > 5000) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the request log', () => {
  it('writes one line per answered request with the request and the answer, none for a probe, and no cookie, token or password', async () => {
    const info = await app.inject({
      url: '/api/v2/agency?lang=lo',
      headers: { host: 'alpha.example', cookie: 'champa_session=session-secret-cookie', authorization: 'Bearer bearer-secret-token' },
    });
    expect(info.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: { host: 'alpha.example', 'content-type': 'application/json' },
      payload: { username: 'nobody1', password: 'password-never-logged-9' },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    // A probe's route logs at warn: its answers write nothing.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/v2/webhooks/laoqr',
      headers: { host: 'alpha.example', 'content-type': 'application/json' },
      payload: '{"id":"evt-forged"}',
    });
    expect(forged.statusCode).toBe(401);

    const lines = await loggedLines(3);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(3);
    expect(completed.some((line) => (line.req as { url: string }).url === '/healthz')).toBe(false);
    // What a handler logs of its own carries its request's id.
    const refused = lines.find((line) => line.msg === 'LaoQR webhook refused');
    expect(refused).toMatchObject({ level: 40, reqId: completed[2].reqId, reason: expect.any(String) });
    expect(completed[2]).toMatchObject({ req: { url: '/api/v2/webhooks/laoqr' }, res: { statusCode: 401 } });
    expect(completed[0]).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/v2/agency?lang=lo', host: 'alpha.example', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(completed[1]).toMatchObject({ req: { method: 'POST', url: '/api/v2/players/login' }, res: { statusCode: login.statusCode } });
    expect(new Set(completed.map((line) => line.reqId)).size).toBe(3);
    const written = fs.readFileSync(logFile, 'utf8');
    for (const secret of ['session-secret-cookie', 'bearer-secret-token', 'password-never-logged-9']) expect(written).not.toContain(secret);
  });
});
