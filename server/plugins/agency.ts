import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { findAgencyByHost, hostOf, type Agency } from '../domain/agencies';
import { AppError } from '../domain/errors';
import { listenForAgencyChanges } from '../db/agencyChanges';
import { connectionStringOf } from '../db/database';

declare module 'fastify' {
  interface FastifyRequest {
    agency: Agency;
  }
  interface FastifyInstance {
    resolveAgency: (request: FastifyRequest) => Promise<void>;
    /**
     * Runs a change of the agency's settings or hosts (which announces itself when it commits) and
     * answers once this process has heard the announcement, so the answer is never older than
     * what any process serves next.
     */
    changingAgency: <T>(agencyId: string, change: () => Promise<T>) => Promise<T>;
  }
}

/** Only a safety net: a change is announced to every process (server/db/agencyChanges.ts) and drops the entry at once. */
const CACHE_MS = 30_000;
/** How long a change waits to hear its own announcement before it answers anyway. */
const HEAR_MS = 1000;

/**
 * Every /api/v2 request belongs to the agency named by its Host header. Known hosts are cached for
 * 30 s so the hot paths do not pay a query for it; unknown hosts are asked again every time. Every
 * change of an agency's settings or hosts, made by any process, drops its entries here at once;
 * while the listening connection is down nothing is heard, so a reconnect drops them all.
 */
export default fp(
  async (app) => {
    const cache = new Map<string, { agency: Agency; until: number }>();
    const listeners = new Map<string, Set<() => void>>();
    // Counts what was heard: a read that a change overtook while it ran is not cached.
    let changes = 0;
    let listening = false;
    const forget = (agencyId: string) => {
      changes++;
      for (const [host, entry] of cache) if (entry.agency.id === agencyId) cache.delete(host);
    };
    const listener = await listenForAgencyChanges(connectionStringOf(app.db), {
      changed: (agencyId) => {
        forget(agencyId);
        app.sitePages.dropAgencyPages(agencyId);
        for (const heard of listeners.get(agencyId) ?? []) heard();
      },
      connected: () => {
        listening = true;
        changes++;
        cache.clear();
        app.sitePages.dropAll();
      },
      lost: (message) => {
        listening = false;
        app.log.warn(message);
      },
    });
    app.addHook('onClose', () => listener.close());

    app.decorate('changingAgency', async <T>(agencyId: string, change: () => Promise<T>): Promise<T> => {
      let heard = () => {};
      const announcement = new Promise<void>((resolve) => (heard = resolve));
      const waiting = listeners.get(agencyId) ?? new Set();
      listeners.set(agencyId, waiting.add(heard));
      const timer = setTimeout(heard, listening ? HEAR_MS : 0);
      try {
        const result = await change();
        forget(agencyId);
        await announcement;
        return result;
      } finally {
        clearTimeout(timer);
        waiting.delete(heard);
        if (!waiting.size) listeners.delete(agencyId);
      }
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
  { name: 'agency', dependencies: ['dependencies'] },
);
