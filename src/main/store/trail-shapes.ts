import { createHash } from 'node:crypto'
import type { Connection } from './sql/connection'
import { idChunks, inList, insertRows } from './sql/insert-rows'
import type { TrailParts } from '../domain/runs'
import { joinTrailTexts } from '../domain/trail-parts'

/**
 * Each distinct trail shape (TrailParts, domain/trail-parts.ts) is written once, to `job_trail_shape`,
 * under a digest of its text; a run's `job_log.trigger_trail` holds that digest and its own run part
 * (`trailReference`). A whole trail in a `job_log_trail` row per run (~0.5 KB) cost about a tenth of
 * a fire's CPU at 10k every-second jobs (docs/benchmarks.md#b1-throughput).
 *
 * `KnownTrailShapes` is what one store (one process) knows is in the table, so that a run whose
 * shape was seen before writes nothing but its row. A shape counts as known only once the
 * transaction that wrote it has committed: a digest from a transaction rolled back would otherwise
 * be handed to later runs, and their trails would point at nothing.
 */
export class KnownTrailShapes {
  /** Shape text → digest, for shapes committed to the table. */
  private readonly digests = new Map<string, string>()
  /** Digest → shape text, for reading runs back: content-addressed, so true whether or not it committed. */
  private readonly texts = new Map<string, string>()

  constructor(private readonly maxEntries = MAX_KNOWN_SHAPES) {}

  digestOf(shape: string): string | undefined {
    return this.digests.get(shape)
  }

  textOf(digest: string): string | undefined {
    return this.texts.get(digest)
  }

  /** Shapes now in the table for good (their transaction committed, or they were found there). */
  committed(shapes: ReadonlyMap<string, string>): void {
    for (const [shape, digest] of shapes) remember(this.digests, shape, digest, this.maxEntries)
  }

  read(digest: string, shape: string): void {
    remember(this.texts, digest, shape, this.maxEntries)
  }

  /** What one transaction (or one autocommit call, `autocommit`) sees: the known shapes and those it wrote itself. */
  forWork(autocommit: boolean): TrailShapeWrites {
    return new TrailShapeWrites(this, autocommit)
  }
}

/**
 * A bound on each map: a process meets few shapes (a job's routes and retries, its executors as they
 * come and go), but a store open for months should not keep every one it ever saw.
 */
const MAX_KNOWN_SHAPES = 20_000

function remember(map: Map<string, string>, key: string, value: string, max: number): void {
  if (map.size >= max && !map.has(key)) map.clear()
  map.set(key, value)
}

/** The shapes of one transaction's work: the ones it wrote become known when it commits (`committed`). */
export class TrailShapeWrites {
  private readonly written = new Map<string, string>()

  constructor(
    readonly known: KnownTrailShapes,
    private readonly autocommit: boolean,
  ) {}

  /**
   * The `job_log.trigger_trail` value of each trail (null for none), writing the shapes not in the
   * table yet. Insert-or-ignore: two nodes that meet one new shape at once write one row.
   */
  async columnValues(db: Connection, trails: readonly (TrailParts | null)[]): Promise<(string | null)[]> {
    const fresh = new Map<string, string>()
    const values = trails.map((trail) => {
      if (trail === null) return null
      let digest = this.known.digestOf(trail.shape) ?? this.written.get(trail.shape) ?? fresh.get(trail.shape)
      if (digest === undefined) fresh.set(trail.shape, (digest = shapeDigest(trail.shape)))
      return trailReference(digest, trail.run)
    })
    if (fresh.size > 0) {
      // In digest order: two nodes' transactions that meet the same new shapes lock them in one order.
      const rows = [...fresh].map(([shape, digest]) => [digest, shape]).sort((x, y) => (x[0] < y[0] ? -1 : 1))
      await insertRows(db, 'job_trail_shape', ['digest', 'shape'], rows, true)
      if (this.autocommit) this.known.committed(fresh)
      else for (const [shape, digest] of fresh) this.written.set(shape, digest)
    }
    return values
  }

  /** Called once the transaction has committed. */
  committed(): void {
    this.known.committed(this.written)
  }
}

/** The first 22 characters of SHA-256 in base64url (132 bits): the shape's key. */
export function shapeDigest(shape: string): string {
  return createHash('sha256').update(shape).digest('base64url').slice(0, DIGEST_CHARS)
}

const DIGEST_CHARS = 22

/**
 * The column's text: the digest, a space, the run part's JSON (runPartText; ~125 bytes for a run
 * routed FIRST). Every run writes it; a longer JSON envelope measured no different, so it is simply
 * the shortest that reads back.
 */
function trailReference(digest: string, run: string): string {
  return `${digest} ${run}`
}

/** A run's `trigger_trail` and its `executor_address`, which the column leaves out (runPartText). */
export interface StoredTrail {
  column: string
  executorAddress: string
}

/**
 * The whole trail's JSON from the column's reference (`trailReference`), or null when the column
 * holds something else or its shape cannot be found. Reads the shapes the process has not seen.
 */
export async function trailsFromReferences(db: Connection, known: KnownTrailShapes, trails: readonly StoredTrail[]): Promise<(string | null)[]> {
  const refs = trails.map((trail) => parseTrailReference(trail.column))
  const missing = [...new Set(refs.flatMap((ref) => (ref && known.textOf(ref.shape) === undefined ? [ref.shape] : [])))]
  for (const digests of idChunks(missing)) {
    const rows = await db.all<{ digest: string; shape: string }>(
      `SELECT digest, shape FROM job_trail_shape WHERE digest IN (${inList(digests.length)})`,
      digests,
    )
    for (const row of rows) known.read(row.digest, row.shape)
  }
  return refs.map((ref, i) => {
    const shape = ref && known.textOf(ref.shape)
    if (!shape) return null
    try {
      return JSON.stringify(joinTrailTexts(shape, ref.run, trails[i].executorAddress))
    } catch {
      return null
    }
  })
}

/** The column's reference split into the shape's digest and the run part's text; null for any other text. */
export function parseTrailReference(column: string): { shape: string; run: string } | null {
  if (column.length < DIGEST_CHARS + 3 || column[DIGEST_CHARS] !== ' ' || column[DIGEST_CHARS + 1] !== '{') return null
  return { shape: column.slice(0, DIGEST_CHARS), run: column.slice(DIGEST_CHARS + 1) }
}
