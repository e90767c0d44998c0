import { Type, type Static } from 'typebox';
import { ReasonSchema } from './admin';
import { DEPOSIT_STATUSES } from './deposits';
import { pageQueryFields, PageOf } from './page';
import { PROVIDERS } from './providers';

/**
 * Risk flags the console shows operators (/api/v2/admin/risk-flags), each with its evidence. A flag
 * is its kind and its subject (a device fingerprint, a bank account number, a player's day, a
 * withdrawal, a self-excluded player); an operator marks it reviewed with a note, and it stays
 * reviewed until its evidence changes.
 */

export const RISK_FLAG_KINDS = [
  'SHARED_DEVICE',
  'BANK_ACCOUNT_IN_USE',
  'FAILED_DEPOSITS',
  'PASS_THROUGH_WITHDRAWAL',
  'SELF_EXCLUDED_RETURN',
] as const;
export type RiskFlagKind = (typeof RISK_FLAG_KINDS)[number];

/** Deposit orders failed, cancelled or expired in one Vientiane day from which a player is flagged. */
export const FAILED_DEPOSITS_PER_DAY = 5;

/** The deposit statuses that count towards FAILED_DEPOSITS_PER_DAY. */
export const UNSUCCESSFUL_DEPOSIT_STATUSES = ['FAILED', 'CANCELED', 'EXPIRED'] as const;

const DateTime = Type.String({ format: 'date-time' });
/** A calendar day in Laos (Asia/Vientiane). */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const FlaggedPlayerSchema = Type.Object({ id: Type.String(), username: Type.String() });
export type FlaggedPlayer = Static<typeof FlaggedPlayerSchema>;

/** What a flag was raised on. Amounts are decimal strings: THB credit, LAK kip. */
export const RiskEvidenceSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('SHARED_DEVICE'),
    fingerprint: Type.String(),
    /** The players seen on the device, with when each was last seen on it. */
    players: Type.Array(Type.Object({ id: Type.String(), username: Type.String(), lastSeenAt: DateTime })),
  }),
  Type.Object({
    kind: Type.Literal('BANK_ACCOUNT_IN_USE'),
    bank: Type.String(),
    accountNumber: Type.String(),
    /** The player the account belongs to. */
    holder: FlaggedPlayerSchema,
    /** Each refused try to add it, oldest first. */
    attempts: Type.Array(Type.Object({ player: FlaggedPlayerSchema, at: DateTime })),
  }),
  Type.Object({
    kind: Type.Literal('FAILED_DEPOSITS'),
    day: Day,
    orders: Type.Array(Type.Object({ code: Type.String(), status: Type.Enum(DEPOSIT_STATUSES), amount: Type.String(), at: DateTime })),
  }),
  Type.Object({
    kind: Type.Literal('PASS_THROUGH_WITHDRAWAL'),
    withdrawalCode: Type.String(),
    provider: Type.Enum(PROVIDERS),
    amount: Type.String(),
    /** THB credit deposited at the provider since the player's previous withdrawal there. */
    deposited: Type.String(),
    /** THB bet at the provider since those deposits, when the withdrawal was requested. */
    turnover: Type.String(),
    requestedAt: DateTime,
  }),
  Type.Object({
    kind: Type.Literal('SELF_EXCLUDED_RETURN'),
    excludedSince: DateTime,
    /** The accounts registered after the self-exclusion on a device the self-excluded player used. */
    accounts: Type.Array(Type.Object({ id: Type.String(), username: Type.String(), fingerprint: Type.String(), registeredAt: DateTime })),
  }),
]);
export type RiskEvidence = Static<typeof RiskEvidenceSchema>;

export const RiskFlagReviewSchema = Type.Object({
  at: DateTime,
  by: Type.String(),
  note: Type.String(),
  /** False when evidence came after the review: the flag is open again. */
  current: Type.Boolean(),
});
export type RiskFlagReview = Static<typeof RiskFlagReviewSchema>;

export const RiskFlagSchema = Type.Object({
  /** kind:subject, the same for as long as the flag's subject exists. */
  id: Type.String(),
  kind: Type.Enum(RISK_FLAG_KINDS),
  /** The players the flag is about; the first is the one it is mainly about. */
  players: Type.Array(FlaggedPlayerSchema),
  /** The newest evidence's time. */
  raisedAt: DateTime,
  reviewed: Type.Boolean(),
  /** The latest review, current or not. */
  review: Type.Union([RiskFlagReviewSchema, Type.Null()]),
  evidence: RiskEvidenceSchema,
});
export type RiskFlag = Static<typeof RiskFlagSchema>;

/** GET /risk-flags: newest evidence first; player matches a username (part of it). */
export const RiskFlagQuerySchema = Type.Object(
  {
    kind: Type.Optional(Type.Enum(RISK_FLAG_KINDS)),
    reviewed: Type.Optional(Type.Boolean()),
    player: Type.Optional(Type.String({ maxLength: 64, pattern: '^[^\\u0000]*$' })),
    ...pageQueryFields(20),
  },
  { additionalProperties: false },
);
export type RiskFlagQuery = Static<typeof RiskFlagQuerySchema>;

export const RiskFlagPageSchema = PageOf(RiskFlagSchema);
export type RiskFlagPage = Static<typeof RiskFlagPageSchema>;

/** POST /risk-flags/review: the flag and the operator's note, which the audit log keeps. */
export const RiskFlagReviewBodySchema = Type.Object(
  { id: Type.String({ minLength: 3, maxLength: 200 }), note: ReasonSchema },
  { additionalProperties: false },
);
export type RiskFlagReviewBody = Static<typeof RiskFlagReviewBodySchema>;

/** The flag's id: its kind and subject. */
export const riskFlagId = (kind: RiskFlagKind, subject: string) => `${kind}:${subject}`;

/** The kind and subject of a flag's id, or undefined when it names no kind. */
export function parseRiskFlagId(id: string): { kind: RiskFlagKind; subject: string } | undefined {
  const colon = id.indexOf(':');
  if (colon < 0 || colon === id.length - 1) return undefined;
  const kind = RISK_FLAG_KINDS.find((candidate) => candidate === id.slice(0, colon));
  return kind === undefined ? undefined : { kind, subject: id.slice(colon + 1) };
}
