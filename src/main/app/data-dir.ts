import { homedir } from 'node:os'
import { join } from 'node:path'

/** The folder name under the OS's per-user app-data folder; the Electron shell uses the same one. */
export const APP_FOLDER_NAME = 'JobDesk'

/**
 * Where JobDesk keeps its database and run logs: `--data-dir`, else `JOBDESK_DATA_DIR`, else the
 * OS's per-user app-data folder (what Electron calls userData): `%APPDATA%\JobDesk` on Windows,
 * `~/Library/Application Support/JobDesk` on macOS, `$XDG_CONFIG_HOME/JobDesk` (default
 * `~/.config/JobDesk`) elsewhere.
 */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (flag) return flag
  if (env.JOBDESK_DATA_DIR) return env.JOBDESK_DATA_DIR
  return join(appDataRoot(env, platform), APP_FOLDER_NAME)
}

function appDataRoot(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  if (platform === 'win32') return env.APPDATA ?? join(homedir(), 'AppData', 'Roaming')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support')
  return env.XDG_CONFIG_HOME ?? join(homedir(), '.config')
}

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'jobdesk.db')
}

export function runLogDir(dataDir: string): string {
  return join(dataDir, 'logs')
}

/** Job handler modules of the embedded executor (see executor/handlers/handler-contract.ts). */
export function handlerDir(dataDir: string): string {
  return join(dataDir, 'handlers')
}

/** Kept run artifacts, `<run id>/<name>` (artifacts/artifact-store.ts). */
export function artifactDir(dataDir: string): string {
  return join(dataDir, 'artifacts')
}

/** The embedded executor's runs' artifact folders while they run, `<run id>/` (emptied at each start). */
export function artifactRunDir(dataDir: string): string {
  return join(dataDir, 'artifact-runs')
}
