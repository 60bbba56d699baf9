import type { MigrationStep } from './migration-step'

/**
 * Tokens for AI agents (docs/mcp.md): a personal token's scope ('openapi', every token before this
 * step, or 'mcp': accepted at `/mcp` only, and nowhere else) and, for an MCP token, its mode ('read'
 * or 'operate'; '' for an OpenAPI token). The audit trail says by which way a call came (`via`:
 * 'mcp' for a call an agent made through an MCP token; '' for every other way), so a person reading
 * it tells an agent's action from its owner's own.
 */
export const mcpTokens: MigrationStep = {
  version: 35,
  description: "MCP tokens: a personal token's scope and mode, and the way (via) an audited call came",
  sqlite: {
    sql: `
      ALTER TABLE job_api_token ADD COLUMN scope TEXT NOT NULL DEFAULT 'openapi';
      ALTER TABLE job_api_token ADD COLUMN mode TEXT NOT NULL DEFAULT '';
      ALTER TABLE job_audit ADD COLUMN via TEXT NOT NULL DEFAULT '';
    `,
  },
  postgres: {
    statements: [
      "ALTER TABLE job_api_token ADD COLUMN IF NOT EXISTS scope TEXT NOT NULL DEFAULT 'openapi'",
      "ALTER TABLE job_api_token ADD COLUMN IF NOT EXISTS mode TEXT NOT NULL DEFAULT ''",
      "ALTER TABLE job_audit ADD COLUMN IF NOT EXISTS via TEXT NOT NULL DEFAULT ''",
    ],
  },
  mysql: {
    // One column a statement: a re-run's "duplicate column" means that one is done.
    statements: [
      "ALTER TABLE job_api_token ADD COLUMN scope VARCHAR(16) NOT NULL DEFAULT 'openapi'",
      "ALTER TABLE job_api_token ADD COLUMN mode VARCHAR(16) NOT NULL DEFAULT ''",
      "ALTER TABLE job_audit ADD COLUMN via VARCHAR(16) NOT NULL DEFAULT ''",
    ],
  },
}
