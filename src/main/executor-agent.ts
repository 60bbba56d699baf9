/**
 * The LAN executor agent entry (`npm run executor -- --admin URL --token T --app NAME`, or the
 * `jobdesk-executor` bin): parses the command line, starts the agent, and on SIGTERM/SIGINT removes
 * its registration before stopping gracefully. Operator-facing failures are one line on stderr and a
 * non-zero exit (2 for a bad command line, 1 for anything else).
 */
import { parseAgentArgs, USAGE } from './agent/agent-args'
import { startAgent, type RunningAgent } from './agent/run-agent'
import { exitWith, readCommandLine } from './kernel/command-line'
import { consoleLogger } from './kernel/logger'
import { ListenError } from './net/executor-server'

const NAME = 'jobdesk-executor'

const fail = (message: string, exitCode: number): never => exitWith(NAME, message, exitCode)

async function main(): Promise<void> {
  const config = readCommandLine(
    NAME,
    () => parseAgentArgs(process.argv.slice(2), process.env),
    USAGE,
    (message) => `${message} (see --help)`,
  )
  if (!config) return

  let agent: RunningAgent
  try {
    agent = await startAgent(config, { logger: consoleLogger('executor-agent') })
  } catch (error) {
    if (error instanceof ListenError) fail(`${error.message}${error.code === 'EADDRINUSE' ? ' (pick another with --port)' : ''}`, 1)
    throw error
  }
  console.log(`${NAME}: listening on ${agent.host}:${agent.port}; registering ${config.appName} as ${agent.address} with ${config.adminAddresses.join(', ')}`)
  if (/^127\.|^localhost$|^::1$/.test(agent.host) && !config.adminAddresses.every((a) => /^https?:\/\/(127\.|localhost[:/]|\[::1\])/.test(a))) {
    console.log(`${NAME}: bound to ${agent.host}, so only this machine can reach it; start with --host 0.0.0.0 to serve an admin on another machine`)
  }
  if (config.enableScripts) console.log(`${NAME}: GLUE script jobs are enabled (admins holding the token can run commands on this machine)`)
  void agent.firstBeat.then((outcome) =>
    outcome.ok
      ? console.log(`${NAME}: registered with ${outcome.adminUrl}`)
      : console.error(`${NAME}: no admin accepted the registration yet (${outcome.error}); retrying every beat`),
  )

  let stopping = false
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) fail(`${signal} again: exiting without finishing the graceful stop`, 1)
    stopping = true
    console.log(`${NAME}: ${signal}: removing the registration, then stopping (running jobs are killed, queued jobs reported as not executed)`)
    agent.stop().then(
      () => {
        console.log(`${NAME}: stopped`)
        process.exit(0)
      },
      (error: unknown) => fail(`stop failed: ${error instanceof Error ? error.message : String(error)}`, 1),
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1))
