import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Result } from 'lighthouse';
import { CHROMIUM } from '../scripts/chromium';
import type { Measurement } from './table';

export interface PageSpeed {
  score: number;
  lcpMs: number;
  tbtMs: number;
  /** What holds the score and LCP back, in Lighthouse's own figures. */
  limitedBy: string;
}

interface LcpPhase {
  phase: string;
  timing: number;
}

/**
 * The LCP phases, the main thread's script time and blocking time of a report, in one line, with
 * the benchmark index Lighthouse measured of the machine: its 4x slowdown multiplies what this
 * machine's own CPU took, so a slower machine gives longer tasks (Lighthouse's docs calibrate the
 * mobile preset for an index of about 1000 and more).
 */
export function limitsOf(audits: Record<string, { numericValue?: number; details?: unknown }>, benchmarkIndex?: number): string {
  const breakdown =
    (audits['largest-contentful-paint-element']?.details as { items?: { items?: LcpPhase[] }[] } | undefined)?.items?.[1]?.items ?? [];
  const phases = breakdown.map(({ phase, timing }) => `${phase} ${Math.round(timing)} ms`).join(', ');
  const bootup = Math.round(audits['bootup-time']?.numericValue ?? Number.NaN);
  const blocking = Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN);
  return `LCP ${phases || 'phases unknown'}; script evaluation ${bootup} ms and total blocking time ${blocking} ms under the preset's 4x CPU slowdown (the server draws the page; the bundle then hydrates it); this machine's benchmark index ${Math.round(benchmarkIndex ?? Number.NaN)}`;
}

/** The least a page can be: one heading, no script, no style, from a bare Node HTTP server. */
const EMPTY_PAGE =
  '<!doctype html><html lang="lo"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Champa</title></head><body><h1>Champa</h1></body></html>';

async function withEmptyPageServer<T>(use: (url: string) => Promise<T>): Promise<T> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(EMPTY_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://localhost:${(server.address() as { port: number }).port}/`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Lighthouse runs of each page. One run's blocking time swings with whatever else the machine's two
 * cores do, so each row is of the median run, as Lighthouse's own computeMedianRun picks it (the
 * run nearest the median first paint and time to interactive); Lighthouse's notes on variability
 * advise five runs, whose median varies about half as much as one run.
 */
const RUNS = 5;

/**
 * Lighthouse's default (mobile) preset, performance only, in Debian's headless Chromium. Both
 * packages are ESM-only, hence the dynamic imports.
 */
export async function measurePageSpeed(siteUrl: string): Promise<Measurement[]> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  // Its declaration names the report by Lighthouse's global LH namespace, which this build does not load.
  const computeMedianRun = (await import('lighthouse/core/lib/median-run.js')).computeMedianRun as unknown as (runs: Result[]) => Result;
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    const run = async (url: string, attempt = 1): Promise<Result> => {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      // Chromium's trace now and then misses the navigation's start; Lighthouse asks to be run again.
      if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt === 1) return run(url, 2);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      return lhr;
    };
    const audit = async (url: string): Promise<PageSpeed> => {
      const runs: Result[] = [];
      for (let count = 0; count < RUNS; count++) runs.push(await run(url));
      const lhr = computeMedianRun(runs);
      // BENCH_LIGHTHOUSE_DIR keeps each page's median report, to see what a score is made of.
      const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
      if (reportDir)
        fs.writeFileSync(
          path.join(reportDir, `lighthouse-${new URL(url).port}${new URL(url).pathname.replace(/\W+/g, '-')}.json`),
          JSON.stringify(lhr),
        );
      return {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time'].numericValue ?? Number.NaN,
        limitedBy: limitsOf(lhr.audits, lhr.environment.benchmarkIndex),
      };
    };
    const empty = await withEmptyPageServer(audit);
    const rows: Measurement[] = [];
    for (const page of ['/', '/login']) {
      const measured = await audit(`${siteUrl}${page}`);
      const referenceLabel = 'a bare HTML page';
      rows.push(
        {
          metric: `Lighthouse mobile ${page}: performance`,
          value: measured.score,
          unit: 'score',
          reference: empty.score,
          referenceLabel,
          target: { on: 'value', direction: 'atLeast', limit: 95 },
          limitedBy: measured.limitedBy,
        },
        {
          metric: `Lighthouse mobile ${page}: LCP`,
          value: measured.lcpMs,
          unit: 'ms',
          reference: empty.lcpMs,
          referenceLabel,
          target: { on: 'value', direction: 'atMost', limit: 1500 },
          limitedBy: measured.limitedBy,
        },
        {
          metric: `Lighthouse mobile ${page}: TBT`,
          value: measured.tbtMs,
          unit: 'ms',
          reference: empty.tbtMs,
          referenceLabel,
          target: { on: 'value', direction: 'atMost', limit: 150 },
          limitedBy: measured.limitedBy,
        },
      );
    }
    return rows;
  } finally {
    chrome.kill();
  }
}
