import { describe, expect, it } from 'vitest'
import { KnownTrailShapes, shapeDigest } from './trail-shapes'

describe('KnownTrailShapes', () => {
  it('knows a shape a transaction wrote only once that transaction has committed', () => {
    const known = new KnownTrailShapes()
    const digest = shapeDigest('{"version":1}')
    known.committed(new Map([['{"version":1}', digest]]))
    expect(known.digestOf('{"version":1}')).toBe(digest)
    expect(known.digestOf('{"version":2}')).toBeUndefined()
  })

  it('starts afresh rather than grow past its bound', () => {
    const known = new KnownTrailShapes(3)
    const shapes = ['{"a":1}', '{"a":2}', '{"a":3}', '{"a":4}']
    for (const shape of shapes) known.committed(new Map([[shape, shapeDigest(shape)]]))
    expect(shapes.map((shape) => known.digestOf(shape) !== undefined)).toEqual([false, false, false, true])
    for (const shape of shapes) known.read(shapeDigest(shape), shape)
    expect(known.textOf(shapeDigest('{"a":4}'))).toBe('{"a":4}')
    expect(known.textOf(shapeDigest('{"a":1}'))).toBeUndefined()
  })
})

describe('shapeDigest', () => {
  it('is 22 base64url characters, the same for the same text, another for another', () => {
    const digest = shapeDigest('{"version":1,"triggerType":"CRON"}')
    expect(digest).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(shapeDigest('{"version":1,"triggerType":"CRON"}')).toBe(digest)
    expect(shapeDigest('{"version":1,"triggerType":"MANUAL"}')).not.toBe(digest)
  })
})
