import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { findAgencyByHost, hostOf, type Agency } from '../domain/agencies';
import { AppError } from '../domain/errors';

declare module 'fastify' {
  interface FastifyRequest {
    agency: Agency;
  }
  interface FastifyInstance {
    resolveAgency: (request: FastifyRequest) => Promise<void>;
  }
}

/** Only a safety net: a change is announced to every process (server/db/changes.ts) and drops the entry at once. */
const CACHE_MS = 30_000;

/**
 * Every /api/v2 request belongs to the agency named by its Host header. Known hosts are cached for
 * 30 s so the hot paths do not pay a query for it; unknown hosts are asked again every time. Every
 * change of an agency's settings or hosts, made by any process, drops its entries here at once;
 * while the listening connection is down nothing is heard, so a reconnect drops them all.
 */
export default fp(
  async (app) => {
    const cache = new Map<string, { agency: Agency; until: number }>();
    // Counts what was heard: a read that a change overtook while it ran is not cached.
    let changes = 0;
    const forget = (agencyId: string) => {
      changes++;
      for (const [host, entry] of cache) if (entry.agency.id === agencyId) cache.delete(host);
    };
    app.changes.subscribe({
      agencyChanged: (agencyId) => {
        forget(agencyId);
        app.sitePages.dropAgencyPages(agencyId);
      },
      connected: () => {
        changes++;
        cache.clear();
        app.sitePages.dropAll();
      },
    });

    app.decorateRequest('agency', null as unknown as Agency);
    app.decorate('resolveAgency', async (request: FastifyRequest) => {
      const host = hostOf(request.headers.host);
      const hit = cache.get(host);
      if (hit && hit.until > Date.now()) {
        request.agency = hit.agency;
        return;
      }
      const heard = changes;
      const agency = await findAgencyByHost(app.db, host);
      if (!agency) throw new AppError(404, 'AGENCY_NOT_FOUND', 'No agency serves this host');
      if (heard === changes) cache.set(host, { agency, until: Date.now() + CACHE_MS });
      request.agency = agency;
    });
  },
  { name: 'agency', dependencies: ['dependencies', 'changes'] },
);
