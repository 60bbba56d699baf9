import { setTimeout as sleep } from 'node:timers/promises'
import { importEntry, runCli } from './program'
import { processOut } from './output'

/**
 * The built entry of the `jobdesk` command (bin/jobdesk.mjs loads it from out/main/cli.js). The
 * server's entries sit beside it in out/main, and run in this process when asked for.
 */
const code = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  out: processOut(process.stdout, process.stderr, process.env),
  pause: async (ms) => {
    await sleep(ms)
  },
  runEntry: (entry, args) => importEntry(new URL('./', import.meta.url), entry, args),
})
// A server's entry keeps the process alive by its own handles; every other command ends here.
if (!['serve', 'executor', 'import-xxl'].includes(process.argv[2] ?? '')) process.exitCode = code
