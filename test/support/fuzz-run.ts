import fc from 'fast-check'

/**
 * Seeded, bounded property runs for the fuzz suite. One base seed per test process: from
 * JOBDESK_FUZZ_SEED when set (to reproduce a failure), else random; each endpoint derives its own
 * seed from it and its name, so one number replays every endpoint exactly. JOBDESK_FUZZ_RUNS
 * scales the number of inputs (e.g. 10 for a long soak, with vitest's --testTimeout raised; default 1).
 */
export const FUZZ_SEED = readSeed()
const RUNS_FACTOR = readFactor()
/** Longest excerpt of a counterexample printed in a failure (inputs may hold megabytes). */
const REPORT_MAX_CHARS = 3000

function readSeed(): number {
  const text = process.env.JOBDESK_FUZZ_SEED
  if (text === undefined || text === '') return (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0
  const seed = Number(text)
  if (!Number.isInteger(seed)) throw new Error(`JOBDESK_FUZZ_SEED: expected a whole number, got '${text}'`)
  return seed | 0
}

function readFactor(): number {
  const text = process.env.JOBDESK_FUZZ_RUNS
  if (text === undefined || text === '') return 1
  const factor = Number(text)
  if (!(factor > 0 && factor <= 1000)) throw new Error(`JOBDESK_FUZZ_RUNS: expected a factor in (0, 1000], got '${text}'`)
  return factor
}

/** The seed of one endpoint's property: the base seed mixed with a hash of its name (FNV-1a). */
export function seedFor(name: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193)
  return (FUZZ_SEED ^ hash) | 0
}

/** What the property did with each input, for the printed summary. */
export class FuzzTally {
  inputs = 0
  accepted = 0
  refused = 0
  note(outcome: 'accepted' | 'refused'): void {
    this.inputs++
    this[outcome]++
  }
}

export interface FuzzOptions<T> {
  numRuns: number
  /** Inputs tried before the random ones (known hard cases). */
  examples?: T[]
  /**
   * Stop at the first failure instead of shrinking it. For properties whose failure costs a restart
   * (a crashed child process): shrinking would restart it dozens of times.
   */
  endOnFailure?: boolean
  /** A short, readable form of an input for the failure report (default: fast-check's). */
  describe?: (input: T) => string
}

/**
 * Runs `check` on `numRuns` inputs of `arbitrary` (times JOBDESK_FUZZ_RUNS), prints the seed and how
 * many inputs were tried and how they were answered, and throws a report naming the first failing
 * input (shrunk unless `endOnFailure`) and how to replay it.
 */
export async function runFuzz<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  check: (input: T, tally: FuzzTally) => Promise<void>,
  options: FuzzOptions<T>,
): Promise<FuzzTally> {
  const tally = new FuzzTally()
  const seed = seedFor(name)
  const numRuns = Math.max(1, Math.round(options.numRuns * RUNS_FACTOR))
  const startedMs = Date.now()
  const details = await fc.check(
    fc.asyncProperty(arbitrary, (input) => check(input, tally)),
    {
      seed,
      numRuns,
      endOnFailure: options.endOnFailure ?? false,
      examples: options.examples?.map((example) => [example] as [T]),
      // Shrinking a hard failure must not eat the suite's time budget.
      interruptAfterTimeLimit: 20_000 * RUNS_FACTOR,
    },
  )
  const tookMs = Date.now() - startedMs
  console.log(
    `fuzz ${name}: ${tally.inputs} inputs tried (${details.numRuns} generated, ${details.numShrinks} shrinks; ` +
      `${tally.refused} refused, ${tally.accepted} accepted) in ${tookMs} ms${details.interrupted ? ', interrupted at the time limit' : ''}; ` +
      `seed ${seed}, JOBDESK_FUZZ_SEED=${FUZZ_SEED} replays it`,
  )
  if (details.failed) {
    const input = details.counterexample?.[0]
    const shown = input === undefined ? '(none)' : options.describe ? options.describe(input) : fc.stringify(input)
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
    throw new Error(
      `fuzz ${name} failed after ${details.numRuns} inputs${details.interrupted ? ' (interrupted while shrinking)' : ''}:\n` +
        `${error}\n` +
        `input: ${clip(shown)}\n` +
        `replay: JOBDESK_FUZZ_SEED=${FUZZ_SEED} npx vitest run <this file>  (fast-check seed ${details.seed}, path ${details.counterexamplePath})`,
    )
  }
  return tally
}

export function clip(text: string, maxChars = REPORT_MAX_CHARS): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}… (${text.length} characters)`
}
