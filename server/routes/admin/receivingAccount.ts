import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ReceivingAccountResponseSchema, ReceivingAccountUpdateSchema } from '../../../contract/admin';
import { ApiErrorSchema } from '../../../contract/apiError';
import { receivingAccountOf, updateReceivingAccount } from '../../domain/deposits';
import { actorOf } from '../../domain/operators';

/**
 * GET /admin/receiving-account: the account deposit QRs pay into and the LaoQR merchant id (MID).
 * PUT /admin/receiving-account (owners): changes it; a bad MID is 400 MERCHANT_ID_INVALID with
 * nothing changed. Without a MID no deposit is taken (MERCHANT_ID_REQUIRED).
 */
const adminReceivingAccountRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get(
    '/receiving-account',
    { schema: { response: { 200: ReceivingAccountResponseSchema, 401: ApiErrorSchema } } },
    async (request) => ({ receivingAccount: (await receivingAccountOf(db, request.agency.id)) ?? null }),
  );

  app.put(
    '/receiving-account',
    {
      config: { access: 'owner' },
      schema: {
        body: ReceivingAccountUpdateSchema,
        response: { 200: ReceivingAccountResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => ({
      receivingAccount: await updateReceivingAccount(db, request.agency.id, request.body, actorOf(request.operator)),
    }),
  );
  return Promise.resolve();
};

export default adminReceivingAccountRoutes;
