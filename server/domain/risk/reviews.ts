import type { Database } from '../../db/database';
import { ErrorCode } from '../../../contract/errors';
import { parseRiskFlagId, riskFlagId, type RiskFlag, type RiskFlagPage, type RiskFlagQuery } from '../../../contract/riskFlags';
import { AppError } from '../errors';
import { appendAudit } from '../audit';
import { actorOf, type Operator } from '../operators';
import { raisedFlags, type RaisedFlag } from './flags';
import { insertReview, latestReviews, type ReviewRow } from './repository';

/** The latest review of each of the agency's flags of these kinds, by flag id. */
async function latestReviewsOf(db: Database, agencyId: string, flags: RaisedFlag[]): Promise<Map<string, ReviewRow>> {
  const rows = await latestReviews(db, agencyId, [...new Set(flags.map((flag) => flag.kind))]);
  return new Map(rows.map((row) => [`${row.kind}:${row.subject}`, row]));
}

function toFlag(flag: RaisedFlag, review: ReviewRow | undefined): RiskFlag {
  const current = review?.evidence_key === flag.evidenceKey;
  return {
    id: riskFlagId(flag.kind, flag.subject),
    kind: flag.kind,
    players: flag.players,
    raisedAt: flag.raisedAt.toISOString(),
    reviewed: current,
    review: review ? { at: review.created_at.toISOString(), by: review.username, note: review.note, current } : null,
    evidence: flag.evidence,
  };
}

/** The agency's risk flags, newest evidence first, filtered by kind, reviewed or not, and a player's username (part of it). */
export async function riskFlagPage(db: Database, agencyId: string, query: RiskFlagQuery): Promise<RiskFlagPage> {
  const raised = await raisedFlags(db, agencyId, query.kind);
  const reviews = await latestReviewsOf(db, agencyId, raised);
  const player = query.player?.trim().toLowerCase() ?? '';
  const flags = raised
    .map((flag) => toFlag(flag, reviews.get(riskFlagId(flag.kind, flag.subject))))
    .filter((flag) => query.reviewed === undefined || flag.reviewed === query.reviewed)
    .filter((flag) => player === '' || flag.players.some((each) => each.username.toLowerCase().includes(player)))
    .sort((a, b) => b.raisedAt.localeCompare(a.raisedAt) || a.id.localeCompare(b.id));
  const start = (query.page - 1) * query.pageSize;
  return { items: flags.slice(start, start + query.pageSize), page: query.page, pageSize: query.pageSize, total: flags.length };
}

/**
 * Marks a flag reviewed on the evidence it shows now, with the operator's note, audited in the same
 * transaction. A flag the agency does not have (another agency's, or one gone) is 404.
 */
export async function reviewRiskFlag(db: Database, agencyId: string, id: string, note: string, operator: Operator): Promise<RiskFlag> {
  const parsed = parseRiskFlagId(id);
  const flag = parsed && (await raisedFlags(db, agencyId, parsed.kind)).find((each) => each.subject === parsed.subject);
  if (!flag) throw new AppError(404, ErrorCode.NOT_FOUND, `No risk flag ${id}`);
  const review = await db.transaction().execute(async (trx) => {
    const createdAt = await insertReview(trx, {
      agencyId,
      kind: flag.kind,
      subject: flag.subject,
      evidenceKey: flag.evidenceKey,
      note,
      operatorId: operator.id,
    });
    await appendAudit(trx, {
      agencyId,
      actor: actorOf(operator),
      action: 'REVIEW_RISK_FLAG',
      target: id,
      reason: note,
      details: { kind: flag.kind, players: flag.players.map((player) => player.username).join(', ') },
    });
    return {
      kind: flag.kind,
      subject: flag.subject,
      evidence_key: flag.evidenceKey,
      note,
      created_at: createdAt,
      username: operator.username,
    };
  });
  return toFlag(flag, review);
}
