import { describe, expect, it } from 'vitest'
import { buildDecision, fingerprintOf, isBuildInput, stampTextOf } from '../../scripts/ensure-built.mjs'

/**
 * `npm run serve` builds only when the sources changed since the last build: the decision, from a
 * stamp the build wrote and the sources' fingerprint now.
 */
const sources = [
  { path: 'src/main/serve.ts', content: 'startHeadless()' },
  { path: 'src/shared/model.ts', content: 'export {}' },
  { path: 'package-lock.json', content: '{}' },
]
const FINGERPRINT = fingerprintOf(sources)
const BUILT_AT = Date.UTC(2026, 11, 7, 5)
const current = { force: false, stampText: stampTextOf(FINGERPRINT, BUILT_AT), fingerprint: FINGERPRINT, missingEntries: [] }

describe('whether npm run serve builds', () => {
  it.each([
    ['sources as built: it starts the build there', current, false, 'the build is current'],
    ['a clean checkout (no stamp): it builds', { ...current, stampText: null }, true, 'no build of these sources yet'],
    [
      'a source changed: it builds',
      { ...current, fingerprint: fingerprintOf([...sources.slice(1), { path: 'src/main/serve.ts', content: 'changed' }]) },
      true,
      'the sources changed since the last build',
    ],
    ['a built entry is gone: it builds', { ...current, missingEntries: ['out/main/serve.js'] }, true, 'out/main/serve.js is missing'],
    ['asked to (npm run build): it builds', { ...current, force: true }, true, 'a build was asked for'],
    ['a stamp cut short: it builds', { ...current, stampText: '{"format":1,"finger' }, true, 'the build stamp is unreadable'],
    [
      'a stamp of another format: it builds',
      { ...current, stampText: JSON.stringify({ format: 2, fingerprint: FINGERPRINT }) },
      true,
      'the build stamp is of another format',
    ],
  ])('%s', (_case, input, build, reason) => {
    expect(buildDecision(input)).toEqual({ build, reason })
  })
})

describe('the fingerprint of the sources', () => {
  it('is the same for the same files in any order, and changes with a byte, a path, or a file more', () => {
    expect(fingerprintOf([...sources].reverse())).toBe(FINGERPRINT)
    expect(fingerprintOf(sources.map((f) => ({ ...f, content: Buffer.from(f.content) })))).toBe(FINGERPRINT)
    expect(fingerprintOf(sources.map((f, i) => (i === 1 ? { ...f, content: 'export { }' } : f)))).not.toBe(FINGERPRINT)
    expect(fingerprintOf(sources.map((f, i) => (i === 1 ? { ...f, path: 'src/shared/model2.ts' } : f)))).not.toBe(FINGERPRINT)
    expect(fingerprintOf([...sources, { path: 'src/main/new.ts', content: '' }])).not.toBe(FINGERPRINT)
    // A file's end and the next one's start cannot trade bytes unnoticed.
    expect(
      fingerprintOf([
        { path: 'a', content: 'xy' },
        { path: 'b', content: 'z' },
      ]),
    ).not.toBe(
      fingerprintOf([
        { path: 'a', content: 'x' },
        { path: 'b', content: 'yz' },
      ]),
    )
  })

  it('leaves the tests out: editing one does not rebuild', () => {
    expect(isBuildInput('/repo/src/main/serve.ts')).toBe(true)
    expect(isBuildInput('/repo/src/renderer/src/app.tsx')).toBe(true)
    expect(isBuildInput('/repo/src/main/serve-args.test.ts')).toBe(false)
    expect(isBuildInput('/repo/src/renderer/src/lib/x.test.tsx')).toBe(false)
  })
})
