import { allJavaScript, chunkNameOfRoute, javaScriptOfGroups, type BundleStats } from '../../bench/chunks';
import { formatMisses, formatTable, toRow, type Measurement } from '../../bench/table';
import { busyTicksOf, cpuModelOf } from '../../bench/machine';
import { inParallel, machineShare } from '../../bench/money';
import { limitsOf } from '../../bench/lighthouse';
import { meanLatencyMs } from '../../bench/api';
import { atScale } from '../../bench/scale';
import { commitsOf } from '../../bench/statements';
import { mergedWaits } from '../../bench/waits';

// The bench's pure helpers: which files a route needs, how a row is judged and shown.

const stats: BundleStats = {
  chunks: [
    { id: 792, files: ['js/main.aaaaaaaaaa.js'] },
    { id: 10, files: ['js/home.bbbbbbbbbb.js'] },
    { id: 20, files: ['js/deposit.cccccccccc.js', 'js/deposit.cccccccccc.js.map'] },
    { id: 996, files: ['js/996.dddddddddd.js'] },
    { id: 'fingerprint', files: ['js/fingerprint.eeeeeeeeee.js'] },
  ],
  namedChunkGroups: {
    main: { chunks: [792] },
    home: { chunks: [10] },
    deposit: { chunks: [996, 20] },
    fingerprint: { chunks: ['fingerprint'] },
  },
  assets: [
    { name: 'js/main.aaaaaaaaaa.js' },
    { name: 'js/main.aaaaaaaaaa.js.gz' },
    { name: 'index.html' },
    { name: 'js/996.dddddddddd.js' },
  ],
};

describe('the JavaScript of a route', () => {
  it('is the entry group with the route group and the split chunks it loads, each file once, no source maps', () => {
    expect(javaScriptOfGroups(stats, ['main', 'deposit'])).toEqual([
      'js/main.aaaaaaaaaa.js',
      'js/996.dddddddddd.js',
      'js/deposit.cccccccccc.js',
    ]);
    expect(javaScriptOfGroups(stats, ['main', 'home', 'main'])).toEqual(['js/main.aaaaaaaaaa.js', 'js/home.bbbbbbbbbb.js']);
  });

  it('refuses a group or chunk webpack did not build', () => {
    expect(() => javaScriptOfGroups(stats, ['main', 'promotions'])).toThrow('no chunk group named "promotions"');
    expect(() => javaScriptOfGroups({ ...stats, chunks: [] }, ['main'])).toThrow('names chunk 792');
  });

  it('all JavaScript is every .js asset, not their compressed copies', () => {
    expect(allJavaScript(stats)).toEqual(['js/main.aaaaaaaaaa.js', 'js/996.dddddddddd.js']);
  });
});

describe('the chunk of a route in routes.ts', () => {
  const source = `
const home = lazyPage(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
const deposit = lazyPage(() => import(/* webpackChunkName: "deposit" */ '../features/deposit/DepositPage'));
const depositHistory = lazyPage(() => import(/* webpackChunkName: "deposit-history" */ '../features/deposit/DepositHistoryPage'));
export const routes: RouteDef[] = [
  { path: '/', page: home, access: 'visitor', titleKey: 'page.home' },
  { path: '/player/deposit', page: deposit, access: 'player', titleKey: 'page.deposit' },
  { path: '/player/deposit/history', page: depositHistory, access: 'player', titleKey: 'page.depositHistory' },
  { path: '/player/odd', page: missing, access: 'player', titleKey: 'page.odd' },
];`;

  it('is the webpackChunkName of the page the path renders', () => {
    expect(chunkNameOfRoute(source, '/')).toBe('home');
    expect(chunkNameOfRoute(source, '/player/deposit')).toBe('deposit');
    expect(chunkNameOfRoute(source, '/player/deposit/history')).toBe('deposit-history');
  });

  it('says so when there is no such route or its page is not a named lazy page', () => {
    expect(() => chunkNameOfRoute(source, '/player/bank')).toThrow('no route /player/bank');
    expect(() => chunkNameOfRoute(source, '/player/odd')).toThrow('missing of /player/odd');
  });
});

