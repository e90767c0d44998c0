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
    /** Drops the cached agency so its next request reads the changed settings. */
    forgetAgency: (agencyId: string) => void;
  }
}

const CACHE_MS = 30_000;

/**
 * Every /api/v2 request belongs to the agency named by its Host header. Known hosts are cached for
 * 30 s so the hot paths do not pay a query for it; unknown hosts are asked again every time. A
 * change of the agency's settings drops its entries (forgetAgency), so the site shows it at once.
 */
export default fp(
  async (app) => {
    const cache = new Map<string, { agency: Agency; until: number }>();
    app.decorateRequest('agency', null as unknown as Agency);
    app.decorate('forgetAgency', (agencyId: string) => {
      for (const [host, entry] of cache) if (entry.agency.id === agencyId) cache.delete(host);
    });
    app.decorate('resolveAgency', async (request: FastifyRequest) => {
      const host = hostOf(request.headers.host);
      const hit = cache.get(host);
      if (hit && hit.until > Date.now()) {
        request.agency = hit.agency;
        return;
      }
      const agency = await findAgencyByHost(app.db, host);
      if (!agency) throw new AppError(404, 'AGENCY_NOT_FOUND', 'No agency serves this host');
      cache.set(host, { agency, until: Date.now() + CACHE_MS });
      request.agency = agency;
    });
  },
  { name: 'agency', dependencies: ['dependencies'] },
);
