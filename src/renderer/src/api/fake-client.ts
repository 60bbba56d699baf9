import type { JobDeskApi } from '../../../shared/api'
import { API_METHODS } from '../../../shared/api-methods'
import { bindApi } from '../../../shared/ipc'
import type { JobDeskClient } from './client'

/** The API as functions keyed by method, so that one method's function is called with that method's own arguments. */
type Answers = { [M in keyof JobDeskApi]?: (...args: Parameters<JobDeskApi[M]>) => ReturnType<JobDeskApi[M]> }

/**
 * A client for unit tests of store actions (install it with setClient): the methods given answer,
 * any other rejects naming itself; it is always online and pushes no events.
 */
export function fakeClient(methods: Partial<JobDeskApi>): JobDeskClient {
  const answers: Answers = methods
  const api = bindApi<JobDeskApi>(API_METHODS, async (method, args) => {
    const answer = answers[method]
    if (!answer) throw new Error(`the fake core does not answer ${method}`)
    return answer(...args)
  })
  return { ...api, onEvent: () => () => {}, connectionState: () => 'online', onConnection: () => () => {} }
}
