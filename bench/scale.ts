import { sql } from 'kysely';
import pg from 'pg';
import { connectionStringOf, type Database } from '../server/db/database';
import { createSession, SESSION_COOKIE } from '../server/domain/players';
import { agencyWithdrawals } from '../server/domain/withdrawals';
import { reconciliationOf } from '../server/domain/reports';
import { riskFlagPage } from '../server/domain/risk';
import { vientianeDay } from '../contract/vientiane';
import type { DepositPage } from '../contract/deposits';
import { recordStatements, type SentStatement } from './statements';
import { median, type Measurement } from './table';

/**
 * The rows `npm run bench -- --scale` adds on the large database (bench/scaleLoad.ts): the API and
 * money rows again, each held to within 1.5x of its figure on the small database of the same run;
 * the deposit history's page 1,000 held to within 1.5x of its page 1; the operators' withdrawal
 * queue, risk flags and daily reconciliation beside the same on the small database, for
 * information (they grow with the queue, the flags and the day's volume); and whether every list
 * query's plan reads its large tables through an index.
 */

const PAGE_SIZE = 10;
const DEEP_PAGE = 1000;
const TIMES = 30;

/** The median of `times` sequential runs of work, in ms. */
async function medianMs(work: () => Promise<unknown>, times = TIMES): Promise<number> {
  const spans: number[] = [];
  for (let run = 0; run < times; run++) {
    const started = performance.now();
    await work();
    spans.push(performance.now() - started);
  }
  return median(spans);
}

/** The same row measured on the large database, held to within 1.5x of the small database's figure. */
export function atScale(small: Measurement[], large: Measurement[], players: number): Measurement[] {
  return large
    .filter((row) => small.some((candidate) => candidate.metric === row.metric))
    .map((row) => {
      const before = small.find((candidate) => candidate.metric === row.metric)!;
      const higherIsBetter = row.unit === 'req/s' || row.unit === 'tx/s' || row.unit === 'score';
      return {
        metric: `${row.metric} at ${players.toLocaleString('en')} players`,
        value: row.value,
        unit: row.unit,
        reference: before.value,
        referenceLabel: 'the small database',
        // Within 1.5x: at most 1.5 times the time, at least 1/1.5 (0.67) of the throughput.
        target: higherIsBetter ? { on: 'ratio', direction: 'atLeast', limit: 0.67 } : { on: 'ratio', direction: 'atMost', limit: 1.5 },
        limitedBy: row.limitedBy,
      };
    });
}

/** What the operators' lists cost: the withdrawal queue's first page, the risk flags' first page and yesterday's reconciliation. */
export interface OperatorLists {
  queueMs: number;
  riskFlagsMs: number;
  reconciliationMs: number;
}

const yesterday = () => vientianeDay(new Date(Date.now() - 86_400_000));
/** The queue as an operator who approved nothing sees it: no four-eyes refusal to work out for them. */
const QUEUE_VIEWER = { id: '00000000-0000-0000-0000-000000000000', username: 'bench' };
/** The risk flags page as the console first opens it: every kind, newest first. */
const riskFlagsFirstPage = (db: Database, agencyId: string) => riskFlagPage(db, agencyId, { page: 1, pageSize: 20 });

export async function measureOperatorLists(db: Database, agencyId: string): Promise<OperatorLists> {
  return {
    queueMs: await medianMs(() => agencyWithdrawals(db, agencyId, QUEUE_VIEWER, 'OPEN', 1, 20)),
    riskFlagsMs: await medianMs(() => riskFlagsFirstPage(db, agencyId), 5),
    reconciliationMs: await medianMs(() => reconciliationOf(db, agencyId, yesterday()), 5),
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScansIn(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScansIn)];
}

const isRead = ({ text }: SentStatement) => /^\s*(\/\*.*?\*\/\s*)?(select|with)\b/is.test(text);

