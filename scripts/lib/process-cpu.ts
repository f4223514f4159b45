import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * Decision 018's measure of a request's cost: the user + system CPU of the
 * workerd process serving it, read from /proc (every thread of the process:
 * the Worker's isolate and, locally, D1's SQLite and the Cache API's store).
 */

/** The pids of the processes listening on `port` (workerd), or [] when ss is missing. */
export function listeners(port: number): number[] {
  try {
    const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
    return [...new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))];
  } catch {
    return [];
  }
}

/** User + system CPU of `pids` in ms (clock ticks of 10 ms), all threads. */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return ticks * 10;
}