const bundleRow: Measurement = {
  metric: 'bundle /',
  value: 150 * 1024,
  unit: 'bytes',
  reference: 60 * 1024,
  referenceLabel: 'react',
  target: { on: 'value', direction: 'atMost', limit: 130 * 1024 },
};
const apiRow: Measurement = {
  metric: 'API rps',
  value: 600,
  unit: 'req/s',
  reference: 1000,
  referenceLabel: 'bare',
  target: { on: 'ratio', direction: 'atLeast', limit: 0.5 },
};

describe('a row of the table', () => {
  it('holds the figure or the ratio to its target', () => {
    expect(toRow(bundleRow)).toMatchObject({ ratio: 2.5, pass: false });
    expect(toRow({ ...bundleRow, value: 130 * 1024 })).toMatchObject({ pass: true });
    expect(toRow(apiRow)).toMatchObject({ ratio: 0.6, pass: true });
    expect(toRow({ ...apiRow, value: 499 })).toMatchObject({ pass: false });
  });

  it('without a target passes, and a zero reference gives no ratio and fails a ratio target', () => {
    expect(toRow({ ...bundleRow, target: undefined }).pass).toBe(true);
    const noReference = toRow({ ...apiRow, reference: 0 });
    expect(Number.isNaN(noReference.ratio)).toBe(true);
    expect(noReference.pass).toBe(false);
  });

  it('prints aligned, with units, the ratio and MISSED, and names what limits a miss', () => {
    const rows = [
      toRow({ ...bundleRow, limitedBy: 'react-dom alone is 60 KB' }),
      toRow(apiRow),
      toRow({
        metric: 'LCP',
        value: 1234.5,
        unit: 'ms',
        reference: 650,
        referenceLabel: 'bare page',
        target: { on: 'value', direction: 'atMost', limit: 1500 },
      }),
    ];
    const lines = formatTable(rows).split('\n');
    expect(lines).toHaveLength(5);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[2]).toMatch(/\| bundle \/ +\| 150\.0 KB +\| 60\.0 KB \(react\) +\| 2\.50 +\| ≤ 130\.0 KB +\| MISSED +\|/);
    expect(lines[3]).toMatch(/\| 600 req\/s +\| 1000 req\/s \(bare\) +\| 0\.60 +\| ratio ≥ 0\.5 +\| pass +\|/);
    expect(lines[4]).toMatch(/\| 1\.23 s +\| 650\.0 ms \(bare page\) +\| 1\.90 +\| ≤ 1\.50 s +\| pass/);
    expect(formatMisses(rows)).toEqual(['bundle /: missed ≤ 130.0 KB: react-dom alone is 60 KB']);
  });
});

describe('the machine', () => {
  it('names the CPU model of /proc/cpuinfo', () => {
    expect(cpuModelOf('processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\n')).toBe('AMD EPYC 7B13');
    expect(cpuModelOf('processor\t: 0\n')).toBe('unknown');
  });

  it('counts the CPU its processes spent, not idle, iowait or the time the host took', () => {
    const stat = 'cpu  1000 20 300 9000 400 5 6 700 0 0\ncpu0 500 10 150 4500 200 2 3 350 0 0\n';
    expect(busyTicksOf(stat)).toBe(1000 + 20 + 300 + 5 + 6);
    expect(() => busyTicksOf('intr 1 2 3\n')).toThrow('/proc/stat has no cpu line');
  });

  it("gives the money path's ratio as the quotient of the machine's CPU costs times that of the busy shares", () => {
    // 640 confirmations in 8 s at 20 ms each keep 2 cores 80 % busy; 640 TPC-B transactions in 1 s at 2.5 ms each, 80 % too.
    const limit = machineShare({ cpuMs: 640 * 20, count: 640, seconds: 8 }, { cpuMs: 640 * 2.5, count: 640, seconds: 1 }, 2);
    expect(limit).toContain('20.0 ms per confirmation with the 2 cores 80% busy, against 2.5 ms per TPC-B transaction with them 80% busy');
    expect(limit).toContain('the quotient of those costs, 0.13, times that of the busy shares, 1.00');
    // Confirmed in 10 s instead: 64/s against 640/s is 0.1, which is 0.125 times the busy shares' 64 % over 80 %.
    expect(machineShare({ cpuMs: 640 * 20, count: 640, seconds: 10 }, { cpuMs: 640 * 2.5, count: 640, seconds: 1 }, 2)).toContain(
      'with the 2 cores 64% busy, against 2.5 ms per TPC-B transaction with them 80% busy: the ratio of the rates is the quotient of those costs, 0.13, times that of the busy shares, 0.80',
    );
    expect(machineShare({ cpuMs: undefined, count: 640, seconds: 8 }, { cpuMs: 1600, count: 640, seconds: 1 }, 2)).toBe('');
  });
});

