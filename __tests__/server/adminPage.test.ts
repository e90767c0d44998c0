import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../support/app';

// The operators' console is its own page (admin.html) at /admin and below; every other page
// address still gets the players' SPA, and the admin API keeps answering JSON.

const PLAYER_PAGE = '<!doctype html><title>players</title>';
const CONSOLE_PAGE = '<!doctype html><title>console</title>';
let distDir: string;
let t: TestApp;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), PLAYER_PAGE);
  fs.writeFileSync(path.join(distDir, 'admin.html'), CONSOLE_PAGE);
  t = await buildTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the console’s page', () => {
  it.each(['/admin', '/admin/', '/admin/withdrawals', '/admin?from=mail'])('serves admin.html at %s', async (url) => {
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.payload).toBe(CONSOLE_PAGE);
  });

  it.each(['/', '/player/deposit', '/administrator', '/games/admin'])('leaves %s to the players’ SPA', async (url) => {
    expect((await get(url)).payload).toBe(PLAYER_PAGE);
  });

  it('answers an unknown admin API path with JSON, not a page', async () => {
    const missing = await get('/api/v2/admin/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
