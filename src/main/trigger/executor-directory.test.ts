import { describe, expect, it } from 'vitest'
import { embeddedAddressOf, ExecutorDirectory } from './executor-directory'

const own = embeddedAddressOf('node-b')
const other = embeddedAddressOf('node-a')
const lan = 'http://10.0.0.5:9999/'

describe('ExecutorDirectory.localFirst', () => {
  const directory = new ExecutorDirectory(null, own, null, (address) => (address === other ? 'http://127.0.0.1:8081/jobdesk-node/node-a/' : null))

  it("puts this node's embedded executor first and keeps the others' order", () => {
    expect(directory.localFirst([other, lan, own])).toEqual([own, other, lan])
    expect(directory.localFirst([lan, own, other])).toEqual([own, lan, other])
  })

  it('leaves a list without it, or already starting with it, as it was', () => {
    expect(directory.localFirst([other, lan])).toEqual([other, lan])
    expect(directory.localFirst([own, other])).toEqual([own, other])
    expect(directory.localFirst([])).toEqual([])
  })
})
