import { readdirSync, readFileSync } from "node:fs"

/*
 * CPU time spent by processes, from /proc (Linux), to say where a run's time
 * goes across processes: the bench's own (the plugin and Medusa), the
 * sandbox's, PostgreSQL's. Clock ticks are 1/100 s on Linux.
 */
const TICK_MS = 10

function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  } catch {
    return null
  }
}

/** User + system CPU of one process, in ms (0 when it is gone or /proc is not there). */
export function cpuMsOf(pid: number): number {
  const fields = statFields(pid)
  // After the name: state(3) ppid(4) ... utime(14) stime(15), so indexes 11 and 12 here.
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0
}

/** The CPU of a process and of each of its live children, by pid, in ms: a PostgreSQL server and its backends. */
export function cpuMsOfTree(pid: number): Map<number, number> {
  const byPid = new Map([[pid, cpuMsOf(pid)]])
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    const fields = statFields(Number(entry))
    if (fields && Number(fields[1]) === pid) byPid.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * TICK_MS)
  }
  return byPid
}

/**
 * The CPU a tree spent between two readings: each process still there at the end, from its first
 * reading (0 when it started meanwhile). A process gone meanwhile takes its time with it (not counted).
 */
export function cpuMsSpent(from: Map<number, number>, to: Map<number, number>): number {
  let total = 0
  for (const [pid, ms] of to) total += ms - (from.get(pid) ?? 0)
  return total
}

/** The parent of a process (0 when it is gone): the PostgreSQL server of a backend. */
export function parentPidOf(pid: number): number {
  const fields = statFields(pid)
  return fields ? Number(fields[1]) : 0
}
