// B13 (flow-steps) of docs/benchmarks.md#b13-flow-step-overhead: what a flow adds between one node and
// the next. No-op nodes (bench/handlers stampJobHandler returns its start time) in a 40-node and a
// 400-node sequential flow and a 1,000-node layered one, on the embedded executor and on a LAN agent:
// per step, the parent's completion reaching the admin (its handleTimeMs) → the child's handler start,
// p50/p99, split into where the time went (bench/support/step-trace.ts); and each flow's wall time.
// Reference in the same run: the same 40 jobs as an XXL-JOB child-link chain (SUCCESS links). Then
// 100 runs of a 10-node flow at once (maxActiveRuns 100, overlap ALLOW): every node exactly once,
// every run a success.
// Usage: npx tsx bench/b13-flow-steps.ts [--quick] [--repeats 5] [--long 400] [--layers 10] [--width 100] [--concurrent 100]
import { diamondShape, layeredShape, parentsOf, sequentialShape, type FlowShape } from './support/flow-shapes'
import { addNoopJobs, addShapeFlow, runChain, runFlow, startFlowBenchWorld, whyFailed, type FlowBenchWorld } from './support/flow-bench-world'
import { runConcurrently } from './support/flow-concurrency'
import { BenchResult } from './support/results'
import { number, QUICK } from './support/cli'
import { chainStepSamples, flowStepSamples, PART_LABELS, STEP_PARTS, summarizeSteps, type StepSample, type StepSummary } from './support/step-samples'
import { fmt } from './support/stats'

/** Windmill's workflow benchmark is a flow of 40 light tasks: the same length, so the figures compare. */
const CHAIN = 40
const SIZES = {
  repeats: number('repeats', 5, 1),
  long: number('long', 400, 60),
  layers: number('layers', 10, 4),
  width: number('width', 100, 10),
  concurrent: number('concurrent', 100, 20),
}
/** Per run: far beyond any flow here (the 1,000-node one takes seconds), so a hang stops the benchmark. */
const TIMEOUT_MS = QUICK ? 60_000 : 300_000
const TARGET_MS = { embedded: 2, lan: 5 }
/** Measured elsewhere, on other machines: printed beside ours for scale, never judged. */
const PUBLISHED = [
  { engine: 'Windmill', reference: { name: 'Windmill step, published', value: 34 } },
  { engine: 'Temporal', reference: { name: 'Temporal step, Windmill’s benchmark', value: 40 } },
  { engine: 'Restate', reference: { name: 'Restate in-process step, published', value: 1.4 } },
]

type Where = 'embedded' | 'lan'

interface Measured {
  summary: StepSummary
  /** Mean wall time of one run. */
  wallMs: number
}

