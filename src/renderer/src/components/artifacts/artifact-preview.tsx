import { Table, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ArtifactView } from '../../../../shared/artifacts-api'
import { useT } from '../../i18n/use-t'
import { csvRows } from '../../lib/artifacts/csv-rows'
import { fetchArtifact } from '../../services/artifacts'

/** Rows a CSV preview shows; text previews show this many bytes. */
const CSV_PREVIEW_ROWS = 200
const TEXT_PREVIEW_BYTES = 256 * 1024

type Kind = 'csv' | 'json' | 'text' | 'image'

/** How a type is previewed, or null for none (the type is the server's sniff, never the run's word). */
export function previewKind(contentType: string): Kind | null {
  if (contentType === 'text/csv') return 'csv'
  if (contentType === 'application/json') return 'json'
  if (contentType.startsWith('text/')) return 'text'
  if (/^image\/(png|jpeg|gif|webp)$/.test(contentType)) return 'image'
  return null
}

type Loaded = { kind: 'csv'; rows: string[][]; total: number } | { kind: 'text'; text: string; cut: boolean } | { kind: 'image'; url: string }

/** One artifact's preview: text and JSON as text (JSON pretty), CSV as a table, images from a blob URL. */
export function ArtifactPreview({ runId, artifact }: { runId: number; artifact: ArtifactView }) {
  const t = useT()
  const kind = previewKind(artifact.contentType)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!kind) return
    let current = true
    let url: string | null = null
    fetchArtifact(runId, artifact.name).then(
      async (blob) => {
        if (kind === 'image') {
          url = URL.createObjectURL(blob)
          if (current) setLoaded({ kind: 'image', url })
          return
        }
        const text = await blob.slice(0, TEXT_PREVIEW_BYTES).text()
        if (!current) return
        if (kind === 'csv') setLoaded({ kind: 'csv', ...csvRows(text, CSV_PREVIEW_ROWS) })
        else setLoaded({ kind: 'text', text: kind === 'json' ? prettyJson(text) : text, cut: blob.size > TEXT_PREVIEW_BYTES })
      },
      (failure: Error) => current && setError(failure.message),
    )
    return () => {
      current = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [runId, artifact.name, kind])

  if (!kind)
    return (
      <Text size="sm" c="dimmed">
        {t('artifacts.noPreview')}
      </Text>
    )
  if (error)
    return (
      <Text size="sm" c="red">
        {t('artifacts.previewFailed', { reason: error })}
      </Text>
    )
  if (!loaded)
    return (
      <Text size="sm" c="dimmed">
        {t('common.loading')}
      </Text>
    )
  if (loaded.kind === 'image')
    return <img src={loaded.url} alt={artifact.name} data-testid="artifact-image" style={{ maxWidth: '100%', imageRendering: 'pixelated', minWidth: 32 }} />
  if (loaded.kind === 'text') {
    return (
      <div>
        <pre className="jd-pre" data-testid="artifact-text">
          {loaded.text}
        </pre>
        {loaded.cut && (
          <Text size="xs" c="dimmed">
            {t('artifacts.textCut', { shown: TEXT_PREVIEW_BYTES, total: artifact.size })}
          </Text>
        )}
      </div>
    )
  }
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table withTableBorder withColumnBorders striped data-testid="artifact-csv">
        <Table.Tbody>
          {loaded.rows.map((row, r) => (
            <Table.Tr key={r} data-testid="artifact-csv-row">
              {row.map((cell, c) => (
                <Table.Td key={c}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {loaded.total > loaded.rows.length && (
        <Text size="xs" c="dimmed">
          {t('artifacts.csvRows', { shown: loaded.rows.length, total: loaded.total })}
        </Text>
      )}
    </div>
  )
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