describe('latency under load', () => {
  it("is on average the connections over the rate, as Little's law has it", () => {
    expect(meanLatencyMs(100, 4000)).toBe(25);
    expect(meanLatencyMs(100, 3776)).toBeCloseTo(26.48, 2);
  });
});

describe('work in parallel', () => {
  it('does every item once and never more than the concurrency at a time', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await inParallel([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      done.push(item);
      running -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });
});

describe('what holds a Lighthouse result back', () => {
  it('names the LCP phases, script evaluation and blocking time of the report', () => {
    const audits = {
      'largest-contentful-paint-element': {
        details: {
          items: [
            { items: [] },
            {
              items: [
                { phase: 'TTFB', timing: 512.7 },
                { phase: 'Render Delay', timing: 3016.08 },
              ],
            },
          ],
        },
      },
      'bootup-time': { numericValue: 2325.4 },
      'total-blocking-time': { numericValue: 2350 },
    };
    expect(limitsOf(audits, 812.4)).toMatch(
      /^LCP TTFB 513 ms, Render Delay 3016 ms; script evaluation 2325 ms and total blocking time 2350 ms .*; this machine's benchmark index 812$/,
    );
    expect(limitsOf({})).toMatch(/^LCP phases unknown; script evaluation NaN ms.*; this machine's benchmark index NaN$/);
  });
});

describe('the same rows on the large database', () => {
  it('holds each row measured on both to within 1.5x of the small database, the right way round', () => {
    const small: Measurement[] = [
      { metric: 'confirmed/s', value: 100, unit: 'tx/s', reference: 1000, referenceLabel: 'TPC-B' },
      { metric: 'p99', value: 20, unit: 'ms', reference: 10, referenceLabel: 'bare' },
      { metric: 'only small', value: 1, unit: 'ms', reference: 1, referenceLabel: 'x' },
    ];
    const large: Measurement[] = [
      { metric: 'confirmed/s', value: 60, unit: 'tx/s', reference: 900, referenceLabel: 'TPC-B' },
      { metric: 'p99', value: 29, unit: 'ms', reference: 12, referenceLabel: 'bare' },
    ];
    const rows = atScale(small, large, 1_000_000).map(toRow);
    expect(rows.map((row) => [row.metric, row.reference, row.pass])).toEqual([
      ['confirmed/s at 1,000,000 players', 100, false],
      ['p99 at 1,000,000 players', 20, true],
    ]);
    expect(rows[0].target).toEqual({ on: 'ratio', direction: 'atLeast', limit: 0.67 });
    expect(rows[1].target).toEqual({ on: 'ratio', direction: 'atMost', limit: 1.5 });
  });
});

describe('the commits of a confirmation', () => {
  it('counts each COMMIT and each write sent outside a transaction, not a lone SELECT or a rolled back transaction', () => {
    const sent = [
      'begin',
      'insert into "laoqr_webhook_events" ("event_id") values ($1)',
      'commit',
      'select * from "deposit_orders" where "code" = $1',
      'WITH inserted AS (insert into "provider_members" ("player_id") values ($1)) SELECT * FROM inserted',
      '  update "deposit_orders" set "status" = $1',
      'BEGIN',
      'update "ledger_accounts" set "balance" = $1',
      'ROLLBACK',
    ].map((text) => ({ text, values: [] }));
    expect(commitsOf(sent)).toBe(3);
    expect(commitsOf([])).toBe(0);
  });
});

describe("the connections' waits of several rounds", () => {
  it('are one set of samples: each round weighs as many samples as it took', () => {
    const none = { walFlush: 0, rowLock: 0, node: 0, running: 0, other: 0 };
    const merged = mergedWaits([
      { samples: 30, shares: { ...none, walFlush: 1 } },
      { samples: 10, shares: { ...none, running: 0.5, node: 0.5 } },
    ]);
    expect(merged.samples).toBe(40);
    expect(merged.shares).toEqual({ walFlush: 0.75, rowLock: 0, node: 0.125, running: 0.125, other: 0 });
    expect(mergedWaits([]).shares.walFlush).toBe(0);
  });
});
