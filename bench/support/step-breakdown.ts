/** B13's and B14's table of where a step's time goes (step-samples.ts's parts), printed after the figures. */
import { PART_LABELS, STEP_PARTS, type StepSummary } from './step-samples'
import type { BenchResult } from './results'
import { fmt } from './stats'

/** Each part's mean (they add up to the mean step) and p50, per scenario. */
function printBreakdown(rows: readonly { name: string; summary: StepSummary }[]): void {
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

/** Prints the table after the figures and keeps it in the result's JSON (`series.stepBreakdown`), saying how it was timed. */
export function reportBreakdown(report: BenchResult, rows: readonly { name: string; summary: StepSummary }[]): void {
  printBreakdown(rows)
  report.attach('stepBreakdown', rows)
  report.note('the step is timed with wrappers on RunWriter, FlowAdvance and TriggerService (bench/support/step-trace.ts) that only note times')
}
