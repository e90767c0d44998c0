import { Type } from 'typebox';

/**
 * The Idempotency-Key header of the routes that move money or must not act twice. Optional in the
 * schema so that a missing key gets IDEMPOTENCY_KEY_REQUIRED from the one key rule
 * (idempotency.ts), not a generic validation error. Apart from idempotency.ts so that the site,
 * which only makes keys, carries no schema builder.
 */
export const IdempotencyHeadersSchema = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 200 })) });
