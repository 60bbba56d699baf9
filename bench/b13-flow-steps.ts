// B13 (flow-steps) of docs/benchmarks.md#b13-flow-step-overhead: what a flow adds between one node and
// the next. No-op nodes (bench/handlers stampJobHandler returns its start time) in a 40-node and a
// 400-node sequential flow and a 1,000-node layered one, on the embedded executor and on a LAN agent:
// per step, the parent's completion reaching the admin (its handleTimeMs) → the child's handler start,
// p50/p99, split into where the time went (bench/support/step-trace.ts); and each flow's wall time.
// Reference in the same run: the same 40 jobs as an XXL-JOB child-link chain (SUCCESS links). Then
// 100 runs of a 10-node flow at once (maxActiveRuns 100, overlap ALLOW): every node exactly once,
// every run a success.
// Usage: npx tsx bench/b13-flow-steps.ts [--quick] [--repeats 5] [--long 400] [--layers 10] [--width 100] [--concurrent 100]
import { diamondShape, layeredShape, sequentialShape } from './support/flow-shapes'
import { addNoopJobs, addShapeFlow, startFlowBenchWorld, type FlowBenchWorld } from './support/flow-bench-world'
import { runConcurrently } from './support/flow-concurrency'
import { BenchResult } from './support/results'
import { number, QUICK } from './support/cli'
import { reportBreakdown } from './support/step-breakdown'
import { chainRun, flowRun, Tally } from './support/step-runs'

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
/** Issue 47: a step costs what changed, not the flow's size — the long flow's step within this much of the 40-node flow's, same run. */
const SIZE_RATIO_TARGET = 1.5
/** Measured elsewhere, on other machines: printed beside ours for scale, never judged. */
const PUBLISHED = [
  { engine: 'Windmill', reference: { name: 'Windmill step, published', value: 34 } },
  { engine: 'Temporal', reference: { name: 'Temporal step, Windmill’s benchmark', value: 40 } },
  { engine: 'Restate', reference: { name: 'Restate in-process step, published', value: 1.4 } },
]

type Where = 'embedded' | 'lan'

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
  await flowRun(world, flows.sequential, shapes.sequential, TIMEOUT_MS)
  await chainRun(world, chainJobs, TIMEOUT_MS)
  const sequential = new Tally()
  const chain = new Tally()
  // Alternated, so the machine's swings in load hit the flow and its reference alike.
  for (let i = 0; i < SIZES.repeats; i++) {
    sequential.add(await flowRun(world, flows.sequential, shapes.sequential, TIMEOUT_MS))
    chain.add(await chainRun(world, chainJobs, TIMEOUT_MS))
  }
  return {
    sequential: sequential.result(),
    chain: chain.result(),
    long: new Tally().add(await flowRun(world, flows.long, shapes.long, TIMEOUT_MS)).result(),
    layered: new Tally().add(await flowRun(world, flows.layered, shapes.layered, TIMEOUT_MS)).result(),
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
  report.figure({
    name: `B13 ${label} ${SIZES.long}-node step p50 beside ${CHAIN}-node`,
    value: r.long.summary.p50,
    unit: 'ms',
    target: { op: '<=', value: SIZE_RATIO_TARGET, on: 'ratio' },
    reference: { name: `${CHAIN}-node flow step p50`, value: r.sequential.summary.p50 },
  })
  const layered = `${SIZES.layers}×${SIZES.width} layered`
  // Not judged: one advance starts a layer's children one after another, so a step here also holds its earlier siblings' triggers.
  report.figure({ name: `B13 ${label} ${layered} step p50`, value: r.layered.summary.p50, unit: 'ms', reference: chainP50 })
  report.figure({ name: `B13 ${label} ${layered} step p99`, value: r.layered.summary.p99, unit: 'ms', reference: chainP99 })
  report.figure({ name: `B13 ${label} ${layered} wall time`, value: r.layered.wallMs, unit: 'ms' })
  for (const { engine, reference } of PUBLISHED)
    report.figure({ name: `B13 ${label} ${CHAIN}-node step p50 vs ${engine}`, value: r.sequential.summary.p50, unit: 'ms', reference })
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
  reportBreakdown(report, breakdown)
  report.save()
} finally {
  await world.stop()
}
process.exit(0)
