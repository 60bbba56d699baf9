// B14 (chain-steps) of docs/benchmarks.md#b14-child-link-chain-steps (issue 25 called it B12): a
// 40-step chain of XXL-JOB child-linked no-op jobs (SUCCESS links, bench/handlers stampJobHandler),
// on the embedded executor and on a LAN agent: per step, the parent's completion reaching the admin
// (its handleTimeMs) → the child's handler start, p50/p99, split into where the time went
// (bench/support/step-trace.ts), and the chain's wall time. Reference in the same run: a step of a
// 40-node sequential flow of no-op jobs, its runs alternating with the chain's; and the published
// Windmill and Temporal steps. B13's world and step definition, so the figures compare with B13's.
// Usage: npx tsx bench/b14-chain-steps.ts [--quick] [--repeats 5]
import { sequentialShape } from './support/flow-shapes'
import { addNoopJobs, addShapeFlow, startFlowBenchWorld, type FlowBenchWorld } from './support/flow-bench-world'
import { BenchResult } from './support/results'
import { number, QUICK } from './support/cli'
import { reportBreakdown } from './support/step-breakdown'
import { chainRun, flowRun, Tally } from './support/step-runs'

/** Windmill's benchmark is 40 light tasks: the same length, so the figures compare. */
const CHAIN = 40
const REPEATS = number('repeats', 5, 1)
const TIMEOUT_MS = QUICK ? 60_000 : 300_000
/** Issue 25's target for the embedded executor; the LAN agent gets B13's allowance for its two HTTP hops. */
const TARGET_MS = { embedded: 3, lan: 5 }
/** Measured elsewhere, on other machines: printed beside ours for scale, never judged. */
const PUBLISHED = [
  { engine: 'Windmill', reference: { name: 'Windmill step, published', value: 34 } },
  { engine: 'Temporal', reference: { name: 'Temporal step, Windmill’s benchmark', value: 40 } },
]

type Where = 'embedded' | 'lan'

async function measureOn(world: FlowBenchWorld, where: Where) {
  const { core } = world
  const chainJobs = await addNoopJobs(core, world.groups[where], CHAIN, `b14 ${where} chain`)
  const flowJobs = await addNoopJobs(core, world.groups[where], CHAIN, `b14 ${where} flow`)
  const shape = sequentialShape(CHAIN)
  const flowId = await addShapeFlow(core, `b14 ${where} sequential ${CHAIN}`, shape, flowJobs)
  // Warm-up (runner threads or the agent's connections, JIT), not counted.
  await chainRun(world, chainJobs, TIMEOUT_MS)
  await flowRun(world, flowId, shape, TIMEOUT_MS)
  const chain = new Tally()
  const flow = new Tally()
  // Alternated, so the machine's swings in load hit the chain and its reference alike.
  for (let i = 0; i < REPEATS; i++) {
    chain.add(await chainRun(world, chainJobs, TIMEOUT_MS))
    flow.add(await flowRun(world, flowId, shape, TIMEOUT_MS))
  }
  return { chain: chain.result(), flow: flow.result() }
}

type Results = Awaited<ReturnType<typeof measureOn>>

function reportOn(report: BenchResult, where: Where, r: Results): void {
  const label = where === 'embedded' ? 'embedded' : 'LAN agent'
  report.section(`${label}: step = parent completed at the admin → child handler started`)
  const flowP50 = { name: `${CHAIN}-node flow step p50`, value: r.flow.summary.p50 }
  report.figure({
    name: `B14 ${label} ${CHAIN}-job chain step p50`,
    value: r.chain.summary.p50,
    unit: 'ms',
    target: { op: '<=', value: TARGET_MS[where] },
    reference: flowP50,
  })
  report.figure({
    name: `B14 ${label} ${CHAIN}-job chain step p99`,
    value: r.chain.summary.p99,
    unit: 'ms',
    reference: { name: `${CHAIN}-node flow step p99`, value: r.flow.summary.p99 },
  })
  report.figure({
    name: `B14 ${label} ${CHAIN}-job chain wall time`,
    value: r.chain.wallMs,
    unit: 'ms',
    reference: { name: `${CHAIN}-node flow wall time`, value: r.flow.wallMs },
  })
  for (const { engine, reference } of PUBLISHED)
    report.figure({ name: `B14 ${label} ${CHAIN}-job chain step p50 vs ${engine}`, value: r.chain.summary.p50, unit: 'ms', reference })
}

const world = await startFlowBenchWorld()
try {
  const embedded = await measureOn(world, 'embedded')
  const lan = await measureOn(world, 'lan')
  const report = new BenchResult('b14', `B14 child-link chain steps: ${CHAIN} no-op jobs, embedded and a LAN agent, beside a ${CHAIN}-node flow`, {
    repeats: REPEATS,
    chain: CHAIN,
  })
  reportOn(report, 'embedded', embedded)
  reportOn(report, 'lan', lan)
  const breakdown = (['embedded', 'lan'] as const).flatMap((where) => {
    const r = where === 'embedded' ? embedded : lan
    return [
      { name: `${where} ${CHAIN}-job chain`, summary: r.chain.summary },
      { name: `${where} ${CHAIN}-node flow (reference)`, summary: r.flow.summary },
    ]
  })
  reportBreakdown(report, breakdown)
  report.save()
} finally {
  await world.stop()
}
process.exit(0)
