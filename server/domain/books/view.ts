import type { Database } from '../../db/database';
import type { BooksReconciliation } from '../../../contract/adminReports';
import { agencyDifferencesOfRun, latestRuns } from './repository';

/** What the console shows an agency: the last complete run, the latest run when it failed since, and the agency's differences. */
export async function booksReconciliationOf(db: Database, agencyId: string): Promise<BooksReconciliation> {
  const { latest, complete } = await latestRuns(db);
  const differences = complete ? await agencyDifferencesOfRun(db, complete.id, agencyId) : [];
  return {
    lastRun: complete
      ? {
          startedAt: complete.started_at.toISOString(),
          finishedAt: complete.finished_at.toISOString(),
          from: complete.window_from.toISOString(),
          to: complete.window_to.toISOString(),
          checked: complete.checked,
        }
      : null,
    lastFailure: latest && latest.failure !== null ? { at: latest.finished_at.toISOString(), reason: latest.failure } : null,
    differences: differences.map((row) => ({
      source: row.source,
      kind: row.kind,
      provider: row.provider === '' ? null : row.provider,
      ref: row.ref,
      unit: row.unit,
      ours: row.ours,
      theirs: row.theirs,
      firstSeenAt: row.first_seen_at.toISOString(),
    })),
  };
}
