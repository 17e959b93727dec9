// CPU time of process trees from /proc, for bench/watch.bench.mjs: CPU seconds per wall second
// (1.0 = one core busy) of each group of processes over a window, from utime + stime of
// /proc/<pid>/stat (all threads of the process), and per thread (/proc/<pid>/task/<tid>/stat)
// where asked. Processes that start within the window count from zero; those that end within it
// are lost (their last ticks cannot be read), which a steady window does not have.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const CLK_TCK = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(r.stdout?.trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
})();

export interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime in clock ticks. */
  ticks: number;
}

/** Fields of a stat line after "(comm)": the comm may hold spaces and parentheses. */
function parseStat(text: string): { comm: string; ppid: number; ticks: number } | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < 0) return null;
  const rest = text.slice(close + 2).split(' ');
  // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return { comm: text.slice(open + 1, close), ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) };
}

const read = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // gone meanwhile
  }
};

export function processes(): Map<number, Proc> {
  const all = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const text = read(`/proc/${name}/stat`);
    const s = text ? parseStat(text) : null;
    if (s) all.set(Number(name), { pid: Number(name), ...s });
  }
  return all;
}

export function cmdline(pid: number): string {
  return (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ').trim();
}

/** `root` and every process below it. */
export function tree(root: number, all = processes()): number[] {
  const children = new Map<number, number[]>();
  for (const p of all.values()) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (!all.has(pid)) continue;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Chromium's role for a process of its tree: its --type (utility ones by sub-type), or 'browser'. */
export function chromiumRole(pid: number): string {
  const cmd = cmdline(pid);
  const type = /--type=([\w-]+)/.exec(cmd)?.[1];
  if (!type) return /chrom/i.test(cmd) ? 'browser' : 'other';
  if (type === 'utility') {
    const sub = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1] ?? '';
    if (/audio/i.test(sub)) return 'audio';
    if (/network/i.test(sub)) return 'network';
    return 'utility';
  }
  return type === 'gpu-process' ? 'gpu' : type;
}

export interface Group {
  name: string;
  /** The processes (by pid) in the group and the role of each, fixed when the window starts and
   *  extended at its end by new processes of the same trees (`roots`). */
  roots: number[];
  role: (pid: number) => string;
  /** Per thread figures for the processes of these roles. */
  threadsOf?: string[];
}

interface Snapshot {
  at: number;
  procs: Map<number, Proc>;
  threads: Map<string, number>;
}

function threadTicks(pid: number, role: string, into: Map<string, number>): void {
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    const text = read(`/proc/${pid}/task/${tid}/stat`);
    const s = text ? parseStat(text) : null;
    // Chromium numbers its pools (ThreadPoolForegroundWorker, WebRTC_W_0...): one name per kind.
    if (s) into.set(`${pid}|${tid}|${role}:${s.comm}`, s.ticks);
  }
}

export interface GroupCpu {
  /** CPU seconds per wall second of the whole group. */
  total: number;
  /** The same by role (Chromium's process types; 'process' for a single process). */
  byRole: Record<string, number>;
  /** The busiest threads of the roles asked for, by role and thread name, CPU s per wall s. */
  threads?: Record<string, number>;
}

export interface CpuWindow {
  wallS: number;
  groups: Record<string, GroupCpu>;
}

/** Starts a window over `groups`; the returned function ends it and gives the figures. */
export function cpuWindow(groups: Group[]): () => CpuWindow {
  const take = (): Snapshot => {
    const procs = processes();
    const threads = new Map<string, number>();
    for (const g of groups) {
      if (!g.threadsOf) continue;
      for (const root of g.roots) {
        for (const pid of tree(root, procs)) {
          const role = g.role(pid);
          if (g.threadsOf.includes(role)) threadTicks(pid, role, threads);
        }
      }
    }
    return { at: performance.now(), procs, threads };
  };
  const roles = new Map<number, string>();
  const start = take();
  return () => {
    const end = take();
    const wallS = (end.at - start.at) / 1000;
    const perS = (ticks: number) => Math.round((ticks / CLK_TCK / wallS) * 1000) / 1000;
    const result: Record<string, GroupCpu> = {};
    for (const g of groups) {
      const byRole: Record<string, number> = {};
      let total = 0;
      for (const root of g.roots) {
        for (const pid of tree(root, end.procs)) {
          const after = end.procs.get(pid)!.ticks;
          const before = start.procs.get(pid)?.ticks ?? 0;
          let role = roles.get(pid);
          if (role === undefined) {
            role = g.role(pid);
            roles.set(pid, role);
          }
          byRole[role] = (byRole[role] ?? 0) + (after - before);
          total += after - before;
        }
      }
      const figures: GroupCpu = { total: perS(total), byRole: Object.fromEntries(Object.entries(byRole).map(([k, v]) => [k, perS(v)])) };
      if (g.threadsOf) {
        const byName = new Map<string, number>();
        const members = new Set(g.roots.flatMap((r) => tree(r, end.procs)));
        for (const [key, after] of end.threads) {
          const [pid, , name] = key.split('|') as [string, string, string];
          if (!members.has(Number(pid))) continue;
          byName.set(name, (byName.get(name) ?? 0) + after - (start.threads.get(key) ?? 0));
        }
        figures.threads = Object.fromEntries([...byName].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => [k, perS(v)]));
      }
      result[g.name] = figures;
    }
    return { wallS: Math.round(wallS * 10) / 10, groups: result };
  };
}

/** Children of `parent` now. */
export function childrenOf(parent: number): number[] {
  return [...processes().values()].filter((p) => p.ppid === parent).map((p) => p.pid);
}

/** The first process of `root`'s tree whose command line matches. */
export function findInTree(root: number, match: (cmd: string, p: Proc) => boolean): number | null {
  const all = processes();
  for (const pid of tree(root, all)) if (match(cmdline(pid), all.get(pid)!)) return pid;
  return null;
}
