import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { generateSecret, generateURI, verifySync } from 'otplib/functional';
import { OperatorErrorCode, TOTP_CODE_PATTERN } from '../../../contract/admin';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../errors';
import { appendAudit } from '../audit';
import { enableTotp, pendingTotpSecret, setPendingTotpSecret, setTotpLastStep, spendRecoveryCode } from './repository';
import { RECOVERY_CODE_COUNT, actorOf, type Operator } from './rules';

/**
 * The operator's second factor: TOTP (RFC 6238: 6 digits, 30 s, SHA-1, as every authenticator app
 * reads an otpauth URI) and one-time recovery codes. A code is taken once: the time step of the last
 * accepted one is kept and an older or equal step is refused.
 */

// One step either way covers a phone's clock a little off and a code typed as it changes.
const TOLERANCE_SECONDS = 30;

const recoveryHash = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest();

/** Ten groups of 4+4 characters a person can copy off paper: base32 without look-alikes is enough. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** The time step of a valid code newer than the last one taken, or undefined. */
function stepOf(secret: string, code: string, lastStep: string | null): number | undefined {
  if (!TOTP_CODE_PATTERN.test(code)) return undefined;
  const result = verifySync({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null && { afterTimeStep: Number(lastStep) }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Starts (or starts again) an enrolment: a new secret to scan, kept pending until its first code. */
export async function startTotpEnrolment(db: Database, operator: Operator, issuer: string) {
  if (operator.secondFactor === 'enrolled') {
    throw new AppError(409, OperatorErrorCode.TOTP_ENROLMENT_NOT_STARTED, 'A second factor is enrolled already');
  }
  const secret = generateSecret();
  await setPendingTotpSecret(db, operator.id, secret);
  return { secret, otpauthUri: generateURI({ issuer, label: operator.username, secret }) };
}

/** The first code confirms the pending secret; the recovery codes are answered once and kept only as hashes. */
export async function confirmTotpEnrolment(db: Database, operator: Operator, code: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const secret = await pendingTotpSecret(trx, operator.id);
    if (!secret) throw new AppError(409, OperatorErrorCode.TOTP_ENROLMENT_NOT_STARTED, 'Start the enrolment first');
    const step = stepOf(secret, code.trim(), null);
    if (step === undefined) throw new AppError(400, OperatorErrorCode.TOTP_INVALID, 'The code does not match; check the phone’s clock');
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await enableTotp(trx, operator.id, step, recoveryCodes.map(recoveryHash));
    await appendAudit(trx, {
      agencyId: operator.agencyId,
      actor: actorOf(operator),
      action: 'ENROL_SECOND_FACTOR',
      target: operator.username,
    });
    return recoveryCodes;
  });
}

/**
 * Checks a login's second factor inside its transaction: a current TOTP code, or one unused
 * recovery code (spent here). Throws TOTP_REQUIRED without a code and TOTP_INVALID for a wrong one.
 */
export async function checkSecondFactor(
  trx: Transaction<DB>,
  operator: Operator,
  credentials: { totpSecret: string | null; totpLastStep: string | null },
  code: string | undefined,
): Promise<'totp' | 'recovery'> {
  const given = code?.trim();
  if (!given) throw new AppError(401, OperatorErrorCode.TOTP_REQUIRED, 'Enter the code from the authenticator app');
  const step = credentials.totpSecret ? stepOf(credentials.totpSecret, given, credentials.totpLastStep) : undefined;
  if (step !== undefined) {
    await setTotpLastStep(trx, operator.id, step);
    return 'totp';
  }
  if (await spendRecoveryCode(trx, operator.id, recoveryHash(given))) return 'recovery';
  throw new AppError(401, OperatorErrorCode.TOTP_INVALID, 'The code is wrong or was used already');
}
