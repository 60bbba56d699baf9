// BEAN handlers for the end-to-end tests' LAN agents (`--handlers e2e/handlers`); see
// src/main/executor/handlers/handler-contract.ts. Each logs where it ran, so a test can tell agents apart.

/** Logs its parameter and succeeds with a message naming it. */
export async function e2eEcho(ctx) {
  ctx.log(`e2eEcho ran with param "${ctx.param}" as run ${ctx.logId}`)
  return `echo: ${ctx.param}`
}

/**
 * Fails the first time it runs with a given parameter (a marker file's path), succeeds after: a step
 * an operator retries. The marker lives in a file because each run may take another worker thread.
 */
export async function e2eFailOnce(ctx) {
  const { existsSync, writeFileSync } = await import('node:fs')
  if (existsSync(ctx.param)) return 'second attempt succeeds'
  writeFileSync(ctx.param, 'failed once')
  return { code: 500, msg: 'first attempt fails on purpose' }
}

/** Succeeds with `param` bytes of text: a flow node's output over the 4 KiB a flow value keeps. */
export async function e2eBigOutput(ctx) {
  return 'x'.repeat(Number(ctx.param) || 0)
}
