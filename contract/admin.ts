import { mixed, object, string, type InferType } from 'yup';
import { Type, type Static } from 'typebox';
import { newPasswordSchema } from './passwords';

/**
 * The wire shapes of the operators' API (/api/v2/admin), and the yup schemas the console's forms
 * and the server both validate operator accounts with (messages are keys of the console's texts).
 */

export const OPERATOR_ROLES = ['owner', 'staff'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * The operator's second factor: enrolled (TOTP codes asked at login), required (owners, and staff
 * when the agency says so, who have not enrolled yet: the console offers nothing but enrolment) or
 * optional (staff of an agency that does not require it).
 */
export const SECOND_FACTOR_STATES = ['enrolled', 'required', 'optional'] as const;
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

export const OperatorSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role: Type.Enum(OPERATOR_ROLES),
  secondFactor: Type.Enum(SECOND_FACTOR_STATES),
});
export type Operator = Static<typeof OperatorSchema>;
export const OperatorResponseSchema = Type.Object({ operator: OperatorSchema });

/** An operator as owners manage them: disabled ones stay listed (the audit log names them). */
export const OperatorAccountSchema = Type.Object({
  ...OperatorSchema.properties,
  disabled: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OperatorAccount = Static<typeof OperatorAccountSchema>;
export const OperatorListSchema = Type.Object({ operators: Type.Array(OperatorAccountSchema), staffTotpRequired: Type.Boolean() });

/** `code`: the authenticator's 6 digits, or a recovery code, when the operator has enrolled. */
export const OperatorLoginSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    code: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);

export const OPERATOR_USERNAME_PATTERN = /^[a-z0-9_-]{3,32}$/;
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 200;
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** Why an operator changed something, as the audit log keeps it: 3 to 500 characters, not only spaces (the wire's rule). */
export const ReasonSchema = Type.String({ minLength: REASON_MIN, maxLength: REASON_MAX, pattern: '\\S' });
/** The same rule for the console's forms (messages are keys of its texts). */
export const reasonSchema = string()
  .trim()
  .required('form.reasonRequired')
  .min(REASON_MIN, 'form.reasonRequired')
  .max(REASON_MAX, 'form.reasonTooLong');

export const operatorCreateSchema = object({
  username: string()
    .trim()
    .lowercase()
    .required('operators.usernameRequired')
    .matches(OPERATOR_USERNAME_PATTERN, 'operators.usernameFormat'),
  password: newPasswordSchema(
    { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX },
    {
      required: 'operators.passwordRequired',
      tooShort: 'operators.passwordTooShort',
      tooLong: 'operators.passwordTooLong',
      guessable: 'operators.passwordGuessable',
    },
  ),
  role: mixed<OperatorRole>().oneOf(OPERATOR_ROLES, 'operators.roleRequired').required('operators.roleRequired'),
});
export type OperatorCreate = InferType<typeof operatorCreateSchema>;

export const OperatorCreateSchema = Type.Object(
  {
    username: Type.String({ maxLength: 64 }),
    password: Type.String({ maxLength: OPERATOR_PASSWORD_MAX }),
    role: Type.Enum(OPERATOR_ROLES),
  },
  { additionalProperties: false },
);

/** PATCH /admin/operators/{id} (owners): a new role, or disabled/enabled, with the reason. */
export const operatorChangeSchema = object({
  role: mixed<OperatorRole>().oneOf([...OPERATOR_ROLES, undefined], 'operators.roleRequired'),
  disabled: mixed<boolean>().oneOf([true, false, undefined]),
  reason: reasonSchema,
});
export const OperatorChangeSchema = Type.Object(
  { role: Type.Optional(Type.Enum(OPERATOR_ROLES)), disabled: Type.Optional(Type.Boolean()), reason: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
export const OperatorIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** PUT /admin/operators/settings (owners): whether staff need the second factor too. */
export const OperatorSettingsSchema = Type.Object(
  { staffTotpRequired: Type.Boolean(), reason: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);

export const OperatorSessionSchema = Type.Object({
  id: Type.String(),
  operator: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  /** The session this list was asked for with. */
  current: Type.Boolean(),
});
export type OperatorSession = Static<typeof OperatorSessionSchema>;
export const SessionIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** POST /admin/me/totp: a new secret to scan (otpauth URI), confirmed by its first code. */
export const TotpEnrolmentSchema = Type.Object({ secret: Type.String(), otpauthUri: Type.String() });
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/;
export const totpCodeSchema = object({
  code: string().trim().required('secondFactor.codeRequired').matches(TOTP_CODE_PATTERN, 'secondFactor.codeFormat'),
});
export const TotpConfirmSchema = Type.Object({ code: Type.String({ maxLength: 32 }) }, { additionalProperties: false });
/** Shown once, right after enrolment; the server keeps only their hashes. */
export const RecoveryCodesSchema = Type.Object({ recoveryCodes: Type.Array(Type.String()) });

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

/**
 * GET /admin/audit-log (and audit-log.csv): who (actor), what (action), when (from/to, Vientiane
 * calendar days), and about whom (target: a username, withdrawal or deposit code), newest first;
 * `before` is the id of the last row of the previous page.
 */
export const AuditLogQuerySchema = Type.Object(
  {
    actor: Type.Optional(Type.String({ maxLength: 64 })),
    action: Type.Optional(Type.String({ maxLength: 64 })),
    target: Type.Optional(Type.String({ maxLength: 100 })),
    from: Type.Optional(Type.String({ format: 'date' })),
    to: Type.Optional(Type.String({ format: 'date' })),
    before: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuerySchema>;

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
    /** Why, for the audit log; the console always asks it. */
    reason: Type.Optional(ReasonSchema),
  },
  { additionalProperties: false },
);
export type ReceivingAccountUpdate = Static<typeof ReceivingAccountUpdateSchema>;

/**
 * Codes only the operators' API answers with (the players' site never meets them, so they have
 * console texts, errors.<CODE> in admin.json, and no player messages).
 */
export const OperatorErrorCode = {
  /** The operator has enrolled a second factor: the login needs its code (HTTP 401). */
  TOTP_REQUIRED: 'TOTP_REQUIRED',
  /** The code is wrong, too old, used already, or not a recovery code of this operator (HTTP 401 at login, 400 at enrolment). */
  TOTP_INVALID: 'TOTP_INVALID',
  /** The operator must enrol a second factor before anything else (HTTP 403). */
  TOTP_ENROLMENT_REQUIRED: 'TOTP_ENROLMENT_REQUIRED',
  /** A confirmation without a started enrolment, or an enrolment of an operator who has one (HTTP 409). */
  TOTP_ENROLMENT_NOT_STARTED: 'TOTP_ENROLMENT_NOT_STARTED',
  /** The change would leave the agency without an owner who can log in (HTTP 409). */
  LAST_OWNER: 'LAST_OWNER',
  /** Owners do not disable or demote themselves; another owner does (HTTP 409). */
  OPERATOR_SELF_CHANGE: 'OPERATOR_SELF_CHANGE',
  /** A rate moved more than 5% from the current one without the operator's confirmation; HTTP 409, nothing changed. */
  RATE_CONFIRMATION_REQUIRED: 'RATE_CONFIRMATION_REQUIRED',
  /** The unmatched payment was credited or refunded already; HTTP 409, nothing changed. */
  PAYMENT_ALREADY_RESOLVED: 'PAYMENT_ALREADY_RESOLVED',
  /** Retry or refund of a deposit that is not PAID with its credit refused at the provider; HTTP 409. */
  DEPOSIT_NOT_STUCK: 'DEPOSIT_NOT_STUCK',
  /** The gateway refused a refund (recorded as FAILED, the money stays where it was); HTTP 502. */
  REFUND_FAILED: 'REFUND_FAILED',
  /** Deposit bounds of an agency without a receiving account, where they are kept; HTTP 409, nothing changed. */
  RECEIVING_ACCOUNT_REQUIRED: 'RECEIVING_ACCOUNT_REQUIRED',
  /** Another agency's site answers on this host; HTTP 409, nothing changed. */
  HOST_IN_USE: 'HOST_IN_USE',
  /** The owner's console is open on this host: removing it would cut the owner off; HTTP 409. */
  HOST_CURRENT: 'HOST_CURRENT',
  /** The agency's only host: without one its site answers nowhere; HTTP 409. */
  LAST_HOST: 'LAST_HOST',
} as const;
export type OperatorErrorCode = (typeof OperatorErrorCode)[keyof typeof OperatorErrorCode];
