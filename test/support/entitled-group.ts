import type { JobGroup } from '../../src/shared/model'
import { embeddedAddressOf } from '../../src/main/domain/embedded-address'
import { ExecutorDirectory } from '../../src/main/trigger/executor-directory'

/**
 * One group (id 4, `billing`) with one registered address, a stranger's address, and an executor
 * directory that entitles only the registered one to that group: where a trigger may send what the
 * group holds (secrets, an LLM provider's key).
 */
export function entitledGroup() {
  const group = { id: 4, appName: 'billing' } as JobGroup
  const registered = 'http://127.0.0.1:9101/'
  const stranger = 'http://127.0.0.1:9102/'
  const executors = new ExecutorDirectory({
    embedded: null,
    embeddedAddress: embeddedAddressOf('node-a'),
    remote: null,
    entitled: async (g) => new Set(g?.id === group.id ? [registered] : []),
  })
  return { group, registered, stranger, executors }
}
