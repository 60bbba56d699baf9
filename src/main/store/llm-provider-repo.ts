import type { LlmProviderView } from '../../shared/llm-provider'
import type { Connection } from './sql/connection'

interface Row {
  group_id: number
  base_url: string
  model: string
  api_key_secret: string
  timeout_sec: number
  max_tokens: number
  update_time: number | string
  updated_by: string
}

const COLUMNS = ['group_id', 'base_url', 'model', 'api_key_secret', 'timeout_sec', 'max_tokens', 'update_time', 'updated_by'] as const

/** `job_llm_provider`: each executor group's LLM provider (docs/llm-steps.md); the key's secret by name. */
export class LlmProviderRepo {
  constructor(private readonly db: Connection) {}

  async get(groupId: number): Promise<LlmProviderView | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_llm_provider WHERE group_id = ?', [groupId])
    return row && providerOf(row)
  }

  /** Every group's provider, by group id (definition files and exports). */
  async all(): Promise<LlmProviderView[]> {
    const rows = await this.db.all<Row>('SELECT * FROM job_llm_provider ORDER BY group_id')
    return rows.map(providerOf)
  }

  /** Sets the group's provider, replacing the one it had. */
  async put(provider: LlmProviderView): Promise<void> {
    await this.db.run(
      this.db.dialect.upsert(
        'job_llm_provider',
        COLUMNS,
        ['group_id'],
        COLUMNS.filter((c) => c !== 'group_id'),
      ),
      [
        provider.groupId,
        provider.baseUrl,
        provider.model,
        provider.apiKeySecret ?? '',
        provider.timeoutSec,
        provider.maxTokens,
        provider.updatedAtMs,
        provider.updatedBy,
      ],
    )
  }

  /** Resolves false when the group had none. */
  async delete(groupId: number): Promise<boolean> {
    return (await this.db.run('DELETE FROM job_llm_provider WHERE group_id = ?', [groupId])) > 0
  }
}

function providerOf(row: Row): LlmProviderView {
  return {
    groupId: Number(row.group_id),
    baseUrl: row.base_url,
    model: row.model,
    apiKeySecret: row.api_key_secret === '' ? null : row.api_key_secret,
    timeoutSec: Number(row.timeout_sec),
    maxTokens: Number(row.max_tokens),
    updatedAtMs: Number(row.update_time),
    updatedBy: row.updated_by,
  }
}
