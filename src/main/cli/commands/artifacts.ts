import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { artifactNameProblem, artifactPath, formatBytes, type ArtifactView } from '../../../shared/artifacts-api'
import { CliError, EXIT } from '../cli-error'
import type { Out } from '../output'
import type { ServerClient } from '../server-client'
import { runId } from './lookup'

/**
 * `jobdesk artifacts RUN [-o DIR]`: downloads the run's kept files into DIR (default: the current
 * folder). Each name is checked again here before a file is written (the server's word is not
 * enough to decide where a file goes); a file is written beside its name and renamed when whole.
 */
export async function artifactsCommand(client: ServerClient, out: Out, ref: string, options: { output?: string }): Promise<number> {
  const id = runId(ref)
  const listed = await client.call<ArtifactView[]>('listArtifacts', { runId: id })
  if (listed.length === 0) {
    out.error(`run ${id} has no artifacts\n`)
    return EXIT.ok
  }
  const dir = resolve(options.output ?? '.')
  await mkdir(dir, { recursive: true })
  let failed = 0
  for (const artifact of listed) {
    const problem = artifactNameProblem(artifact.name)
    if (problem) {
      out.error(`artifact ${JSON.stringify(artifact.name)}: not written, ${problem}\n`)
      failed++
      continue
    }
    const response = await client.download(artifactPath(id, artifact.name))
    if (response.status !== 200 || !response.body) {
      out.error(`artifact ${artifact.name}: HTTP ${response.status}: ${(await response.text()).trim().slice(0, 300)}\n`)
      failed++
      continue
    }
    const target = join(dir, artifact.name)
    const part = join(dir, `.${artifact.name}.part`)
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(part))
      await rename(part, target)
    } catch (error) {
      await rm(part, { force: true })
      throw new CliError(`artifact ${artifact.name}: could not be written to ${dir}: ${(error as Error).message}`)
    }
    out.write(`${target} (${formatBytes(artifact.size)}, ${artifact.contentType})\n`)
  }
  return failed > 0 ? EXIT.error : EXIT.ok
}
