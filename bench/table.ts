/**
 * The bench's one table: each figure beside its reference measured in the same run, their ratio,
 * and the target it is held to (on the figure itself or on the ratio).
 */

export type Unit = 'bytes' | 'ms' | 'score' | 'req/s' | 'tx/s' | 'statements';

export interface Target {
  /** Whether the figure or its ratio to the reference is held to the limit. */
  on: 'value' | 'ratio';
  direction: 'atMost' | 'atLeast';
  limit: number;
}

export interface Measurement {
  metric: string;
  value: number;
  unit: Unit;
  reference: number;
  /** What the reference is, briefly. */
  referenceLabel: string;
  /** None for a figure shown for information only. */
  target?: Target;
  /** For a missed target: what limits it. */
  limitedBy?: string;
}

export interface Row extends Measurement {
  ratio: number;
  pass: boolean;
}

/** The middle figure of a run's measurements (the upper middle of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function ratioOf(value: number, reference: number): number {
  return reference === 0 ? Number.NaN : value / reference;
}

export function meets(figure: number, { direction, limit }: Target): boolean {
  if (!Number.isFinite(figure)) return false;
  return direction === 'atMost' ? figure <= limit : figure >= limit;
}

export function toRow(measurement: Measurement): Row {
  const ratio = ratioOf(measurement.value, measurement.reference);
  const { target } = measurement;
  if (!target) return { ...measurement, ratio, pass: true };
  return { ...measurement, ratio, pass: meets(target.on === 'value' ? measurement.value : ratio, target) };
}

/** 1 KB is 1024 bytes. */
export function formatFigure(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return 'n/a';
  switch (unit) {
    case 'bytes':
      return `${(value / 1024).toFixed(1)} KB`;
    case 'ms':
      return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;
    case 'score':
      return value.toFixed(0);
    case 'statements':
      return `${value.toFixed(0)} statements`;
    case 'req/s':
    case 'tx/s':
      return `${value.toFixed(value >= 100 ? 0 : 1)} ${unit}`;
  }
}

export function formatTarget(target: Target | undefined, unit: Unit): string {
  if (!target) return '-';
  const { on, direction, limit } = target;
  const sign = direction === 'atMost' ? '≤' : '≥';
  return on === 'ratio' ? `ratio ${sign} ${limit}` : `${sign} ${formatFigure(limit, unit)}`;
}

/** A Markdown table, padded so it reads in a terminal as well as in the README. */
export function formatTable(rows: Row[]): string {
  const header = ['metric', 'value', 'reference', 'ratio', 'target', 'result'];
  const cells = rows.map((row) => [
    row.metric,
    formatFigure(row.value, row.unit),
    `${formatFigure(row.reference, row.unit)} (${row.referenceLabel})`,
    Number.isFinite(row.ratio) ? row.ratio.toFixed(2) : 'n/a',
    formatTarget(row.target, row.unit),
    !row.target ? '-' : row.pass ? 'pass' : 'MISSED',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/** One line per missed target, naming what limits it. */
export function formatMisses(rows: Row[]): string[] {
  return rows
    .filter((row) => !row.pass)
    .map((row) => `${row.metric}: missed ${formatTarget(row.target, row.unit)}${row.limitedBy ? `: ${row.limitedBy}` : ''}`);
}
