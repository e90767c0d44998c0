import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import type { Provider } from '../../../contract/providers';

/** What the providers' routes share: the database, and the served provider a request names (else 404). */
export interface ProvidersContext {
  db: Database;
  providerOf: (request: FastifyRequest) => Provider;
}

export type ProviderRoutes = (app: FastifyInstance, context: ProvidersContext) => void;
