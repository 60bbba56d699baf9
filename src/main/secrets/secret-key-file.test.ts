import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../test/support/temp-dir'
import { loadSecretKey, SecretKeyError } from './secret-key-file'

describe('the secrets key file', () => {
  it('is made, with its folder, the first time a node starts on a database that is not a file in its data folder', () => {
    const dir = makeTempDir()
    const path = join(dir.path, 'data', 'secrets.key')
    const key = loadSecretKey(path, { createIfAbsent: true })
    expect(key).toHaveLength(32)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readFileSync(path, 'utf8')).toBe(`${key.toString('base64')}\n`)
    expect(loadSecretKey(path, { createIfAbsent: false }).equals(key)).toBe(true)
    dir.remove()
  })

  it('is not made when the operator named one that is not there', () => {
    const dir = makeTempDir()
    expect(() => loadSecretKey(join(dir.path, 'missing.key'), { createIfAbsent: false })).toThrow(SecretKeyError)
    dir.remove()
  })
})
