/**
 * The machine a figure was measured on. Numbers from a shared 2-core box and from a quiet
 * workstation are not comparable, so every report states where and under what load it ran.
 */
import { execFileSync } from 'node:child_process';
import { cpus, freemem, loadavg, totalmem, type as osType, release } from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  freeMemoryGiB: number;
  node: string;
  os: string;
  /** 1, 5 and 15 minute load averages when asked. */
  loadAverage: [number, number, number];
  date: string;
  commit: string | null;
}

const gib = (bytes: number): number => Math.round((bytes / 2 ** 30) * 10) / 10;

function gitCommit(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim().length > 0;
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return null;
  }
}

export function describeMachine(): Machine {
  const [one, five, fifteen] = loadavg() as [number, number, number];
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: gib(totalmem()),
    freeMemoryGiB: gib(freemem()),
    node: process.version,
    os: `${osType()} ${release()}`,
    loadAverage: [one, five, fifteen].map((x) => Math.round(x * 100) / 100) as [number, number, number],
    date: new Date().toISOString(),
    commit: gitCommit(),
  };
}

export function machineLine(m: Machine): string {
  return (
    `${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB RAM (${m.freeMemoryGiB} free), Node ${m.node}, ` +
    `${m.os}; load average ${m.loadAverage.join(' / ')} (1/5/15 min)`
  );
}
