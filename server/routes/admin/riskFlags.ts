import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../contract/apiError';
import { RiskFlagPageSchema, RiskFlagQuerySchema, RiskFlagReviewBodySchema, RiskFlagSchema } from '../../../contract/riskFlags';
import { reviewRiskFlag, riskFlagPage } from '../../domain/risk';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema } as const;

/**
 * GET /admin/risk-flags: the agency's risk flags with their evidence, filtered by kind, reviewed or
 * not, and player. POST /admin/risk-flags/review: staff and owners mark a flag reviewed with a note
 * (audited); another agency's flag is 404.
 */
const adminRiskFlagRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/risk-flags',
    { schema: { querystring: RiskFlagQuerySchema, response: { 200: RiskFlagPageSchema, ...errors } } },
    async (request) => riskFlagPage(db, request.agency.id, request.query),
  );

  app.post(
    '/risk-flags/review',
    { schema: { body: RiskFlagReviewBodySchema, response: { 200: RiskFlagSchema, ...errors } } },
    async (request) => reviewRiskFlag(db, request.agency.id, request.body.id, request.body.note.trim(), request.operator),
  );
  return Promise.resolve();
};

export default adminRiskFlagRoutes;
