const KIB = 1024
const MIB = KIB * KIB

/** One decimal, none when whole. */
const oneDecimal = (value: number) => {
  const rounded = Math.round(value * 10) / 10
  return Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)
}

/**
 * A size as a person reads it: `900 B`, `4 KiB`, `12.3 KiB`, `1.5 MiB`. Binary units, as the
 * 4 KiB limit of a flow value (FLOW_VALUE_MAX_BYTES = 4096) is set; a size that rounds to 1024 KiB
 * is said as 1 MiB.
 */
export function formatBytes(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`
  if (Math.round((bytes / KIB) * 10) / 10 < KIB) return `${oneDecimal(bytes / KIB)} KiB`
  return `${oneDecimal(bytes / MIB)} MiB`
}
