import { nativeImage, type NativeImage } from 'electron'
import type { FleetColor } from './fleet-status'

const RGB: Record<FleetColor, [number, number, number]> = {
  green: [46, 160, 67],
  amber: [219, 150, 0],
  red: [214, 48, 49],
}

/**
 * A filled circle in the fleet's colour, drawn into a bitmap at run time (no image files to ship);
 * 16 px with a 32 px representation for high-DPI trays.
 */
export function trayIcon(color: FleetColor): NativeImage {
  const image = nativeImage.createFromBitmap(circle(16, RGB[color]), { width: 16, height: 16, scaleFactor: 1 })
  image.addRepresentation({ scaleFactor: 2, width: 32, height: 32, buffer: circle(32, RGB[color]) })
  return image
}

/** BGRA pixels (Electron's bitmap order) of an anti-aliased disc. */
function circle(size: number, [r, g, b]: [number, number, number]): Buffer {
  const pixels = Buffer.alloc(size * size * 4)
  const center = (size - 1) / 2
  const radius = size / 2 - 1
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - center, y - center)
      const alpha = Math.max(0, Math.min(1, radius - distance + 0.5))
      const i = (y * size + x) * 4
      pixels[i] = b
      pixels[i + 1] = g
      pixels[i + 2] = r
      pixels[i + 3] = Math.round(alpha * 255)
    }
  }
  return pixels
}