/** The statements' reads that scan a table of over 100,000 rows from end to end, each with its plan. */
async function plansWithoutIndex(db: Database, statements: SentStatement[]): Promise<{ tables: string[]; plans: string[] }> {
  const client = new pg.Client({ connectionString: connectionStringOf(db) });
  await client.connect();
  try {
    const { rows: large } = await client.query<{ relname: string }>(
      "SELECT relname FROM pg_class WHERE relkind = 'r' AND reltuples > 100000",
    );
    const tables = new Set<string>();
    const plans: string[] = [];
    for (const { text, values } of statements.filter(isRead)) {
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${text}`, values);
      const scanned = seqScansIn(rows[0]['QUERY PLAN'][0].Plan).filter((table) => large.some(({ relname }) => relname === table));
      if (scanned.length === 0) continue;
      for (const table of scanned) tables.add(table);
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
      plans.push(`${text.trim()}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
    return { tables: [...tables], plans };
  } finally {
    await client.end();
  }
}

/**
 * The rows of the large database that have no twin on the small one: the long history's page 1,000
 * (by keyset) against its page 1, the operators' lists against the small database's, and the list
 * queries' plans, whose misses are printed whole.
 */
export async function measureScaleLists(
  origin: string,
  db: Database,
  agencyId: string,
  longHistoryPlayerId: string,
  small: OperatorLists,
): Promise<{ rows: Measurement[]; plansWithoutIndex: string[] }> {
  const cookie = `${SESSION_COOKIE}=${await createSession(db, longHistoryPlayerId, agencyId, 1)}`;
  // Where page 1,000 starts: the order just before it, found once here as the page before would give it.
  const { rows: before } = await sql<{ code: string }>`
    SELECT code FROM deposit_orders WHERE agency_id = ${agencyId} AND player_id = ${longHistoryPlayerId}
    ORDER BY created_at DESC, id DESC OFFSET ${(DEEP_PAGE - 1) * PAGE_SIZE - 1} LIMIT 1`.execute(db);
  if (before.length === 0) throw new Error(`the long history has fewer than ${DEEP_PAGE} pages`);
  const historyPage = async (query: string) => {
    const response = await fetch(`${origin}/api/v2/deposits?pageSize=${PAGE_SIZE}&${query}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`GET /api/v2/deposits?${query} answered ${response.status}`);
    const page = (await response.json()) as DepositPage;
    if (page.items.length !== PAGE_SIZE) throw new Error(`GET /api/v2/deposits?${query} gave ${page.items.length} orders`);
  };
  const firstPage = 'page=1';
  const deepPage = `page=${DEEP_PAGE}&after=${before[0].code}`;
  // Recorded first: yesterday's first reconciliation is the one that reads yesterday's entries onto
  // the day before's closing; the timed ones after it read the closing it stored.
  const statements = await recordStatements(async () => {
    await historyPage(firstPage);
    await historyPage(deepPage);
    await agencyWithdrawals(db, agencyId, QUEUE_VIEWER, 'OPEN', 1, 20);
    await riskFlagsFirstPage(db, agencyId);
    await reconciliationOf(db, agencyId, yesterday());
  });
  const firstMs = await medianMs(() => historyPage(firstPage));
  const deepMs = await medianMs(() => historyPage(deepPage));
  const large = await measureOperatorLists(db, agencyId);

  const misses = await plansWithoutIndex(db, statements);
  const reads = statements.filter(isRead).length;
  return {
    plansWithoutIndex: misses.plans,
    rows: [
      {
        metric: `deposit history page ${DEEP_PAGE.toLocaleString('en')} (keyset): median latency`,
        value: deepMs,
        unit: 'ms',
        reference: firstMs,
        referenceLabel: 'its page 1',
        target: { on: 'ratio', direction: 'atMost', limit: 1.5 },
        limitedBy: 'the page and the count of the player’s orders are read from one index; the count grows with the history',
      },
      {
        metric: 'operators’ withdrawal queue (first page of OPEN): median latency',
        value: large.queueMs,
        unit: 'ms',
        reference: small.queueMs,
        referenceLabel: 'the small database',
        limitedBy: 'the queue counts every OPEN withdrawal for its pager, in the status index alone',
      },
      {
        metric: 'operators’ risk flags (first page, every kind): median latency',
        value: large.riskFlagsMs,
        unit: 'ms',
        reference: small.riskFlagsMs,
        referenceLabel: 'the small database',
        limitedBy:
          'every kind of flag is raised from its evidence on each request: the shared devices from the devices counted with more than one player (devices) and their reports, the failed deposits from the days counted at the threshold (deposit_failure_days) and those days’ orders',
      },
      {
        metric: 'daily reconciliation of yesterday: median latency',
        value: large.reconciliationMs,
        unit: 'ms',
        reference: small.reconciliationMs,
        referenceLabel: 'the small database',
        limitedBy:
          'the lines read the day’s deposits and withdrawals with their transfers, and the trial balance the day’s stored closing, so it grows with the day’s volume, not with the ledger',
      },
      {
        metric: 'list queries whose plan reads large tables through an index',
        value: reads - misses.plans.length,
        unit: 'statements',
        reference: reads,
        referenceLabel: 'the list queries read',
        target: { on: 'ratio', direction: 'atLeast', limit: 1 },
        limitedBy: `the plans printed above read ${misses.tables.join(', ')} from end to end`,
      },
    ],
  };
}
