// B12 (sign-in burst, security review finding 2): GET / of the console during bursts of parallel
// sign-ins with the real scrypt parameters (DEFAULT_SCRYPT_PARAMS: 32 MiB, N=2^15, r=8, p=2),
// black-box on the built headless entry (`node out/main/serve.js`). Each sign-in comes from its own
// loopback address (127.0.x.y) with its own unknown name, so neither the per-account nor the
// per-address limit stops it: every one costs a (decoy) scrypt verification unless the verification
// limit refuses it (503). While a burst is answered, a few clients GET / one after another. Before
// that the same GET / loop on the idle server is the reference. Target: GET / p99 during the burst
// ≤ 100 ms (before the fix: 27 s — scrypt and the console's file reads shared libuv's thread pool).
// Usage: npx tsx bench/b12-sign-in-burst.ts [--quick] [--burst 300] [--rounds 3] [--idle 300] [--getters 4]
import { request } from 'node:http'
import { number } from './support/cli'
import { prepareDataDir, startHeadless } from './support/jobdesk'
import { BenchResult } from './support/results'
import { median, percentile } from './support/stats'

const burst = number('burst', 300, 200)
const rounds = number('rounds', 3, 1)
const idleSamples = number('idle', 300, 100)
const getters = number('getters', 4, 4)

/** The i-th loopback source address from 127.0.1.1 on: each a different caller to the server. */
function loopbackAddress(i: number): string {
  return `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`
}

/** One HTTP exchange on a connection of its own; the status and ms until the whole answer was in. */
function exchange(
  port: number,
  path: string,
  options: { method?: string; body?: string; localAddress?: string; origin?: string } = {},
): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> =
      options.body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.body) }
    if (options.origin) headers.origin = options.origin
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', localAddress: options.localAddress, agent: false, headers },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** `getters` clients GET / one after another until `until()` is true (at least once each). */
async function getLoop(port: number, until: () => boolean): Promise<number[]> {
  const samples: number[] = []
  await Promise.all(
    Array.from({ length: getters }, async () => {
      do {
        const answer = await exchange(port, '/')
        if (answer.status !== 200) throw new Error(`GET / answered ${answer.status}`)
        samples.push(answer.ms)
      } while (!until())
    }),
  )
  return samples
}

const report = new BenchResult('b12', `B12 sign-in burst: GET / during ${burst} parallel sign-ins (real scrypt) from ${burst} addresses`, {
  burst,
  rounds,
  idleSamples,
  getters,
})
const data = prepareDataDir('jobdesk-bench-b12-')
const headless = await startHeadless({ dataDir: data.dir })
try {
  const port = Number(new URL(headless.origin).port)
  // Warm: the first GET / reads index.html; the first sign-in computes the decoy hash.
  await exchange(port, '/')
  await exchange(port, '/auth/sign-in', {
    method: 'POST',
    body: JSON.stringify({ name: 'warm-up', password: 'wrong' }),
    localAddress: '127.0.0.2',
    origin: headless.origin,
  })

  let taken = 0
  const idle = await getLoop(port, () => ++taken >= idleSamples)

  const during: number[] = []
  const statuses: Record<number, number> = {}
  const signInMs: Record<number, number[]> = {}
  const burstMs: number[] = []
  for (let round = 0; round < rounds; round++) {
    let answered = false
    const started = performance.now()
    const signIns = Promise.all(
      Array.from({ length: burst }, (_, i) => {
        const n = round * burst + i
        return exchange(port, '/auth/sign-in', {
          method: 'POST',
          body: JSON.stringify({ name: `b12-${n}`, password: 'wrong password' }),
          localAddress: loopbackAddress(n),
          origin: headless.origin,
        })
      }),
    ).finally(() => (answered = true))
    during.push(...(await getLoop(port, () => answered)))
    for (const reply of await signIns) {
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1
      ;(signInMs[reply.status] ??= []).push(reply.ms)
    }
    burstMs.push(performance.now() - started)
  }

  report.section(
    `${rounds} burst(s) of ${burst}: answers ${JSON.stringify(statuses)} (401 checked, 503 refused busy); each answered in ${burstMs.map((ms) => Math.round(ms)).join(', ')} ms`,
  )
  report.figure({
    name: 'B12 GET / p99 during a sign-in burst',
    value: percentile(during, 99),
    unit: 'ms',
    target: { op: '<=', value: 100 },
    reference: { name: 'idle GET / p99', value: percentile(idle, 99) },
  })
  report.figure({ name: 'B12 GET / p50 during a sign-in burst', value: median(during), unit: 'ms', reference: { name: 'idle GET / p50', value: median(idle) } })
  report.figure({
    name: 'B12 GET / max during a sign-in burst',
    value: percentile(during, 100),
    unit: 'ms',
    reference: { name: 'idle GET / max', value: percentile(idle, 100) },
  })
  report.figure({ name: 'B12 sign-ins checked per burst', value: (statuses[401] ?? 0) / rounds, unit: '', reference: { name: 'sign-ins sent', value: burst } })
  report.figure({ name: 'B12 burst answered in (median)', value: median(burstMs), unit: 'ms' })
  report.figure({ name: 'B12 sign-in checked (401) answered in p50', value: median(signInMs[401] ?? []), unit: 'ms' })
  report.figure({ name: 'B12 sign-in refused busy (503) answered in p50', value: median(signInMs[503] ?? []), unit: 'ms' })
  report.note(`${during.length} GET / during the bursts, ${idle.length} idle; ${getters} clients, a new connection per request`)
  report.attach(
    'getDuringMs',
    during.map((ms) => Math.round(ms * 10) / 10),
  )
} finally {
  await headless.stop()
  data.remove()
}
report.save()
process.exit(0)
