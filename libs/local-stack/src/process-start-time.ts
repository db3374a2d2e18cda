import { readFileSync } from 'node:fs';

/**
 * When a process started, in clock ticks since boot (field 22 of /proc/<pid>/stat): with its pid,
 * what tells the process recorded from a later one that was given the same pid. Undefined once
 * it is gone or a zombie, and where there is no /proc (macOS): callers then go by the pid and
 * the command line alone.
 */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses; the fields after its last ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? undefined : fields[19];
  } catch {
    return undefined;
  }
}
