import { artifactsCommand } from './commands/artifacts'
import { pathToFileURL } from 'node:url'
import { Command, CommanderError, Option } from 'commander'
import { CliError, EXIT } from './cli-error'
import { applyCommand, type ApplyOptions } from './commands/apply'
import { exportCommand, type ExportOptions } from './commands/export'
import { GET_KINDS, getCommand, type GetOptions } from './commands/get'
import { flowKillCommand, flowRunCommand, killCommand, logsCommand, triggerCommand, type Pause } from './commands/runs'
import { completionScript } from './completion'
import { definitionsJsonSchema } from './definitions-json-schema'
import type { Out } from './output'
import { ServerClient, type ServerOptions } from './server-client'
import { scheduleCommand, type ScheduleOptions } from './commands/schedule'
import { maintenanceCommand, type MaintenanceOptions } from './commands/maintenance'
import { backfillCommand, steerBackfillCommand, type BackfillOptions } from './commands/backfill'
import { secretRemoveCommand, secretSetCommand, type SecretSetOptions } from './commands/secrets'
import type { McpOptions } from './commands/mcp'

/** What a run of the program reads and writes: the process's, or a test's. */
export interface CliContext {
  argv: readonly string[]
  env: NodeJS.ProcessEnv
  cwd: string
  out: Out
  pause: Pause
  /** Runs a built entry point (out/main/serve.js …) with `args` as its command line; it does not return while the server runs. */
  runEntry(entry: string, args: string[]): Promise<void>
}

/** The entry points that keep their own flags, which pass through unchanged. */
const ENTRIES = [
  ['serve', 'serve.js', 'run JobDesk headless: the scheduler, the embedded executor and the console (jobdesk serve --help)'],
  ['executor', 'executor-agent.js', "run JobDesk's LAN executor agent against an admin (jobdesk executor --help)"],
  ['import-xxl', 'import-xxl.js', 'move jobs, groups and runs in from an XXL-JOB database (jobdesk import-xxl --help)'],
] as const

/**
 * The `jobdesk` command (docs/cli.md). commander gives every subcommand its help and its usage errors
 * in one line, and its command tree is what `jobdesk completion` makes the shell's completion of; it
 * is small, has no dependencies, and its 14.x line is the last that runs on Node 20. Returns the exit
 * code (docs/cli.md#exit-codes).
 */
