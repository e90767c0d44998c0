import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../src/contract/apiError';
import {
  DashboardSchema,
  ReconciliationCsvSchema,
  ReconciliationQuerySchema,
  ReconciliationSchema,
  vientianeDay,
} from '../../../src/contract/adminReports';
import { dashboardOf, reconciliationCsv, reconciliationOf } from '../../domain/reports';

/**
 * GET /admin/dashboard: today and the last 7 days in Vientiane from the ledger, what waits for a
 * person, the bonus pool. GET /admin/reconciliation?day=YYYY-MM-DD (default today in Vientiane) and
 * /admin/reconciliation.csv?day=: the day's reconciliation; a day that is not a calendar day is 400.
 */
const adminReportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get(
    '/dashboard',
    { preHandler: app.requireOperator, schema: { response: { 200: DashboardSchema, 401: ApiErrorSchema } } },
    async (request) => dashboardOf(db, request.agency.id),
  );

  app.get(
    '/reconciliation',
    {
      preHandler: app.requireOperator,
      schema: { querystring: ReconciliationQuerySchema, response: { 200: ReconciliationSchema, 400: ApiErrorSchema, 401: ApiErrorSchema } },
    },
    async (request) => reconciliationOf(db, request.agency.id, request.query.day ?? vientianeDay()),
  );

  app.get(
    '/reconciliation.csv',
    {
      preHandler: app.requireOperator,
      schema: {
        querystring: ReconciliationQuerySchema,
        response: { 200: ReconciliationCsvSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const report = await reconciliationOf(db, request.agency.id, request.query.day ?? vientianeDay());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reconciliation-${report.day}.csv"`)
        .send(reconciliationCsv(report));
    },
  );
  return Promise.resolve();
};

export default adminReportRoutes;
