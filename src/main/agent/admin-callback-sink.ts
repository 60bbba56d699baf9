import { CallbackRefusedError, type CallbackSink, type HandleCallback } from '../executor/executor-api'
import { AdminCallError, type AdminClient } from '../net/admin-client'

/** Items per callback POST, as 3.x executors send (docs/protocol.md#executor-timing). */
export const CALLBACK_BATCH_MAX = 50

/**
 * The agent's callback sink: POSTs finished runs to the admin(s) in batches of ≤ 50. It rejects when a
 * batch is accepted by no admin, so the executor core spools the batch and retries it later; a batch
 * resent after a partial success is harmless (the admin ignores a run it already finished). A part
 * an admin refused for good rejects with CallbackRefusedError: the core drops it, never re-sends it.
 */
export function createAdminCallbackSink(adminClient: Pick<AdminClient, 'callback'>, maxBatch = CALLBACK_BATCH_MAX): CallbackSink {
  return async (batch: HandleCallback[]) => {
    let refusal: AdminCallError | null = null
    for (let start = 0; start < batch.length; start += maxBatch) {
      try {
        await adminClient.callback(batch.slice(start, start + maxBatch))
      } catch (error) {
        // A part refused for good does not stop the rest; one not delivered spools the whole batch.
        if (!(error instanceof AdminCallError && error.refusedForGood)) throw error
        refusal = error
      }
    }
    if (refusal) throw new CallbackRefusedError(refusal.message)
  }
}
