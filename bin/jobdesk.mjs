#!/usr/bin/env node
// The `jobdesk` command. It runs the built code in out/ and never builds: `npm run serve` and the
// other npm scripts stay the build-then-run conveniences. Two `jobdesk serve` started at once from
// one checkout therefore both start (two builds racing on out/ was how one of them died).
//
// commander gives the subcommands their help and their errors in one line; the entry points keep
// their own flags (each parses and explains them itself), so their arguments pass through unchanged.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Command } from 'commander'

const root = new URL('../', import.meta.url)

/** Runs a built entry point of out/main with `args` as its command line. */
async function runBuilt(entry, args) {
  const file = new URL(`out/main/${entry}`, root)
  if (!existsSync(file)) {
    console.error(`jobdesk: ${fileURLToPath(file)} is missing: build JobDesk first (npm run build)`)
    process.exit(2)
  }
  process.argv = [process.argv[0], fileURLToPath(file), ...args]
  await import(file.href)
}

const program = new Command('jobdesk')
  .description('JobDesk: a job scheduler that speaks the XXL-JOB executor protocol')
  .showHelpAfterError('(jobdesk --help lists the commands)')

for (const [name, entry, description] of [
  ['serve', 'serve.js', 'run JobDesk headless: the scheduler, the embedded executor and the console (jobdesk serve --help)'],
  ['executor', 'executor-agent.js', "run JobDesk's LAN executor agent against an admin (jobdesk executor --help)"],
  ['import-xxl', 'import-xxl.js', 'move jobs, groups and runs in from an XXL-JOB database (jobdesk import-xxl --help)'],
]) {
  program
    .command(name)
    .description(description)
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[args...]', 'passed on to the command')
    .action(async (args) => runBuilt(entry, args))
}

await program.parseAsync(process.argv)
