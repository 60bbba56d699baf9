import react from '@vitejs/plugin-react'
import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/**
 * Builds only the renderer into out/renderer, as `electron-vite build` does, for when the main
 * bundle does not build yet: `npx vite build --config e2e/renderer-only.vite.config.ts`.
 */
export default defineConfig({
  root: resolve(__dirname, '../src/renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(__dirname, '../out/renderer'),
    emptyOutDir: true,
    rollupOptions: { input: resolve(__dirname, '../src/renderer/index.html') },
  },
})
