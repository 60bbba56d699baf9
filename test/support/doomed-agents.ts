import type { RegistryTimings } from '../../src/main/registry/health'
import { FAST_REGISTRY, lanAgentArgs, type LanAdmin } from './lan-harness'
import { makeTempDir } from './temp-dir'
import { spawnAgent, type AgentProcess } from './wire-agent-process'

/**
 * Registry timings for the tests of executors that die: agents beat every 250 ms (FAST_REGISTRY's,
 * which lanAgentArgs passes them), are dead after 3 s of silence, swept every second.
 */
export const DYING_REGISTRY: RegistryTimings = { beatIntervalMs: FAST_REGISTRY.beatIntervalMs, deadTimeoutMs: 3000, sweepPeriodMs: 1000 }

/**
 * How late a sweep's timer may fire on this loaded 2-core machine: a sweep is due one period after
 * the previous one ended, and a timer in a busy process runs late. The bound the tests assert is the
 * dead timeout plus one sweep period plus this, far below the 10-minute lost-run rule.
 */
export const SWEEP_LATENESS_MS = 1500

export interface LiveAgent {
  process: AgentProcess
  /** The address it registered with, as runs record it. */
  address: string
}

/** Starts `count` agent processes of `appName` on loopback against `admin`; each with its address. Stopped by `stop`. */
export async function startAgentProcesses(admin: LanAdmin, appName: string, count: number): Promise<{ agents: LiveAgent[]; stop(): void }> {
  const logs = Array.from({ length: count }, () => makeTempDir('jobdesk-agent-'))
  const processes = logs.map((log) => spawnAgent(lanAgentArgs(admin.url, appName, log.path)))
  const stop = () => {
    processes.forEach((p) => p.kill())
    logs.forEach((log) => log.remove())
  }
  try {
    const agents = await Promise.all(
      processes.map(async (process) => ({ process, address: (await process.waitForOutput(/registering \S+ as (\S+) with/))[1] })),
    )
    await admin.groupAddresses(appName, count)
    return { agents, stop }
  } catch (error) {
    stop()
    throw error
  }
}

/** The agent at `address` (a run's executor address). */
export function agentAt(agents: readonly LiveAgent[], address: string): LiveAgent {
  const agent = agents.find((a) => a.address === address)
  if (!agent) throw new Error(`no agent at ${address}; agents at ${agents.map((a) => a.address).join(', ')}`)
  return agent
}
