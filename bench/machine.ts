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

/**
 * CPU time the machine's processes spent, from /proc/stat's first line (clock ticks over all cores):
 * user, nice, system, irq and softirq. Idle and iowait are not work, and steal is time the host
 * gave to others; guest time is counted in user already.
 */
export function busyTicksOf(stat: string): number {
  const line = /^cpu\s+(.+)$/m.exec(stat);
  if (!line) throw new Error('/proc/stat has no cpu line');
  const [user, nice, system, , , irq = 0, softirq = 0] = line[1].trim().split(/\s+/).map(Number);
  return user + nice + system + irq + softirq;
}

/**
 * Runs work and the milliseconds of CPU every process of the machine spent meanwhile (the app,
 * PostgreSQL's backends, the bench itself); cpuMs is undefined where there is no /proc/stat.
 */
export async function withMachineCpu<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number | undefined }> {
  const read = () => {
    try {
      return busyTicksOf(fs.readFileSync('/proc/stat', 'utf8'));
    } catch {
      return undefined;
    }
  };
  const before = read();
  const result = await work();
  const after = read();
  // Linux counts /proc/stat in USER_HZ, 100 ticks a second.
  return { result, cpuMs: before !== undefined && after !== undefined ? (after - before) * 10 : undefined };
}
