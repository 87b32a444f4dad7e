import { readFileSync } from 'node:fs';

/** utime + stime of a process from /proc/<pid>/stat, in seconds; null off Linux. */
export function processCpuSeconds(pid: number | undefined): number | null {
  return pid === undefined ? null : statCpuSeconds(`/proc/${pid}/stat`);
}

/**
 * The same for this process's main thread alone (the event loop and SQLite): without the
 * sign-ahead crypto thread and V8's helpers, whose share moves with the machine's load. To the
 * microsecond where node has process.threadCpuUsage (22.19+), else in /proc's 10 ms ticks.
 */
export function mainThreadCpuSeconds(): number | null {
  const usage = process.threadCpuUsage?.();
  if (usage) return (usage.user + usage.system) / 1e6;
  return statCpuSeconds(`/proc/${process.pid}/task/${process.pid}/stat`);
}

function statCpuSeconds(statFile: string): number | null {
  try {
    const stat = readFileSync(statFile, 'utf8');
    // Fields after the ")" that closes the command name; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
