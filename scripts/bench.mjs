// `npm run bench`: the benchmark suite of bench/ (benchmarks.md), one benchmark after another, each
// printing its results beside a baseline measured in the same run. Not part of `npm test`.
// `npm run bench -- b5` runs only the benchmarks whose file name contains "b5".
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const SUITE = [
  { file: 'bench/b1-b2-embedded.ts', args: ['1000,10000', '5', '20'] },
  { file: 'bench/b4-executor-http.ts', args: [] },
  { file: 'bench/b4-executor-http.ts', args: ['--core', 'real-packed'] },
  { file: 'bench/b4-admin-lan.ts', args: ['4', 'files'] },
  { file: 'bench/b4-admin-lan.ts', args: ['4', 'packed'] },
  { file: 'bench/b4-admin-lan.ts', args: ['4', 'stub'] },
  { file: 'bench/b5-callback-ingestion.ts', args: [] },
  { file: 'bench/b7-render-table.ts', args: [], needs: 'out/renderer/index.html' },
  { file: 'bench/b7-render-dag.ts', args: [], needs: 'out/renderer/index.html' },
  { file: 'bench/b7-render-log.ts', args: [], needs: 'out/renderer/index.html' },
]

const only = process.argv.slice(2)
let failed = 0
for (const bench of SUITE) {
  if (only.length > 0 && !only.some((name) => bench.file.includes(name))) continue
  if (!existsSync(bench.file)) continue
  if (bench.needs && !existsSync(bench.needs)) {
    console.log(`\n== ${bench.file}: skipped, ${bench.needs} is missing (run \`npm run build\` first)`)
    continue
  }
  console.log(`\n== ${bench.file}`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', bench.file, ...bench.args], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed === 0 ? 0 : 1)
