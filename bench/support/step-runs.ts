/**
 * Measured runs for B13 and B14 on a FlowBenchWorld: one flow run or one child-link chain run, each
 * turned into its steps (step-samples.ts), and the tally of a scenario's runs.
 */
import { parentsOf, type FlowShape } from './flow-shapes'
import { runChain, runFlow, whyFailed, type FlowBenchWorld } from './flow-bench-world'
import { chainStepSamples, flowStepSamples, summarizeSteps, type StepSample, type StepSummary } from './step-samples'

export interface Measured {
  summary: StepSummary
  /** Mean wall time of one run. */
  wallMs: number
}

/** Steps and wall times gathered over runs of one scenario. */
export class Tally {
  private readonly samples: StepSample[] = []
  private readonly walls: number[] = []

  add(run: { samples: StepSample[]; wallMs: number }): this {
    this.samples.push(...run.samples)
    this.walls.push(run.wallMs)
    return this
  }

  result(): Measured {
    return { summary: summarizeSteps(this.samples), wallMs: this.walls.reduce((s, w) => s + w, 0) / this.walls.length }
  }
}

/** One run of a flow, which must succeed: its steps and wall time. */
export async function flowRun(world: FlowBenchWorld, flowId: number, shape: FlowShape, timeoutMs: number) {
  world.trace.clear()
  const run = await runFlow(world.core, flowId, timeoutMs)
  if (run.state !== 'success') throw new Error(`flow ${flowId}: run ${run.id} ended ${run.state}: ${whyFailed(world.core, run.id)}`)
  return { samples: flowStepSamples(parentsOf(shape), run.runs, world.trace), wallMs: run.wallMs }
}

/**
 * One run of an XXL-JOB child-link chain (SUCCESS links) over `jobIds`. The links exist only
 * while it runs, since with any link every completion looks its children up, and the flows run
 * between the chain's runs would pay for that read.
 */
export async function chainRun(world: FlowBenchWorld, jobIds: number[], timeoutMs: number) {
  const { core, trace } = world
  const links = jobIds.slice(1).map((childJobId, i) => ({ parentJobId: jobIds[i], childJobId }))
  for (const link of links) await core.api.saveLink({ ...link, condition: 'SUCCESS' })
  try {
    trace.clear()
    const chain = await runChain(core, jobIds, timeoutMs)
    return { samples: chainStepSamples(chain.runs, trace), wallMs: chain.wallMs }
  } finally {
    for (const link of links) await core.api.deleteLink(link)
  }
}
