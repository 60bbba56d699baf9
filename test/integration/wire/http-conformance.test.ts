import { afterAll } from 'vitest'
import { createExecutorClient } from '../../../src/main/net/executor-client'
import { startExecutorServer } from '../../../src/main/net/executor-server'
import { closeSharedAgents } from '../../../src/main/net/wire/post-json'
import type { ProtocolGeneration } from '../../../src/shared/model'
import { describeExecutorConformance } from '../executor/conformance'
import { startInProcessExecutor } from '../../support/executor-in-process'

/**
 * The executor conformance suite over HTTP: the real executor core behind our executor server, driven
 * through our executor client — the path an admin takes to a LAN executor agent.
 */
const TOKEN = 'conformance-token'
const APP = 'conformance-app'

afterAll(() => closeSharedAgents())

function overHttp(serverGeneration: ProtocolGeneration | 'auto', clientGeneration: ProtocolGeneration | null) {
  return async (options: Parameters<typeof startInProcessExecutor>[0]) => {
    const inProcess = await startInProcessExecutor(options)
    const server = await startExecutorServer({
      executor: inProcess.executor,
      credentials: { accessToken: TOKEN, appName: APP },
      generation: serverGeneration,
      host: '127.0.0.1',
      port: 0,
    })
    const api = createExecutorClient({ address: `${server.url}/`, accessToken: TOKEN, appName: APP, generation: clientGeneration })
    return {
      ...inProcess,
      api,
      async teardown() {
        await server.close()
        await inProcess.teardown()
      },
    }
  }
}

describeExecutorConformance('HTTP, G3 admin', overHttp('g3', 'g3'))
describeExecutorConformance('HTTP, G1 admin', overHttp('g1', 'g1'))
describeExecutorConformance('HTTP, generation unknown to both sides', overHttp('auto', null))
