import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { sandboxPartsOf } from '../config';

export interface Readiness {
  /** False until the database is migrated and seeded at start-up. */
  prepared: boolean;
  /** Set when the embedded database stopped under the server, which is on its way out. */
  databaseLost?: boolean;
}

/** What a probe reads: the process's status and, for readiness, the database's and what is sandboxed. */
const HealthSchema = Type.Object({
  status: Type.String(),
  database: Type.Optional(Type.String()),
  sandbox: Type.Optional(Type.Object({ bank: Type.Boolean(), providers: Type.Array(Type.String()) })),
});

/**
 * /healthz: the process answers. /readyz: it is prepared and can reach its database (else 503), and
 * which of the outside world it plays itself (a monitor can alert on a live site in sandbox mode).
 */
const healthRoutes: FastifyPluginAsync<{ readiness: Readiness }> = async (app, { readiness }) => {
  const { db } = app;
  const sandbox = sandboxPartsOf(app.config);
  app.get('/healthz', { logLevel: 'warn', schema: { response: { 200: HealthSchema } } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn', schema: { response: { 200: HealthSchema, 503: HealthSchema } } }, async (request, reply) => {
    if (!readiness.prepared) return reply.status(503).send({ status: 'starting', database: 'preparing', sandbox });
    if (readiness.databaseLost) return reply.status(503).send({ status: 'stopping', database: 'lost', sandbox });
    try {
      await sql`SELECT 1`.execute(db);
      return { status: 'ok', database: 'reachable', sandbox };
    } catch (error) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable', sandbox });
    }
  });
};

export default healthRoutes;
