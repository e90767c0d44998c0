import fs from 'node:fs';
import os from 'node:os';

export interface Machine {
  cores: number;
  cpuModel: string;
  ramGiB: number;
  node: string;
  /** One-minute load average when the run ended: how busy the shared machine was. */
  loadAverage: number;
}

/** The CPU model as /proc/cpuinfo names it (the first "model name" line). */
export function cpuModelOf(cpuinfo: string): string {
  return /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1].trim() ?? 'unknown';
}

export function describeMachine(): Machine {
  let cpuinfo = '';
  try {
    cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    // Not Linux: the model stays unknown.
  }
  return {
    cores: os.availableParallelism(),
    cpuModel: cpuModelOf(cpuinfo) === 'unknown' ? (os.cpus()[0]?.model ?? 'unknown') : cpuModelOf(cpuinfo),
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
  };
}
