// BEAN handlers for the end-to-end tests' LAN agents (`--handlers e2e/handlers`); see
// src/main/executor/handlers/handler-contract.ts. Each logs where it ran, so a test can tell agents apart.

/** Logs its parameter and succeeds with a message naming it. */
export async function e2eEcho(ctx) {
  ctx.log(`e2eEcho ran with param "${ctx.param}" as run ${ctx.logId}`)
  return `echo: ${ctx.param}`
}
