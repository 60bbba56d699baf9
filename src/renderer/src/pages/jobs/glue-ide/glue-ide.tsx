import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import type { GlueVersion } from '../../../../../shared/api'
import type { JobInfo } from '../../../../../shared/model'
import { listGlueVersions } from '../../../services/jobs'
import { LazyCodeEditor, LazyGlueDiff } from '../../../components/code-editor/lazy-code-editor'
import { useDiscardGuard } from '../../../components/discard-guard'
import { useErrorText, useT } from '../../../i18n/use-t'
import { formatDateTime } from '../../../lib/format/format-time'
import { glueLanguage } from '../../../lib/jobs/glue-language'
import { useJobDesk } from '../../../store'
import { selectJob } from '../../../store/jobs/selectors'
import { GlueVersions } from './glue-versions'
import { EnumLabel } from '../../../components/enum-label'

/**
 * XXL-JOB's GLUE IDE: edit a script job's source and save it as a new version with a remark; the
 * history lists earlier versions to compare with the editor (a diff) or to load back (restore =
 * load, then save with a remark).
 */
export function GlueIde({ jobId, onClose }: { jobId: number | null; onClose: () => void }) {
  const t = useT()
  const job = useJobDesk(selectJob(jobId))
  const guard = useDiscardGuard(onClose)
  return (
    <>
      <Modal
        opened={jobId !== null}
        onClose={guard.requestClose}
        size="calc(100vw - 80px)"
        title={job ? t('glue.title', { id: job.id, name: job.name }) : ''}
        data-testid="glue-ide"
      >
        {job && <GlueIdeForm key={job.id} job={job} setDirty={guard.setDirty} />}
      </Modal>
      {guard.prompt}
    </>
  )
}

function GlueIdeForm({ job, setDirty }: { job: JobInfo; setDirty(dirty: boolean): void }) {
  const t = useT()
  const errorText = useErrorText()
  const saveGlue = useJobDesk((s) => s.saveGlue)
  const [source, setSource] = useState(job.glueSource)
  const [remark, setRemark] = useState('')
  const [versions, setVersions] = useState<GlueVersion[] | null>(null)
  const [comparing, setComparing] = useState<GlueVersion | null>(null)
  const [error, setError] = useState<{ caught: unknown } | null>(null)
  const [saving, setSaving] = useState(false)
  const language = glueLanguage(job.glueType)

  const loadVersions = useCallback(() => {
    // A one-shot query: the history is this editor's, read when it opens and after each save.
    listGlueVersions(job.id).then(setVersions, (caught: unknown) => setError({ caught }))
  }, [job.id])
  useEffect(loadVersions, [loadVersions])

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setError(null)
    try {
      await saveGlue({ jobId: job.id, glueSource: source, glueRemark: remark })
      setRemark('')
      setComparing(null)
      loadVersions()
    } catch (caught) {
      setError({ caught })
    } finally {
      setSaving(false)
    }
  }

  const changed = source !== job.glueSource
  // A typed remark counts too: it is half of a save.
  const dirty = changed || remark.trim() !== ''
  useEffect(() => setDirty(dirty), [dirty, setDirty])
  useEffect(() => () => setDirty(false), [setDirty])
  return (
    <div className="jd-glue-ide">
      <form onSubmit={save} noValidate className="jd-glue-main" data-testid="glue-form">
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light" tt="none">
              <EnumLabel kind="glueType" value={job.glueType} />
            </Badge>
            <Text size="xs" c="dimmed">
              {t('glue.current', {
                remark: job.glueRemark || t('common.none'),
                time: job.glueUpdatetimeMs > 0 ? formatDateTime(job.glueUpdatetimeMs) : t('common.none'),
              })}
            </Text>
            {changed && (
              <Badge color="orange" variant="light" data-testid="glue-changed">
                {t('glue.unsaved')}
              </Badge>
            )}
          </Group>
          {comparing ? (
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm" data-testid="glue-diff-title">
                  {t('glue.diffTitle', { remark: comparing.glueRemark, time: formatDateTime(comparing.addTimeMs) })}
                </Text>
                <Button size="compact-sm" variant="default" onClick={() => setComparing(null)} data-testid="glue-diff-close">
                  {t('glue.backToEditor')}
                </Button>
              </Group>
              <LazyGlueDiff before={comparing.glueSource} after={source} language={language} />
            </Stack>
          ) : (
            <LazyCodeEditor value={source} onChange={setSource} language={language} height={420} label={t('editor.glueSource')} testId="glue-source" />
          )}
          <Group align="flex-end">
            <TextInput
              flex={1}
              label={t('editor.glueRemark')}
              description={t('glue.remarkHint')}
              required
              value={remark}
              onChange={(event) => setRemark(event.currentTarget.value)}
              data-testid="glue-remark"
            />
            <Button type="submit" loading={saving} data-testid="glue-save">
              {t('glue.save')}
            </Button>
          </Group>
          {error && (
            <Alert color="red" data-testid="glue-error">
              {errorText(error.caught)}
            </Alert>
          )}
        </Stack>
      </form>
      <GlueVersions
        versions={versions}
        comparingId={comparing?.id ?? null}
        onCompare={setComparing}
        onLoad={(version) => {
          setComparing(null)
          setSource(version.glueSource)
          setRemark(t('glue.restoreRemark', { remark: version.glueRemark, time: formatDateTime(version.addTimeMs) }))
        }}
      />
    </div>
  )
}
