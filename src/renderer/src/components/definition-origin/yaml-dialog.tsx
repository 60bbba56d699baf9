import { Button, Group, Modal, Text, Textarea } from '@mantine/core'
import { useRef, useState } from 'react'
import { useT } from '../../i18n/use-t'
import { writeClipboard } from '../../lib/definitions/clipboard'

/** Where the clipboard could not be written: the YAML to select and copy by hand, read-only. */
export function YamlDialog({ title, yaml, onClose }: { title: string; yaml: string | null; onClose(): void }) {
  const t = useT()
  const area = useRef<HTMLTextAreaElement>(null)
  const [copied, setCopied] = useState(false)

  const copy = async () => {
    const text = area.current
    if (!text) return
    text.focus()
    text.select()
    // A click here is a fresh user gesture, which the first try (after the export's round trip) may have lacked.
    // Without a clipboard API (plain http) the old command copies the selection; when it cannot, the text stays selected for Ctrl+C.
    const done = (await writeClipboard(text.value)) || document.execCommand('copy')
    setCopied(done)
  }

  return (
    <Modal opened={yaml !== null} onClose={onClose} title={title} size="lg" data-testid="definition-yaml-dialog">
      <Text size="sm" c="dimmed" mb="xs">
        {t('origin.dialogHint')}
      </Text>
      <Textarea
        ref={area}
        value={yaml ?? ''}
        readOnly
        autosize
        minRows={6}
        maxRows={20}
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
        aria-label={title}
        data-testid="definition-yaml-text"
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button onClick={() => void copy()} color={copied ? 'teal' : undefined} data-testid="definition-yaml-copy">
          {copied ? t('origin.copiedShort') : t('origin.copy')}
        </Button>
      </Group>
    </Modal>
  )
}
