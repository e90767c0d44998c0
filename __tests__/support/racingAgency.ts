import type { Config } from '../../server/config';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { setRate } from '../../server/domain/agencies';
import { setReceivingAccount } from '../../server/domain/deposits';
import { buildTestApp, createTestAgency, type TestApp } from './app';
import { RACING_POOL_SIZE } from './db';
import { loggedInOperator } from './operators';
import { installStatusLog } from './raceMatrix';

/** An agency that takes deposits, on an app a race matrix drives, with two operators to review its deposits. */
export interface RacingAgency {
  t: TestApp;
  agencyId: string;
  /** Where the app listens: the sandboxes call it back there. */
  origin: string;
  operators: [string, string];
}

/**
 * The app on a pool that lets a race's transactions meet inside PostgreSQL, listening so the sandbox
 * bank's webhooks and the provider calls come back to it; an agency with a THB rate (buy 600, sell
 * 640) and a receiving account; two operators; and the status log of each money table raced.
 */
export async function racingAgency(name: string, overrides: Partial<Config>, raced: string[]): Promise<RacingAgency> {
  const t = await buildTestApp(overrides, { poolSize: RACING_POOL_SIZE });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const agencyId = (await createTestAgency(t, name, ['localhost', '127.0.0.1'])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  const operators: [string, string] = [
    await loggedInOperator(t, agencyId, { username: `${name}-owner` }),
    await loggedInOperator(t, agencyId, { username: `${name}-second-owner` }),
  ];
  for (const table of raced) await installStatusLog(t.db, table);
  return { t, agencyId, origin, operators };
}

export interface BankPayment {
  transactionId: string;
  eventId: string;
  paidAt: string;
}

/** Pays a QR at the sandbox bank over HTTP (its webhook, when sent, comes back to the app); another amount keeps it for review. */
export async function payAtBank(racing: RacingAgency, payload: string, options: { amount?: string; noticeLost?: boolean } = {}) {
  const response = await fetch(`${racing.origin}/sandbox/bank/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload, ...options }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { payment: BankPayment }).payment;
}

/** What the sandbox gateway does with the next refunds. */
export async function setRefundFault(racing: RacingAgency, mode: 'none' | 'error' | 'decline') {
  const res = await racing.t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation: 'refund', mode } });
  expect(res.statusCode).toBe(200);
}
