/**
 * Polls `probe` until it returns a value that is not undefined/false, or fails after `timeoutMs`
 * with `what` in the message. For conditions that depend on other threads or processes; the
 * deadline is generous because the machine may be loaded.
 */
export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
