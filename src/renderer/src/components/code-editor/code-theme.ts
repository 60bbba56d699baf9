import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import type { Extension } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { tags } from '@lezer/highlight'

/**
 * The editor's look from Mantine's CSS variables (and the --jd-code-* token colours of
 * code-editor.css), so one theme follows the light and dark schemes without reconfiguring.
 */
export const codeTheme: Extension = [
  EditorView.theme({
    '&': {
      backgroundColor: 'var(--mantine-color-body)',
      color: 'var(--mantine-color-text)',
      fontSize: '13px',
      border: '1px solid var(--mantine-color-default-border)',
      borderRadius: 'var(--mantine-radius-sm)',
    },
    '&.cm-focused': { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: '-1px' },
    '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)' },
    '.cm-content': { caretColor: 'var(--mantine-color-text)' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--mantine-color-text)' },
    '.cm-gutters': { backgroundColor: 'var(--mantine-color-default-hover)', color: 'var(--mantine-color-dimmed)', border: 'none' },
    '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--jd-code-active-line)' },
    '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'var(--jd-code-selection)' },
  }),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword, tags.definitionKeyword], color: 'var(--jd-code-keyword)' },
      { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--jd-code-string)' },
      { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--jd-code-number)' },
      { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--jd-code-comment)', fontStyle: 'italic' },
      { tag: [tags.variableName, tags.special(tags.variableName)], color: 'var(--jd-code-variable)' },
      { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'var(--jd-code-function)' },
      { tag: [tags.typeName, tags.className], color: 'var(--jd-code-type)' },
      { tag: [tags.meta, tags.processingInstruction], color: 'var(--jd-code-comment)' },
    ]),
  ),
]
