import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { DataSource } from 'typeorm';

// CPU accounting from /proc: what a process and everything under it spent, whatever the load of the machine.

export const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface ProcStat {
  ppid: number;
  /** utime + stime, plus the times of children it has reaped (PostgreSQL's ended backends), in ms. */
  cpuMs: number;
}

export function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // After the command name, in parentheses: state, ppid, ... fields 14 to 17 are utime, stime, cutime, cstime.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return { ppid: Number(fields[1]), cpuMs: (ticks * 1000) / clockTicks };
}

/** CPU of a process and everything under it (for PostgreSQL: the server, its backends and background workers). */
export function treeCpuMs(root: number): number {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  let total = 0;
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    total += stats.get(pid)?.cpuMs ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) pending.push(child);
  }
  return total;
}

/** The process listening on a local TCP port, found through its socket's inode (/proc/net/tcp, /proc/<pid>/fd). */
export function listenerPid(port: number): number | null {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (local.endsWith(hexPort) && state === '0A') inodes.add(`socket:[${inode}]`);
    }
  }
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`)))) return Number(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return null;
}

/** The server process: the parent of our own backend. */
export async function postmasterPid(db: DataSource): Promise<number> {
  const [{ pid }] = (await db.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
  const postmaster = procStat(pid)?.ppid;
  if (!postmaster) throw new Error('PostgreSQL runs out of sight of /proc (another host or container): its CPU cannot be counted');
  return postmaster;
}
