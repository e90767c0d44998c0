import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../contract/apiError';
import {
  BooksReconciliationSchema,
  DashboardSchema,
  ReconciliationCsvSchema,
  ReconciliationQuerySchema,
  ReconciliationSchema,
  vientianeDay,
} from '../../../contract/adminReports';
import { dashboardOf, reconciliationCsv, reconciliationOf } from '../../domain/reports';
import { booksReconciliationOf, reconcileBooks } from '../../domain/books';

/**
 * GET /admin/dashboard: today and the last 7 days in Vientiane from the ledger, what waits for a
 * person, the bonus pool. GET /admin/reconciliation?day=YYYY-MM-DD (default today in Vientiane) and
 * /admin/reconciliation.csv?day=: the day's reconciliation; a day that is not a calendar day is 400.
 * GET /admin/books-reconciliation: the last books reconciliation's run and the agency's differences
 * with the providers' and the gateway's books; POST /admin/books-reconciliation/run runs one now
 * (over every agency, as the reconciler does) and answers the same.
 */
const adminReportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get('/dashboard', { schema: { response: { 200: DashboardSchema, 401: ApiErrorSchema } } }, async (request) =>
    dashboardOf(db, request.agency.id),
  );

  app.get(
    '/reconciliation',
    {
      schema: { querystring: ReconciliationQuerySchema, response: { 200: ReconciliationSchema, 400: ApiErrorSchema, 401: ApiErrorSchema } },
    },
    async (request) => reconciliationOf(db, request.agency.id, request.query.day ?? vientianeDay()),
  );

  app.get(
    '/reconciliation.csv',
    {
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

  app.get('/books-reconciliation', { schema: { response: { 200: BooksReconciliationSchema, 401: ApiErrorSchema } } }, async (request) =>
    booksReconciliationOf(db, request.agency.id),
  );

  app.post(
    '/books-reconciliation/run',
    { schema: { response: { 200: BooksReconciliationSchema, 401: ApiErrorSchema } } },
    async (request) => {
      // As the reconciler: what is younger than twice a call's time limit may still be settling.
      const settleMs = 2 * Math.max(app.config.providerTimeoutMs, app.config.laoqrGatewayTimeoutMs);
      await reconcileBooks({ db, providers: app.providers, gateway: app.laoqrGateway }, { settleMs });
      return booksReconciliationOf(db, request.agency.id);
    },
  );
  return Promise.resolve();
};

export default adminReportRoutes;
