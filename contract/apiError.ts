import { Type, type Static } from 'typebox';

/**
 * Every refusal of the API: { code, message, params?, retryAfterSeconds? }, the code one of the error catalogue's (ErrorCode in
 * errors.ts). Apart from errors.ts so that the site's first load, which reads the codes, carries
 * no schema builder.
 */
export const ApiErrorSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  /** What the translated message names: DEPOSIT_LIMIT_EXCEEDED's period, limit and remaining, PLAYER_EXCLUDED's kind and until (null for good), FOUR_EYES_SAME_PERSON's operator and person. */
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]))),
  /** RATE_LIMITED: how long to wait before trying again, as the Retry-After header says. */
  retryAfterSeconds: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ApiError = Static<typeof ApiErrorSchema>;
