/** A run's typed parameter values, one `name = value` a line (a secret as its `${secrets.NAME}` reference): a job run's and a flow run's view. */
export function TypedValues({ values }: { values: Readonly<Record<string, string | number | boolean>> }) {
  return (
    <span className="jd-mono" style={{ whiteSpace: 'pre-line' }}>
      {Object.entries(values)
        .map(([name, value]) => `${name} = ${String(value)}`)
        .join('\n')}
    </span>
  )
}
