/**
 * CPU and memory of whole process trees, read from /proc (Linux), the way docs/benchmarks.md#measurement-rules asks:
 * /proc/<pid>/stat covers every thread of a process (worker threads, the JVM's threads, Redis's bio
 * threads), and children are found through /proc/<pid>/task/<tid>/children or their stat's ppid.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

let ticksPerSecond = 0
function clockTicks(): number {
  if (ticksPerSecond === 0) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    } catch {
      ticksPerSecond = 100
    }
  }
  return ticksPerSecond
}

interface StatFields {
  ppid: number
  /** utime + stime of the process itself (all its threads), µs. */
  ownUs: number
  /** cutime + cstime: children it has reaped, µs (keeps the CPU of exited backends in the tree). */
  reapedUs: number
}

function readStat(pid: number): StatFields | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name may contain spaces and parentheses; the fields after the last ')' do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const usPerTick = 1_000_000 / clockTicks()
    return {
      ppid: Number(fields[1]),
      ownUs: (Number(fields[11]) + Number(fields[12])) * usPerTick,
      reapedUs: (Number(fields[13]) + Number(fields[14])) * usPerTick,
    }
  } catch {
    return null
  }
}

/** `root` and every live descendant, by scanning /proc once (ppid links). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    const pid = Number(name)
    if (!Number.isInteger(pid)) continue
    const stat = readStat(pid)
    if (!stat) continue
    const list = children.get(stat.ppid)
    if (list) list.push(pid)
    else children.set(stat.ppid, [pid])
  }
  const tree: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    const pid = queue.pop()!
    tree.push(pid)
    queue.push(...(children.get(pid) ?? []))
  }
  return tree
}

/**
 * CPU used so far by the trees under `roots`, in µs: every live process's own time plus what it
 * reaped from exited children, so a backend that exits mid-window still counts (through its parent).
 */
export function treeCpuUs(roots: readonly number[]): number {
  let total = 0
  for (const root of roots) {
    for (const pid of processTree(root)) {
      const stat = readStat(pid)
      if (stat) total += stat.ownUs + stat.reapedUs
    }
  }
  return total
}

/** Resident and proportional set size of one process in MB (Pss shares shared pages fairly between processes). */
function memoryOf(pid: number): { rssMb: number; pssMb: number } {
  let rssKb = 0
  let pssKb = Number.NaN
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
    rssKb = Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
    pssKb = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? Number.NaN)
  } catch {
    try {
      rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
    } catch {
      // gone
    }
  }
  return { rssMb: rssKb / 1024, pssMb: (Number.isNaN(pssKb) ? rssKb : pssKb) / 1024 }
}

export interface TreeMemory {
  /** Sum of RSS over the trees (counts shared pages once per process: an overestimate for PostgreSQL). */
  rssMb: number
  /** Sum of PSS over the trees: the fair total for multi-process servers. */
  pssMb: number
  processes: number
}

export function treeMemory(roots: readonly number[]): TreeMemory {
  const memory = { rssMb: 0, pssMb: 0, processes: 0 }
  for (const root of roots) {
    for (const pid of processTree(root)) {
      const m = memoryOf(pid)
      memory.rssMb += m.rssMb
      memory.pssMb += m.pssMb
      memory.processes++
    }
  }
  return memory
}

export interface MeterReading {
  cpuUs: number
  seconds: number
  /** Peak over the samples of the summed RSS / PSS. */
  peakRssMb: number
  peakPssMb: number
  processes: number
}

/**
 * Meters the trees under `roots` from `start()` to `stop()`: CPU as the difference of two readings,
 * memory as the peak of samples every `periodMs` (the sampler itself runs in this process, outside
 * the metered trees).
 */
export function meterProcesses(roots: () => readonly number[], periodMs = 500) {
  let cpuStart = 0
  let startedAt = 0
  let peak: TreeMemory = { rssMb: 0, pssMb: 0, processes: 0 }
  let timer: NodeJS.Timeout | null = null
  const sample = () => {
    const m = treeMemory(roots())
    peak = { rssMb: Math.max(peak.rssMb, m.rssMb), pssMb: Math.max(peak.pssMb, m.pssMb), processes: Math.max(peak.processes, m.processes) }
  }
  return {
    /** Starts sampling memory (call early: setup peaks count too when `withCpu` is false). */
    sampleMemory(): void {
      if (timer) return
      sample()
      timer = setInterval(sample, periodMs)
    },
    startCpu(): void {
      cpuStart = treeCpuUs(roots())
      startedAt = performance.now()
    },
    stop(): MeterReading {
      const cpuUs = treeCpuUs(roots()) - cpuStart
      sample()
      if (timer) clearInterval(timer)
      timer = null
      return { cpuUs, seconds: (performance.now() - startedAt) / 1000, peakRssMb: peak.rssMb, peakPssMb: peak.pssMb, processes: peak.processes }
    },
  }
}

/** One process's resident memory split (MB): anonymous (heaps, buffers) and file-backed (code, mmap'd database pages). */
export function residentBreakdown(pid: number): { rssMb: number; anonMb: number; fileMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN)
    return { rssMb: kb('VmRSS') / 1024, anonMb: kb('RssAnon') / 1024, fileMb: (kb('RssFile') + kb('RssShmem')) / 1024 }
  } catch {
    return { rssMb: Number.NaN, anonMb: Number.NaN, fileMb: Number.NaN }
  }
}
