import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'

const main = (file: string): string => resolve(__dirname, 'src/main', file)

export default defineConfig({
  main: {
    build: {
      // zod is bundled, not required at run time: Node 20's ESM loader spends ~1 ms per file, and
      // zod's ~300 files (its locales among them) were a sixth of a cold start before the first
      // scan (B9). The other dependencies are loaded when first used (see src/main/net/wire/lazy-undici.ts).
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        // Besides the Electron entry: the headless server, the LAN executor agent, the XXL-JOB importer, the `jobdesk` command and the worker
        // entries (src/main/kernel/spawn-worker.ts finds them by these names beside the bundle).
        input: {
          index: main('index.ts'),
          serve: main('serve.ts'),
          'executor-agent': main('executor-agent.ts'),
          'import-xxl': main('import-xxl-cli.ts'),
          cli: main('cli/cli.ts'),
          core: main('app/core-worker.ts'),
          'job-runner': main('executor/runner/runner-worker.ts'),
          checkpointer: main('store/checkpoint-worker.ts'),
          'report-reader': main('store/report-reader-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      // The console is served to browsers as well as the desktop window: minified, its first paint
      // parses a third of the JavaScript (B9).
      minify: true,
      rollupOptions: { input: resolve(__dirname, 'src/renderer/index.html') },
    },
  },
})
