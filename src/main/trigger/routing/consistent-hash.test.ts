import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildHashRing, createConsistentHashRouter, findRingNode, hashRouteKey } from './consistent-hash'
import type { RouteProbe } from './router'
import { routeReasonText } from '../../../shared/route-trail-text'

const unusedProbe: RouteProbe = {
  beat: () => Promise.reject(new Error('CONSISTENT_HASH must not probe')),
  idleBeat: () => Promise.reject(new Error('CONSISTENT_HASH must not probe')),
}

async function routeJobs(addresses: string[], jobIds: number[]): Promise<(string | null)[]> {
  const router = createConsistentHashRouter()
  const chosen: (string | null)[] = []
  for (const jobId of jobIds) {
    chosen.push((await router.route({ jobId, addresses, nowMs: 0, probe: unusedProbe })).chosen)
  }
  return chosen
}

describe('hashRouteKey', () => {
  it('reproduces the reference hash of "1"', () => {
    expect(hashRouteKey('1')).toBe(943901380)
  })

  it('reproduces the reference hash of a virtual node key', () => {
    expect(hashRouteKey('SHARD-http://127.0.0.1:9999/-NODE-0')).toBe(2087608106)
  })

  it('reads MD5 bytes 0–3 little-endian and unsigned, so a high byte 3 gives a value ≥ 2^31', () => {
    // Search a small key space for a digest whose byte 3 has the top bit set and compare by hand.
    let key = 0
    let digest = createHash('md5').update(String(key)).digest()
    while (digest[3] < 0x80) digest = createHash('md5').update(String(++key)).digest()
    const expected = digest[0] + digest[1] * 2 ** 8 + digest[2] * 2 ** 16 + digest[3] * 2 ** 24
    expect(hashRouteKey(String(key))).toBe(expected)
    expect(hashRouteKey(String(key))).toBeGreaterThanOrEqual(2 ** 31)
  })

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    const expected = createHash('md5').update(Buffer.from('调度-ä', 'utf8')).digest().readUInt32LE(0)
    expect(hashRouteKey('调度-ä')).toBe(expected)
  })
})

describe('CONSISTENT_HASH router', () => {
  it('routes jobs 1…10 over three local executors exactly as the reference vectors', async () => {
    const addresses = ['http://127.0.0.1:9997/', 'http://127.0.0.1:9998/', 'http://127.0.0.1:9999/']
    const ports = (await routeJobs(addresses, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).map((a) => a?.slice(-5, -1))
    expect(ports).toEqual(['9999', '9999', '9999', '9998', '9998', '9999', '9998', '9998', '9998', '9997'])
  })

  it('routes jobs 1…5 over two hosts exactly as the reference vectors', async () => {
    const addresses = ['http://10.0.0.1:9999/', 'http://10.0.0.2:9999/']
    const hosts = (await routeJobs(addresses, [1, 2, 3, 4, 5])).map((a) => a?.split(':')[1].slice(-2))
    expect(hosts).toEqual(['.1', '.1', '.1', '.2', '.1'])
  })

  it('keeps a job on the same address on every trigger while the list is unchanged', async () => {
    const addresses = ['http://127.0.0.1:9001/', 'http://127.0.0.1:9002/', 'http://127.0.0.1:9003/']
    const first = await routeJobs(addresses, [42, 42, 42, 42])
    expect(new Set(first).size).toBe(1)
  })

  it('moves only the jobs of a removed address when the list shrinks', async () => {
    const full = [9001, 9002, 9003, 9004].map((port) => `http://127.0.0.1:${port}/`)
    const shrunk = full.filter((a) => a !== 'http://127.0.0.1:9002/')
    const jobIds = Array.from({ length: 400 }, (_, i) => i + 1)
    const before = await routeJobs(full, jobIds)
    const after = await routeJobs(shrunk, jobIds)
    jobIds.forEach((_, i) => {
      if (before[i] !== 'http://127.0.0.1:9002/') expect(after[i]).toBe(before[i])
      else expect(shrunk).toContain(after[i])
    })
  })

  it('states the job hash and the ring node in the reason', async () => {
    const trail = await createConsistentHashRouter().route({
      jobId: 1,
      addresses: ['http://127.0.0.1:9999/'],
      nowMs: 0,
      probe: unusedProbe,
    })
    expect(trail.strategy).toBe('CONSISTENT_HASH')
    expect(trail.chosen).toBe('http://127.0.0.1:9999/')
    expect(routeReasonText(trail.reason)).toContain('943901380')
    expect(trail.candidates).toEqual(['http://127.0.0.1:9999/'])
  })
})

describe('the hash ring', () => {
  it('holds 100 sorted virtual nodes per address', () => {
    const ring = buildHashRing(['http://127.0.0.1:9998/', 'http://127.0.0.1:9999/'])
    expect(ring.keys.length).toBe(200)
    for (let i = 1; i < ring.keys.length; i++) expect(ring.keys[i]).toBeGreaterThan(ring.keys[i - 1])
    expect(ring.owners.filter((a) => a === 'http://127.0.0.1:9999/')).toHaveLength(100)
    const node0 = ring.keys.indexOf(2087608106)
    expect(ring.owners[node0]).toBe('http://127.0.0.1:9999/')
  })

  it('lets the later address own a colliding key', () => {
    // Found by searching ports 1…65535: node 48 of :738 and node 55 of :830 share one 32-bit key.
    const a = 'http://127.0.0.1:738/'
    const b = 'http://127.0.0.1:830/'
    const key = hashRouteKey(`SHARD-${a}-NODE-48`)
    expect(hashRouteKey(`SHARD-${b}-NODE-55`)).toBe(key)
    const ringAB = buildHashRing([a, b])
    const ringBA = buildHashRing([b, a])
    expect(ringAB.keys.length).toBe(199)
    expect(ringAB.owners[ringAB.keys.indexOf(key)]).toBe(b)
    expect(ringBA.owners[ringBA.keys.indexOf(key)]).toBe(a)
  })

  it('picks the first node at or above the hash and wraps past the largest', () => {
    const ring = { keys: Uint32Array.from([10, 20, 4_000_000_000]), owners: ['x', 'y', 'z'] }
    expect(findRingNode(ring, 0)).toBe(0)
    expect(findRingNode(ring, 10)).toBe(0)
    expect(findRingNode(ring, 11)).toBe(1)
    expect(findRingNode(ring, 3_999_999_999)).toBe(2)
    expect(findRingNode(ring, 4_000_000_001)).toBe(0)
  })
})
