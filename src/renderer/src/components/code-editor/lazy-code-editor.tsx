import { Loader } from '@mantine/core'
import { lazy, Suspense } from 'react'
import type { CodeEditorProps } from './code-editor'
import type { GlueDiffProps } from './glue-diff'

// CodeMirror and its language modes load when an editor is first shown, not with the console.
const CodeEditor = lazy(() => import('./code-editor'))
const GlueDiff = lazy(() => import('./glue-diff'))

export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <CodeEditor {...props} />
    </Suspense>
  )
}

export function LazyGlueDiff(props: GlueDiffProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <GlueDiff {...props} />
    </Suspense>
  )
}
