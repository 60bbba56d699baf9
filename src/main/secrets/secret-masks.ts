import type { Logger } from '../kernel/logger'
import { maskerFor, NO_MASK, type Masker } from './mask'
import type { SecretReader } from './secret-reader'

/**
 * The masker of every value a run may carry (SecretReader.allValues), kept compiled so each log
 * write, handle message and output asks for it synchronously: reading the store once per write
 * would put a database read on every run's path. The store calls `invalidate` when a secret is
 * set, rotated or removed; until the new values are read the old masker stays (it masks a
 * superset of what is still valid, minus a value set this instant). With no secrets the masker is
 * NO_MASK, whose `none` is the one check a run pays.
 */
export class SecretMasks {
  private masker: Masker = NO_MASK
  private loading: Promise<void> | null = null
  private again = false

  constructor(
    private readonly reader: SecretReader,
    private readonly logger?: Pick<Logger, 'warn'>,
    /** Told the values after each read (the process log's redaction takes them out of its lines too). */
    private readonly onValues?: (values: readonly string[]) => void,
  ) {}

  /** The masker as last read. */
  current(): Masker {
    return this.masker
  }

  /** Reads the values again (at start, and whenever the store changed); resolves once they are in. */
  invalidate(): Promise<void> {
    if (this.loading) {
      this.again = true
      return this.loading
    }
    this.loading = this.load().finally(() => {
      this.loading = null
      if (this.again) {
        this.again = false
        void this.invalidate()
      }
    })
    return this.loading
  }

  private async load(): Promise<void> {
    try {
      const values = await this.reader.allValues()
      this.masker = maskerFor(values)
      this.onValues?.(values)
    } catch (error) {
      this.logger?.warn('reading the secrets to mask failed; the last ones stay', { error: (error as Error).message })
    }
  }
}
