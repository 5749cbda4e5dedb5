/**
 * `node scripts/limits.ts`: the action's bounds, measured as a runner runs the committed bundle
 * (dist/index.js) against the local platform emulator, on the wall clock.
 * - A 502 whose body is 1 MB of `<`, or of `<title`, with `timeout: 5`: how long the step takes
 *   (it must end within the timeout: the excerpt is taken in linear time from the first 64 KiB).
 * - list-projects on 10,000 projects: the size of each output, of projects-file and of the job
 *   summary (outputs must stay under 64 KiB, to be passed on through env: or with:).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { PlatformEmulator } from '../emulator/platform.ts'
import { runStep } from './run-step.ts'

const platform = new PlatformEmulator()
const url = await platform.start()
const admin = platform.addKey('limits-admin')
const runnerTemp = mkdtempSync(join(tmpdir(), 'neon-action-limits-'))

try {
  console.log('A 502 with a 1 MB pathological body, timeout: 5 (wall clock)')
  for (const [fill, contentType] of [
    ['<', 'text/plain'],
    ['<title', 'text/html'],
  ] as const) {
    platform.clearFaults()
    platform.clearRequests()
    platform.inject({ path: '/api_keys', kind: 'large', status: 502, bytes: 1_000_000, fill, contentType, times: 99 })
    const started = performance.now()
    const result = await runStep(
      { command: 'list-keys', 'api-key': admin.key, 'api-host': url, timeout: '5' },
      { entry: 'bundle', time: 'real' },
    )
    const seconds = (performance.now() - started) / 1000
    console.log(`  ${fill.padEnd(7)} ${seconds.toFixed(2)} s, exit ${String(result.code)}, ${platform.requests.length} requests`)
  }

  platform.clearFaults()
  platform.addProjects(10_000)
  const result = await runStep(
    { command: 'list-projects', 'api-key': admin.key, 'api-host': url },
    { entry: 'bundle', time: 'real', env: { RUNNER_TEMP: runnerTemp } },
  )
  const file = result.outputs['projects-file'] ?? ''
  const records = (JSON.parse(readFileSync(file, 'utf8')) as unknown[]).length
  const projects = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')))
  const ids = JSON.stringify((JSON.parse(projects) as Array<{ id: string }>).map((p) => p.id))
  console.log('\nlist-projects on 10,000 projects')
  for (const [name, value] of Object.entries(result.outputs)) console.log(`  output ${name}: ${Buffer.byteLength(value)} bytes`)
  console.log(`  not set: projects (would be ${Buffer.byteLength(projects)} bytes), project-ids (would be ${Buffer.byteLength(ids)} bytes)`)
  console.log(`  projects-file: ${statSync(file).size} bytes, ${records} records`)
  console.log(`  job summary: ${Buffer.byteLength(result.summary)} bytes; exit ${String(result.code)}`)
} finally {
  await platform.stop()
  rmSync(runnerTemp, { recursive: true, force: true })
}
