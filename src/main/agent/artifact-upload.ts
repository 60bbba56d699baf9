import { createReadStream } from 'node:fs'
import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Dispatcher } from 'undici'
import { artifactNameProblem, formatBytes, type ArtifactView } from '../../shared/artifacts-api'
import type { ArtifactKeeper } from '../executor/lane/run-artifacts'
import { loadUndici } from '../kernel/lazy-undici'
import { ACCESS_TOKEN_HEADER, APP_NAME_HEADER } from '../net/wire/auth'
import { describeTransportError } from '../net/wire/post-json'

/** Files one run uploads at most; the server has its own limits (docs/artifacts.md#limits). */
const FILES_PER_RUN_MAX = 100
/** One file's upload, as long as a slow link needs for the server's per-file limit. */
const UPLOAD_TIMEOUT_MS = 120_000

/**
 * The agent's artifact keeper: each plain file of an ended run's folder is streamed to
 * `PUT /api/artifacts/<run id>/<name>` on the first admin that answers, with the credential the
 * run's callback uses (the server takes it only for a run that credential may report, and applies
 * its limits). Returns the lines for the run's log, the server's refusals word for word.
 */
export function artifactUploader(options: { adminUrls: readonly string[]; accessToken: string; appName: string; dispatcher?: Dispatcher }): ArtifactKeeper {
  const headers = { [ACCESS_TOKEN_HEADER]: options.accessToken, [APP_NAME_HEADER]: options.appName }
  return async (run, dir) => {
    const lines: string[] = []
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))
    let count = 0
    for (const entry of entries) {
      const shown = JSON.stringify(entry.name)
      const problem = artifactNameProblem(entry.name)
      if (problem) {
        lines.push(`artifact ${shown}: refused, ${problem}`)
        continue
      }
      const path = join(dir, entry.name)
      const stat = await lstat(path)
      if (!stat.isFile()) {
        lines.push(`artifact ${shown}: not kept, only plain files are (no folders or links)`)
        continue
      }
      if (++count > FILES_PER_RUN_MAX) {
        lines.push(`artifact ${shown}: not kept, a run keeps at most ${FILES_PER_RUN_MAX} files`)
        continue
      }
      lines.push(await uploadOne(run.logId, entry.name, path, stat.size))
    }
    return lines
  }

  async function uploadOne(logId: number, name: string, path: string, size: number): Promise<string> {
    const undici = await loadUndici()
    let lastFailure = 'no admin answered'
    for (const base of options.adminUrls) {
      const url = `${base.trim().replace(/\/+$/, '')}/api/artifacts/${logId}/${encodeURIComponent(name)}`
      try {
        const response = await undici.request(url, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(size) },
          body: createReadStream(path),
          dispatcher: options.dispatcher,
          headersTimeout: UPLOAD_TIMEOUT_MS,
          bodyTimeout: UPLOAD_TIMEOUT_MS,
        })
        const text = (await response.body.text()).trim().slice(0, 1000)
        if (response.statusCode === 200) {
          const kept = JSON.parse(text) as ArtifactView
          return `artifact ${name}: kept (${formatBytes(kept.size)}, ${kept.contentType})`
        }
        // The server read it and said no (a limit, the scope): another admin would say the same.
        if (response.statusCode !== 404 && response.statusCode < 500) return text
        lastFailure = `${base} answered ${response.statusCode}`
      } catch (error) {
        lastFailure = describeTransportError(error, UPLOAD_TIMEOUT_MS)
      }
    }
    return `artifact ${name}: not uploaded, ${lastFailure}`
  }
}
