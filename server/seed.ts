import type { Database } from './db/database';
import { createAgency, findAgencyByHost, type Agency, currentRate, setRate } from './domain/agencies';
import type { RateCurrency } from '../contract/money';
import { setReceivingAccount } from './domain/deposits';
import { seedDemoPromotions } from './seedPromotions';

export const DEMO_HOSTS = ['localhost', '127.0.0.1'];

/**
 * The demo agency the site runs as out of the box, bound to localhost and 127.0.0.1. Seeding is
 * idempotent: a second start finds the agency and leaves it (and anything the operator changed) be.
 */
export async function seedDemoAgency(db: Database): Promise<Agency> {
  const existing = await findAgencyByHost(db, DEMO_HOSTS[0]);
  if (existing) return existing;
  return createAgency(db, 'Champa', DEMO_HOSTS, {
    whatsapp: 'https://wa.me/8562055550100',
    line: 'https://line.me/R/ti/p/@champa.demo',
    facebook: 'https://www.facebook.com/champa.demo',
    telegram: 'https://t.me/champa_demo',
    twitter: 'https://twitter.com/champa_demo',
  });
}

/** LAK per 1 unit: the demo agency sells THB credit at 640 and buys it back at 600. */
export const DEMO_RATES: Record<RateCurrency, { buy: string; sell: string }> = {
  THB: { buy: '600', sell: '640' },
  USD: { buy: '21400', sell: '21900' },
};

/** The demo agency's first exchange rates; a rate the operator has set is never overwritten. */
export async function seedDemoExchangeRates(db: Database, agency: Agency): Promise<void> {
  for (const [currency, { buy, sell }] of Object.entries(DEMO_RATES) as [RateCurrency, { buy: string; sell: string }][]) {
    if (!(await currentRate(db, agency.id, currency))) await setRate(db, agency.id, currency, buy, sell, 'seed');
  }
}

/** The account the demo agency's deposit QRs pay into, and its LaoQR merchant id (the sandbox bank takes any). */
export const DEMO_RECEIVING_ACCOUNT = {
  bankIin: '27710418',
  accountNumber: '0101000123456789',
  merchantName: 'CHAMPA GAMES',
  merchantCity: 'VIENTIANE',
  merchantId: 'CHAMPA0001',
};

/**
 * Sets the demo agency's receiving account once; an account the operator set is left as it is. A
 * database seeded before the MID existed (migration 0015 leaves it null) gets the demo MID, once:
 * only while it is still null, so an operator's MID is never overwritten.
 */
export async function seedDemoReceivingAccount(db: Database, agency: Agency): Promise<void> {
  const existing = await db.selectFrom('agency_deposit_settings').select('agency_id').where('agency_id', '=', agency.id).executeTakeFirst();
  if (!existing) {
    await setReceivingAccount(db, agency.id, DEMO_RECEIVING_ACCOUNT);
    return;
  }
  await db
    .updateTable('agency_deposit_settings')
    .set({ merchant_id: DEMO_RECEIVING_ACCOUNT.merchantId })
    .where('agency_id', '=', agency.id)
    .where('merchant_id', 'is', null)
    .execute();
}

export async function seed(db: Database): Promise<void> {
  const agency = await seedDemoAgency(db);
  await seedDemoExchangeRates(db, agency);
  await seedDemoReceivingAccount(db, agency);
  await seedDemoPromotions(db, agency);
}
