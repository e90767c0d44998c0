import { Type, type Static } from 'typebox';

/** The wire shapes of the operators' API (/api/v2/admin). */

export const OPERATOR_ROLES = ['owner', 'staff'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OperatorSchema = Type.Object({ id: Type.String(), username: Type.String(), role: Type.Enum(OPERATOR_ROLES) });
export type Operator = Static<typeof OperatorSchema>;

export const OperatorResponseSchema = Type.Object({ operator: OperatorSchema });
export const OperatorListSchema = Type.Object({ operators: Type.Array(OperatorSchema) });

export const OperatorLoginSchema = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 64 }), password: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export const OperatorCreateSchema = Type.Object(
  { username: Type.String({ maxLength: 64 }), password: Type.String({ maxLength: 200 }), role: Type.Enum(OPERATOR_ROLES) },
  { additionalProperties: false },
);

export const AuditRowSchema = Type.Object({
  id: Type.String(),
  actor: Type.String(),
  operatorId: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  target: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.String()),
  at: Type.String({ format: 'date-time' }),
});

export const AuditLogQuerySchema = Type.Object(
  { limit: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }) },
  { additionalProperties: false },
);

/**
 * The account the agency's deposit QRs pay into, and its LaoQR merchant id (MID; null until set,
 * and no deposit is taken while it is). GET /admin/receiving-account answers null when the agency
 * has none at all.
 */
export const ReceivingAccountSchema = Type.Object({
  bankIin: Type.String(),
  accountNumber: Type.String(),
  merchantName: Type.String(),
  merchantCity: Type.String(),
  merchantId: Type.Union([Type.String(), Type.Null()]),
});
export type ReceivingAccount = Static<typeof ReceivingAccountSchema>;
export const ReceivingAccountResponseSchema = Type.Object({ receivingAccount: Type.Union([ReceivingAccountSchema, Type.Null()]) });

/**
 * PUT /admin/receiving-account (owners): the fields given replace the stored ones. The LaoQR rules
 * (merchantId: 1 to 25 ASCII letters, digits or hyphens) are checked by the server, which answers
 * 400 MERCHANT_ID_INVALID or VALIDATION_ERROR and changes nothing.
 */
export const ReceivingAccountUpdateSchema = Type.Object(
  {
    bankIin: Type.Optional(Type.String({ maxLength: 100 })),
    accountNumber: Type.Optional(Type.String({ maxLength: 100 })),
    merchantName: Type.Optional(Type.String({ maxLength: 100 })),
    merchantCity: Type.Optional(Type.String({ maxLength: 100 })),
    merchantId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
