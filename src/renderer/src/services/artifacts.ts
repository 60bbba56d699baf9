import type { JobDeskApi } from '../../../shared/api'
import { artifactPath } from '../../../shared/artifacts-api'
import { client, consoleToken } from '../api/client'

/* A run's artifacts: listed over the bridge, their content over HTTP (docs/artifacts.md). */

export const listArtifacts: JobDeskApi['listArtifacts'] = (...args) => client().listArtifacts(...args)

/** Whether this console can read artifact contents: a browser on the server's origin (headless), not the desktop app's IPC. */
export function canReadArtifacts(): boolean {
  return !window.jobdesk
}

/** The content of a kept file, with the session cookie or the tab's console token. */
export async function fetchArtifact(runId: number, name: string): Promise<Blob> {
  const token = consoleToken()
  const response = await fetch(artifactPath(runId, name), {
    credentials: 'same-origin',
    headers: token ? { 'X-JobDesk-Console-Token': token } : {},
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${(await response.text()).trim().slice(0, 200)}`)
  return response.blob()
}
