/** What a LAN executor agent process on loopback is started with, by tests, end-to-end tests and benchmarks alike. */
export interface LoopbackAgent {
  /** The admin's base address it registers with. */
  admin: string
  token: string
  appName: string
  /** 0 (the default): a free port the agent picks and prints. */
  port?: number
  /** Absent: the agent's default beat. */
  beatIntervalMs?: number
  logPath: string
  /** The folder of BEAN handlers it loads (`--handlers`). */
  handlers: string
}

/** The command-line arguments of `executor-agent` (after its entry file) for an agent on 127.0.0.1. */
export function loopbackAgentArgs(agent: LoopbackAgent): string[] {
  return [
    '--admin',
    agent.admin,
    '--token',
    agent.token,
    '--app',
    agent.appName,
    '--port',
    String(agent.port ?? 0),
    '--host',
    '127.0.0.1',
    ...(agent.beatIntervalMs === undefined ? [] : ['--beat-interval-ms', String(agent.beatIntervalMs)]),
    '--handlers',
    agent.handlers,
    '--log-path',
    agent.logPath,
  ]
}
