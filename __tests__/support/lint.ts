import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface LintProbe {
  /** The place in the project the code is linted in, as if it were that file (the layout rules read paths only). */
  filePath: string;
  code: string;
}

export interface LintMessage {
  ruleId: string | null;
  message: string;
  line: number;
}

const root = path.resolve(__dirname, '../..');

/** Each probe's messages from the project's ESLint configuration, in one ESLint process. */
export function lintProbes(probes: LintProbe[]): LintMessage[][] {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lintProbes.mjs')], {
    cwd: root,
    input: JSON.stringify(probes.map((probe) => ({ ...probe, filePath: path.join(root, probe.filePath) }))),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`ESLint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintMessage[][];
}
