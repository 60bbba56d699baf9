import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest'
import { BridgeHarness } from '../support/bridge-harness'
import { runFuzz, type FuzzTally } from '../support/fuzz-run'
import { closedOrStillAnswering, frame, openRawBridge, PROTOCOL_ERRORS, type FrameSpec } from '../support/ws-frames'

/**
 * Raw WebSocket frames on the console bridge after a valid upgrade, written on a plain TCP socket
 * (no client would send them): the protocol errors of issue 9 first, then random frames. After
 * each, that connection is either closed by the server or still answers a call; headless mode and
 * a second console stay up; nothing is written.
 */
let harness: BridgeHarness
beforeAll(async () => (harness = await BridgeHarness.start()), 60_000)
afterAll(async () => harness?.stop())
beforeEach(async () => harness.ensureRunning())

type FrameInput = { name: string; bytes: () => Buffer } | { frames: FrameSpec[] }

const payload: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ maxLength: 60, unit: 'grapheme' }).map((text) => Buffer.from(text)),
  fc.constantFrom('{"type":"call","id":7,"method":"listJobs","args":[]}', 'null', '{}', '[]').map((text) => Buffer.from(text)),
  fc.constantFrom(125, 126, 127, 65_535, 65_536, 70_000).map((size) => Buffer.alloc(size, 0x20)),
  fc.integer({ min: 0, max: 5000 }).map((code) => Buffer.from([code >> 8, code & 0xff])),
)

const frameSpec: fc.Arbitrary<FrameSpec> = fc.record({
  fin: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  rsv1: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  rsv2: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  rsv3: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  opcode: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(0, 1, 2, 8, 9, 10) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 15 }) }),
  masked: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  payload,
})

async function checkFrames(input: FrameInput, tally: FuzzTally): Promise<void> {
  const raw = await openRawBridge(harness.server.port, harness.server.consoleToken)
  try {
    raw.socket.write('name' in input ? input.bytes() : Buffer.concat(input.frames.map(frame)))
    // Still open: the connection must go on working (or be closed now, which is fine too).
    await closedOrStillAnswering(raw)
  } finally {
    raw.socket.destroy()
  }
  await harness.judge({ kind: 'closed', code: 0, reason: 'raw frames' }, tally)
}

function describeFrames(input: FrameInput): string {
  if ('name' in input) return input.name
  return JSON.stringify(input.frames.map((f) => ({ ...f, payload: `${f.payload?.length ?? 0} bytes: ${f.payload?.subarray(0, 40).toString('hex')}` })))
}

describe('fuzzing the bridge with raw WebSocket frames', () => {
  it('protocol errors and random frames', async () => {
    await runFuzz(
      'bridge raw frames',
      fc.array(frameSpec, { minLength: 1, maxLength: 3 }).map((frames): FrameInput => ({ frames })),
      checkFrames,
      {
        numRuns: 60,
        examples: PROTOCOL_ERRORS,
        endOnFailure: true,
        describe: describeFrames,
      },
    )
  })
})
