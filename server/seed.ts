import type { Database } from './db/database';
import { createAgency, findAgencyByHost, type Agency } from './domain/agencies';

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

export async function seed(db: Database): Promise<void> {
  await seedDemoAgency(db);
}
