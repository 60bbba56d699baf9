import { id } from './primitives'
import { z } from './z'

/** `listArtifacts { runId }` (docs/artifacts.md). */
export const listArtifactsArgs = z.strictObject({ runId: id })
