import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loggedIn } from '../support/browser';
import { createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';

jest.setTimeout(120_000);

const e2e = e2eSite();

/**
 * A page on another port of the same host: the same site to the browser, so it sends the player's
 * SameSite=Lax cookie with a form posted from there. Each path names the API the way a router may decode it.
 */
let attacker: http.Server;
let attackerUrl: string;
const SPELLINGS = ['/api/', '/%61pi/', '//api/'];

beforeAll(async () => {
  attacker = http.createServer((request, response) => {
    const target = new URL(request.url!, 'http://attacker').searchParams.get('target')!;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><form method="post" enctype="text/plain" action="${target}"><input name="x" value="1"></form>` +
        '<script>document.forms[0].submit()</script>',
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => attacker.close(resolve)));

async function openOrder(player: TestPlayer): Promise<string> {
  const response = await fetch(`${e2e.server.url}/api/v2/deposits`, {
    method: 'POST',
    headers: { cookie: player.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ provider: 'askmebet', amount: '100000' }),
  });
  expect(response.status).toBe(201);
  return (await response.json()).order.code;
}

async function statusOf(player: TestPlayer, code: string): Promise<string> {
  const response = await fetch(`${e2e.server.url}/api/v2/deposits/${code}`, { headers: { cookie: player.cookie } });
  return (await response.json()).order.status;
}

describe('a page on another port of the site', () => {
  it.each(SPELLINGS)("cannot cancel a player's deposit by posting a form to %s", async (spelling) => {
    const player = await createTestPlayerWithBank(e2e.server.database.db, e2e.agencyId);
    const code = await openOrder(player);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player);
    const target = `${e2e.server.url}${spelling}v2/deposits/${code}/cancel`;
    const answered = page.waitForResponse((response) => response.url().includes(`/deposits/${code}/cancel`));
    await page.goto(`${attackerUrl}/?target=${encodeURIComponent(target)}`);
    const response = await answered;
    expect({ status: response.status(), body: await response.json() }).toMatchObject({ status: 403, body: { code: 'FORBIDDEN_ORIGIN' } });
    expect(await statusOf(player, code)).toBe('OPEN');
    await context.close();
  });
});