export async function runCli(context: CliContext): Promise<number> {
  let code: number = EXIT.ok
  const done = (result: number) => {
    code = result
  }
  const program = buildProgram(context, done)
  try {
    await program.parseAsync(context.argv as string[], { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.error
    if (error instanceof CliError) {
      context.out.error(`jobdesk: ${error.message}\n`)
      for (const line of error.details) context.out.error(`  ${line}\n`)
      return error.exitCode
    }
    context.out.error(`jobdesk: ${(error as Error).message}\n`)
    return EXIT.error
  }
  return code
}

function buildProgram(context: CliContext, done: (code: number) => void): Command {
  const { out, env, cwd } = context
  const program = new Command('jobdesk')
    .description('JobDesk: a job scheduler that speaks the XXL-JOB executor protocol')
    .exitOverride()
    .configureOutput({ writeOut: (text) => out.write(text), writeErr: (text) => out.error(text) })
    .showHelpAfterError('(jobdesk --help lists the commands)')

  for (const [name, entry, description] of ENTRIES) {
    program
      .command(name)
      .description(description)
      .helpOption(false)
      .allowUnknownOption()
      .allowExcessArguments()
      .argument('[args...]', 'passed on to the command')
      .action(async (args: string[]) => context.runEntry(entry, args))
  }

  /** A subcommand that talks to a running server: --server and --token, or their variables. */
  const remote = (name: string, description: string) =>
    program
      .command(name)
      .description(description)
      .option('--server <url>', 'the JobDesk server, e.g. http://127.0.0.1:8080 (default: $JOBDESK_SERVER)')
      .option('--token <token>', 'the API token or a personal jdp_ token (default: $JOBDESK_API_TOKEN)')
  const client = (options: ServerOptions) => ServerClient.from(options, env)

  remote('apply', "make the server's calendars, groups, jobs and flows what the files say, in one transaction")
    .requiredOption('-f, --filename <paths...>', 'definition files, or folders of *.yaml / *.yml / *.json')
    .option('--dry-run', 'print the plan, change nothing')
    .option('--prune', 'delete what earlier applies wrote and the files no longer name')
    .option('--prune-all', 'as --prune, and also what the console made in the groups the files name')
    .option('-o, --output <format>', 'json: print the plan as JSON')
    .action(async (options: ApplyOptions & ServerOptions) => done(await applyCommand(client(options), out, options, 'apply', cwd)))

  remote('diff', 'print what apply would change; exit 0 in sync, 1 on a difference, 2 on an error')
    .requiredOption('-f, --filename <paths...>', 'definition files, or folders of *.yaml / *.yml / *.json')
    .option('--prune', 'count what --prune would delete as a difference')
    .option('--prune-all', 'the same for --prune-all')
    .option('-o, --output <format>', 'json: print the plan as JSON')
    .action(async (options: ApplyOptions & ServerOptions) => done(await applyCommand(client(options), out, options, 'diff', cwd)))

  remote('export', 'write the server’s calendars, groups, jobs and flows as definition files')
    .option('--format <format>', 'yaml or json', 'yaml')
    .option('-o, --output <dir>', 'one file per object under this folder (default: one stream on stdout)')
    .option('--job <names...>', 'only these jobs (app/name or name) and flows, with the jobs they lead to')
    .action(async (options: ExportOptions & ServerOptions) => done(await exportCommand(client(options), out, options, cwd)))

  remote('get', `list ${GET_KINDS.join(', ')}`)
    .argument('<kind>', GET_KINDS.join(' | '))
    .option('-o, --output <format>', 'table (default), wide, json or yaml')
    .option('--group <appName>', 'jobs, executors and secrets of this group only (secrets: its own and the global ones)')
    .option('--name <text>', 'jobs and flows whose name holds this text')
    .option('--job <job>', 'runs (backfills, alarms) of this job (id, app/name or name)')
    .option(
      '--status <status>',
      'runs in this status: pending, running, success or failed (backfills: running, paused, done, cancelled; alarms of the last 24 h: sent, failed, folded, suppressed)',
    )
    .option('--limit <n>', 'at most this many runs, newest first (default 20)')
    .option('--flow <flow>', 'backfills of this flow (id or name)')
    .option('--pool <name>', 'the queue of this resource pool only')
    .action(async (kind: string, options: GetOptions & ServerOptions) => done(await getCommand(client(options), out, kind, options)))

  remote('schedule', 'list what the server will fire in a window, and what it will not, with the reason')
    .requiredOption('--from <time>', 'a date (2026-12-31, local midnight), an ISO 8601 time or epoch ms')
    .requiredOption('--to <time>', 'the same; at most 366 days after --from')
    .option('--job <jobs...>', 'only these jobs (id, app/name or name)')
    .option('-o, --output <format>', 'table (default), json or yaml')
    .action(async (options: ScheduleOptions & ServerOptions) => done(await scheduleCommand(client(options), out, options)))

  remote('maintenance', 'show pause-all, or switch it on (no scheduled fire starts on any node) or off')
    .argument('[on|off]', 'on (with --reason) or off; leave out to show whether it is on, who switched it and why')
    .option('--reason <text>', 'why: every console shows it while pause-all is on')
    .option('-o, --output <format>', 'table (default), json or yaml')
    .action(async (word: string | undefined, options: MaintenanceOptions & ServerOptions) =>
      done(await maintenanceCommand(client(options), out, word, options)),
    )
  const backfill = remote('backfill', "run a job's (or a flow's) schedule over a past range: one run per slot; follows it to its end")
    .argument('[job]', 'the job: id, app/name or name (a job named pause, resume or cancel: by id or app/name)')
    .option('--flow <flow>', 'a flow instead of a job: id or name')
    // Required, but not as commander's required options: those would be asked of `backfill pause ID` too.
    .option('--from <time>', 'where the range starts (required): a date (2026-12-31, local midnight), an ISO 8601 time or epoch ms')
    .option('--to <time>', 'where it ends, left out (required): the same forms')
    .option('--only-missing', 'only the slots without a successful run')
    .option('--concurrency <n>', 'runs at once (default 1, at most 64)')
    .option('--order <order>', 'OLDEST_FIRST (default) or NEWEST_FIRST')
    .option('--dry-run', 'print the slots, start nothing')
    .option('--max-slots <n>', 'take more than 100,000 slots (up to 1,000,000)')
    .option('-o, --output <format>', 'for --dry-run: table (default), json or yaml')
    .action(async (job: string | undefined, options: BackfillOptions & ServerOptions) =>
      done(await backfillCommand(client(options), out, job, options, context.pause)),
    )
  for (const action of ['pause', 'resume', 'cancel'] as const) {
    backfill
      .command(action)
      .description(action === 'cancel' ? 'cancel its pending slots (runs going are left to end)' : `${action} a backfill`)
      .argument('<id>', 'the backfill id (jobdesk get backfills lists them)')
      .option('--server <url>', 'the JobDesk server, e.g. http://127.0.0.1:8080 (default: $JOBDESK_SERVER)')
      .option('--token <token>', 'the API token or a personal jdp_ token (default: $JOBDESK_API_TOKEN)')
      .action(async (id: string, options: ServerOptions) => done(await steerBackfillCommand(client(options), out, action, id)))
  }

  program
    .command('mcp')
    .description("an MCP server on stdin/stdout for an AI assistant to launch: it forwards to the server's /mcp (docs/mcp.md)")
    .option('--server <url>', 'the JobDesk server, e.g. http://127.0.0.1:8080 (default: $JOBDESK_SERVER)')
    .option('--token <token>', 'an MCP token (API tokens page, scope MCP) (default: $JOBDESK_TOKEN)')
    .action(async (options: McpOptions) => {
      // The MCP SDK is loaded by this command only: every other command starts ~50 ms sooner.
      const { mcpCommand } = await import('./commands/mcp')
      done(await mcpCommand(options, env))
    })

  remote('trigger', 'run a job once now; prints the run id')
    .argument('<job>', 'the job: id, app/name or name')
    .option(
      '--param <param>',
      "the run's parameter (default: the job's); for a job with typed parameters name=value, once per parameter",
      (value: string, earlier: string[] | undefined) => [...(earlier ?? []), value],
    )
    .option('--address <address...>', "run it on this executor address (one of the job's group)")
    .action(async (job: string, options: { param?: string[]; address?: string[] } & ServerOptions) =>
      done(await triggerCommand(client(options), out, job, options)),
    )

  remote('logs', "print a run's log")
    .argument('<run>', 'the run id')
    .option('-f, --follow', 'keep printing until the run ends; exit 0 when it succeeded, 1 otherwise')
    .action(async (run: string, options: { follow?: boolean } & ServerOptions) => done(await logsCommand(client(options), out, run, options, context.pause)))

  remote('artifacts', 'download the files a run left (its artifacts) into a folder')
    .argument('<run>', 'the run id')
    .option('-o, --output <dir>', 'the folder to write them to (default: the current folder)')
    .action(async (run: string, options: { output?: string } & ServerOptions) => done(await artifactsCommand(client(options), out, run, options)))

  remote('kill', "stop a running run; the job's retries follow it, as after a failure, unless --no-retry")
    .argument('<run>', 'the run id')
    .option('--no-retry', 'no automatic retry afterwards, whatever retries the job has left')
    .action(async (run: string, options: { retry?: boolean } & ServerOptions) => done(await killCommand(client(options), out, run, options)))

  const flow = program.command('flow').description('act on flows')
  flow
    .command('run')
    .description('start a run of a flow; prints the flow run id')
    .argument('<flow>', 'the flow: id or name')
    .option(
      '--param <param>',
      '${flow.param} of the run; for a flow with typed parameters name=value, once per parameter',
      (value: string, earlier: string[] | undefined) => [...(earlier ?? []), value],
    )
    .option('--server <url>', 'the JobDesk server, e.g. http://127.0.0.1:8080 (default: $JOBDESK_SERVER)')
    .option('--token <token>', 'the API token or a personal jdp_ token (default: $JOBDESK_API_TOKEN)')
    .action(async (name: string, options: { param?: string[] } & ServerOptions) => done(await flowRunCommand(client(options), out, name, options)))
  flow
    .command('kill')
    .description("end a flow run as killed: its running nodes' runs are killed")
    .argument('<run>', 'the flow run id')
    .option('--keep-finished', 'nodes whose runs have ended keep their outcome; the nodes not reached end killed too (default: they stay pending)')
    .option('--server <url>', 'the JobDesk server, e.g. http://127.0.0.1:8080 (default: $JOBDESK_SERVER)')
    .option('--token <token>', 'the API token or a personal jdp_ token (default: $JOBDESK_API_TOKEN)')
    .action(async (run: string, options: { keepFinished?: boolean } & ServerOptions) => done(await flowKillCommand(client(options), out, run, options)))

  const secret = program.command('secret').description("write a secret's value, or remove a secret (docs/secrets.md); values are never read back")
  const serverOptions = (command: Command) =>
    command
      .option('--server <url>', 'the JobDesk server, e.g. http://127.0.0.1:8080 (default: $JOBDESK_SERVER)')
      .option('--token <token>', 'the API token or a personal jdp_ token (default: $JOBDESK_API_TOKEN)')
  serverOptions(
    secret
      .command('set')
      .description('store a new value for a secret; the value it replaces stays usable for the grace period (24 h)')
      .argument('<name>', 'the secret: what ${secrets.NAME} refers to')
      .option('--group <appName>', 'the executor group whose secret it is (its app name or id); left out: a global secret (admins)')
      .option('--from-env <var>', "the value is this environment variable's")
      .option('--from-file <file>', "the value is this file's content (one line ending at its end dropped)")
      // Taken only to refuse it with the reason: a value on a command line leaks.
      .addOption(new Option('--value <value>').hideHelp()),
  ).action(async (name: string, options: SecretSetOptions & ServerOptions) => done(await secretSetCommand(client(options), out, name, options, env, cwd)))
  serverOptions(
    secret
      .command('rm')
      .description('remove a secret with every version of it')
      .argument('<name>', 'the secret')
      .option('--group <appName>', 'the executor group whose secret it is; left out: a global secret'),
  ).action(async (name: string, options: { group?: string } & ServerOptions) => done(await secretRemoveCommand(client(options), out, name, options)))

  program
    .command('secrets')
    .description("act on the secrets store of this host's data folder or database")
    .command('rotate-key')
    .description('re-encrypt every secret under a new key in one transaction, then replace the key file (stop the nodes first)')
    .option('--new-key-file <file>', 'the new key (32 bytes as base64 on one line); default: a new random key')
    .option('--key-file <file>', 'the key file the nodes read, as --secrets-key-file of jobdesk serve (default: <data-dir>/secrets.key)')
    .option('--data-dir <dir>', 'the data folder, as for jobdesk serve (default: $JOBDESK_DATA_DIR or the per-user folder)')
    .option('--database <url>', 'a postgres:// or mysql:// URL or a SQLite file, as for jobdesk serve (default: $JOBDESK_DATABASE_URL)')
    .action(async (options: { newKeyFile?: string; keyFile?: string; dataDir?: string; database?: string }) => {
      // Loaded only here: the other commands never open a store.
      const { rotateKeyCommand } = await import('./commands/rotate-key')
      done(await rotateKeyCommand(out, options, env))
    })

  program
    .command('reset-password')
    .description("give a user a new one-time password, in this host's data folder or database (e.g. a lost first-start password)")
    .argument('<user>', "the user's name (the first admin is 'admin')")
    .option('--data-dir <dir>', 'the data folder, as for jobdesk serve (default: $JOBDESK_DATA_DIR or the per-user folder)')
    .option('--database <url>', 'a postgres:// or mysql:// URL or a SQLite file, as for jobdesk serve (default: $JOBDESK_DATABASE_URL)')
    .action(async (user: string, options: { dataDir?: string; database?: string }) => {
      // Loaded only here: the other commands never open a store.
      const { resetPasswordCommand } = await import('./commands/reset-password')
      done(await resetPasswordCommand(out, user, options, env))
    })

  program
    .command('completion')
    .description('print a shell completion script: eval "$(jobdesk completion bash)" in ~/.bashrc')
    .argument('[shell]', 'bash or zsh', 'bash')
    .action((shell: string) => {
      if (shell !== 'bash' && shell !== 'zsh') throw new CliError(`completion: '${shell}' is not bash or zsh`)
      out.write(completionScript(program, shell))
    })

  program
    .command('schema')
    .description('print the JSON Schema of definition files (for editors: yaml-language-server, VS Code)')
    .action(() => {
      out.write(`${JSON.stringify(definitionsJsonSchema(), null, 2)}\n`)
    })
  return program
}

/** Runs `file` (an entry beside this bundle) as if started with `args`. */
export async function importEntry(folder: URL, entry: string, args: string[]): Promise<void> {
  const file = new URL(entry, folder)
  process.argv = [process.argv[0], file.pathname, ...args]
  await import(pathToFileURL(file.pathname).href)
}
