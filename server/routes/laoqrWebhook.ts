import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorSchema } from '../../contract/apiError';
import { ErrorCode } from '../../contract/errors';
import { verifyWebhook } from '../adapters/payment';
import { AppError } from '../domain/errors';
import { paymentReceiver } from '../domain/deposits';

/**
 * POST /webhooks/laoqr: the gateway reports a paid bill. The signature covers the body exactly as
 * sent, so this plugin's scope reads JSON as the raw string and parses it only after verifying.
 * A forged, altered or stale delivery is refused (401) and changes nothing; a replay answers 200
 * and changes nothing.
 */
const laoqrWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { db, providers } = app;
  const secret = app.config.laoqrWebhookSecret;
  const receivePayment = paymentReceiver({ db, providers });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => done(null, body));

  app.post<{ Body: string }>(
    '/webhooks/laoqr',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['received', 'outcome'],
            properties: { received: { type: 'boolean' }, outcome: { type: 'string' } },
          },
          400: ApiErrorSchema,
          401: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const verified = verifyWebhook(rawBody, request.headers, secret);
      if (!verified.ok) {
        request.log.warn({ reason: verified.reason }, 'LaoQR webhook refused');
        throw new AppError(
          verified.reason === 'MALFORMED_EVENT' ? 400 : 401,
          ErrorCode.INVALID_WEBHOOK,
          `${verified.reason}: ${verified.message}`,
        );
      }
      const { eventId, billNumber, amountKip, transactionId, paidAt } = verified.event;
      const outcome = await receivePayment(request.agency.id, { eventId, billNumber, amountKip, transactionId, paidAt });
      if (outcome === 'unmatched')
        request.log.warn({ billNumber, transactionId }, 'LaoQR payment matched no open deposit; kept for the operator');
      return { received: true, outcome };
    },
  );
};

export default laoqrWebhookRoutes;
