import './code-editor.css'
import { Compartment, EditorState } from '@codemirror/state'
import { MergeView } from '@codemirror/merge'
import { EditorView, lineNumbers } from '@codemirror/view'
import { useEffect, useRef } from 'react'
import type { GlueLanguage } from '../../lib/jobs/glue-language'
import { loadLanguage } from './code-languages'
import { codeTheme } from './code-theme'

export interface GlueDiffProps {
  /** The older text (left). */
  before: string
  /** The newer text (right). */
  after: string
  language: GlueLanguage
}

/** Two sources side by side with changed lines marked (CodeMirror's merge view); unchanged stretches fold. */
export default function GlueDiff({ before, after, language }: GlueDiffProps) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // Plain text until the language's grammar has loaded; a grammar that fails to load leaves it so.
    const languageSlot = new Compartment()
    const extensions = [lineNumbers(), codeTheme, languageSlot.of([]), EditorState.readOnly.of(true), EditorView.editable.of(false)]
    const merge = new MergeView({
      a: { doc: before, extensions },
      b: { doc: after, extensions },
      parent: host.current!,
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    })
    let current = true
    void loadLanguage(language).then(
      (support) => {
        if (current) for (const side of [merge.a, merge.b]) side.dispatch({ effects: languageSlot.reconfigure(support) })
      },
      () => {},
    )
    return () => {
      current = false
      merge.destroy()
    }
  }, [before, after, language])
  return <div ref={host} className="jd-diff" data-testid="glue-diff" />
}
