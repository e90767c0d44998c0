import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { AppError, RateLimitedError } from '../domain/errors';
import { ErrorCode } from '../../contract/errors';

/** character_not_in_repertoire and untranslatable_character: text PostgreSQL cannot store. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/**
 * One error shape for the whole API: { code, message } with a fitting status. Fastify's own
 * refusals (schema validation, bad JSON, oversize or wrongly typed bodies) become 4xx codes;
 * anything unexpected is logged and answered as a bare 500 without internals.
 */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof RateLimitedError) {
      return reply
        .status(429)
        .header('retry-after', error.retryAfterSeconds)
        .send({ code: error.code, message: error.message, retryAfterSeconds: error.retryAfterSeconds });
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, ...(error.params && { params: error.params }) });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ code: ErrorCode.VALIDATION_ERROR, message: fastifyError.message });
    }
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(400).send({ code: ErrorCode.INVALID_JSON, message: 'The body is not valid JSON' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ code: ErrorCode.BODY_TOO_LARGE, message: 'The body is too large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, message: 'Send application/json' });
    }
    // PostgreSQL stores no NUL character in text (and nothing else outside UTF-8): the input is
    // refused, and the transaction it broke has rolled back.
    if (UNSTORABLE_TEXT.has((error as { code?: unknown }).code as string)) {
      return reply.status(400).send({ code: ErrorCode.VALIDATION_ERROR, message: 'Text may not contain NUL characters' });
    }
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 429 ? ErrorCode.RATE_LIMITED : ErrorCode.VALIDATION_ERROR;
      return reply.status(status).send({ code, message: fastifyError.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: ErrorCode.INTERNAL, message: 'Something went wrong' });
  });
});