/** Steps and wall times gathered over runs of one scenario. */
class Tally {
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
async function flowRun(world: FlowBenchWorld, flowId: number, shape: FlowShape) {
  world.trace.clear()
  const run = await runFlow(world.core, flowId, TIMEOUT_MS)
  if (run.state !== 'success') throw new Error(`flow ${flowId}: run ${run.id} ended ${run.state}: ${whyFailed(world.core, run.id)}`)
  return { samples: flowStepSamples(parentsOf(shape), run.runs, world.trace), wallMs: run.wallMs }
}

/**
 * One run of the reference: XXL-JOB child links (SUCCESS) over `jobIds`. The links exist only
 * while it runs, since with any link every completion looks its children up, and the flows run
 * between the chain's runs would pay for that read.
 */
async function chainRun(world: FlowBenchWorld, jobIds: number[]) {
  const { core, trace } = world
  const links = jobIds.slice(1).map((childJobId, i) => ({ parentJobId: jobIds[i], childJobId }))
  for (const link of links) await core.api.saveLink({ ...link, condition: 'SUCCESS' })
  try {
    trace.clear()
    const chain = await runChain(core, jobIds, TIMEOUT_MS)
    return { samples: chainStepSamples(chain.runs, trace), wallMs: chain.wallMs }
  } finally {
    for (const link of links) await core.api.deleteLink(link)
  }
}

async function measureOn(world: FlowBenchWorld, where: Where) {
  const { core } = world
  const nodes = Math.max(CHAIN, SIZES.long, SIZES.layers * SIZES.width)
  // One job per node: SERIAL_EXECUTION is per job, so no node of the layered flow waits in another's lane.
  const jobs = await addNoopJobs(core, world.groups[where], nodes, `b13 ${where}`)
  const chainJobs = await addNoopJobs(core, world.groups[where], CHAIN, `b13 ${where} chain`)
  const shapes = { sequential: sequentialShape(CHAIN), long: sequentialShape(SIZES.long), layered: layeredShape(SIZES.layers, SIZES.width) }
  const flows = {
    sequential: await addShapeFlow(core, `b13 ${where} sequential ${CHAIN}`, shapes.sequential, jobs),
    long: await addShapeFlow(core, `b13 ${where} sequential ${SIZES.long}`, shapes.long, jobs),
    layered: await addShapeFlow(core, `b13 ${where} layered`, shapes.layered, jobs),
  }
  // Warm-up (runner threads or the agent's connections, JIT), not counted.
  await flowRun(world, flows.sequential, shapes.sequential)
  await chainRun(world, chainJobs)
  const sequential = new Tally()
  const chain = new Tally()
  // Alternated, so the machine's swings in load hit the flow and its reference alike.
  for (let i = 0; i < SIZES.repeats; i++) {
    sequential.add(await flowRun(world, flows.sequential, shapes.sequential))
    chain.add(await chainRun(world, chainJobs))
  }
  return {
    sequential: sequential.result(),
    chain: chain.result(),
    long: new Tally().add(await flowRun(world, flows.long, shapes.long)).result(),
    layered: new Tally().add(await flowRun(world, flows.layered, shapes.layered)).result(),
  }
}

type Results = Awaited<ReturnType<typeof measureOn>>

function reportOn(report: BenchResult, where: Where, r: Results): void {
  const label = where === 'embedded' ? 'embedded' : 'LAN agent'
  const target = { op: '<=' as const, value: TARGET_MS[where] }
  const chainP50 = { name: `${CHAIN}-job chain step p50`, value: r.chain.summary.p50 }
  const chainP99 = { name: `${CHAIN}-job chain step p99`, value: r.chain.summary.p99 }
  report.section(`${label}: step = parent completed at the admin → child handler started`)
  report.figure({ name: `B13 ${label} ${CHAIN}-node flow step p50`, value: r.sequential.summary.p50, unit: 'ms', target, reference: chainP50 })
  report.figure({ name: `B13 ${label} ${CHAIN}-node flow step p99`, value: r.sequential.summary.p99, unit: 'ms', reference: chainP99 })
  report.figure({
    name: `B13 ${label} ${CHAIN}-node flow wall time`,
    value: r.sequential.wallMs,
    unit: 'ms',
    reference: { name: `${CHAIN}-job chain wall time`, value: r.chain.wallMs },
  })
  report.figure({ name: `B13 ${label} ${SIZES.long}-node flow step p50`, value: r.long.summary.p50, unit: 'ms', target, reference: chainP50 })
  report.figure({ name: `B13 ${label} ${SIZES.long}-node flow step p99`, value: r.long.summary.p99, unit: 'ms', reference: chainP99 })
  report.figure({ name: `B13 ${label} ${SIZES.long}-node flow wall time`, value: r.long.wallMs, unit: 'ms' })
  const layered = `${SIZES.layers}×${SIZES.width} layered`
  // Not judged: one advance starts a layer's children one after another, so a step here also holds its earlier siblings' triggers.
  report.figure({ name: `B13 ${label} ${layered} step p50`, value: r.layered.summary.p50, unit: 'ms', reference: chainP50 })
  report.figure({ name: `B13 ${label} ${layered} step p99`, value: r.layered.summary.p99, unit: 'ms', reference: chainP99 })
  report.figure({ name: `B13 ${label} ${layered} wall time`, value: r.layered.wallMs, unit: 'ms' })
  for (const { engine, reference } of PUBLISHED)
    report.figure({ name: `B13 ${label} ${CHAIN}-node step p50 vs ${engine}`, value: r.sequential.summary.p50, unit: 'ms', reference })
}

/** Where a step's time goes, per scenario: each part's mean (they add up to the mean step) and p50. */
function printBreakdown(rows: { name: string; summary: StepSummary }[]): void {
  console.log(`\n where a step's time goes — mean ms (p50) per part; the means add up to the mean step:`)
  STEP_PARTS.forEach((part, i) => console.log(`   ${i + 1} ${PART_LABELS[part]}`))
  const head = [
    'scenario'.padEnd(34),
    'steps'.padStart(5),
    'mean'.padStart(6),
    ...STEP_PARTS.map((_, i) => `${i + 1}`.padStart(12)),
    '  h→h p50',
    '  →trig p50',
  ]
  console.log(`   ${head.join(' ')}`)
  for (const { name, summary } of rows) {
    const parts = STEP_PARTS.map((part) => {
      const p = summary.parts[part]
      return (p ? `${fmt(p.mean, 2)} (${fmt(p.p50, 1)})` : '–').padStart(12)
    })
    const cells = [name.padEnd(34), String(summary.count).padStart(5), fmt(summary.mean, 2).padStart(6), ...parts]
    console.log(`   ${[...cells, fmt(summary.handlerToHandlerP50, 2).padStart(9), fmt(summary.handledToTriggeredP50, 0).padStart(11)].join(' ')}`)
  }
  console.log('   h→h: parent handler start → child handler start (adds the no-op run and its callback); →trig: handleTimeMs → triggerTimeMs in job_log')
}

const world = await startFlowBenchWorld()
try {
  const embedded = await measureOn(world, 'embedded')
  const lan = await measureOn(world, 'lan')
  const concurrent = await runConcurrently(world, diamondShape(), SIZES.concurrent, TIMEOUT_MS)
  const report = new BenchResult('b13', `B13 flow step overhead: no-op nodes, embedded and a LAN agent, beside a ${CHAIN}-job child-link chain`, {
    ...SIZES,
    chain: CHAIN,
  })
  reportOn(report, 'embedded', embedded)
  reportOn(report, 'lan', lan)
  const many = `${SIZES.concurrent} concurrent runs of a 10-node flow`
  report.section(`${many} (embedded; maxActiveRuns ${SIZES.concurrent}, overlap ALLOW)`)
  report.figure({ name: `B13 ${many}: runs not started`, value: concurrent.notStarted, unit: '', target: { op: '<=', value: 0 } })
  report.figure({ name: `B13 ${many}: runs not ended success`, value: concurrent.notSuccess, unit: '', target: { op: '<=', value: 0 } })
  report.figure({ name: `B13 ${many}: nodes lost`, value: concurrent.lostNodes, unit: '', target: { op: '<=', value: 0 } })
  report.figure({ name: `B13 ${many}: nodes run twice`, value: concurrent.doubledNodes, unit: '', target: { op: '<=', value: 0 } })
  report.figure({ name: `B13 ${many}: step p50`, value: concurrent.summary.p50, unit: 'ms' })
  report.figure({ name: `B13 ${many}: step p99`, value: concurrent.summary.p99, unit: 'ms' })
  report.figure({ name: `B13 ${many}: wall time`, value: concurrent.wallMs, unit: 'ms' })
  const breakdown = [
    ...(['embedded', 'lan'] as const).flatMap((where) => {
      const r = where === 'embedded' ? embedded : lan
      return [
        { name: `${where} ${CHAIN}-node flow`, summary: r.sequential.summary },
        { name: `${where} ${SIZES.long}-node flow`, summary: r.long.summary },
        { name: `${where} ${SIZES.layers}×${SIZES.width} layered`, summary: r.layered.summary },
        { name: `${where} ${CHAIN}-job chain (reference)`, summary: r.chain.summary },
      ]
    }),
    { name: `embedded ${SIZES.concurrent} concurrent runs`, summary: concurrent.summary },
  ]
  printBreakdown(breakdown)
  report.attach('stepBreakdown', breakdown)
  report.note('the step is timed with wrappers on RunWriter, FlowAdvance and TriggerService (bench/support/step-trace.ts) that only note times')
  report.save()
} finally {
  await world.stop()
}
process.exit(0)
