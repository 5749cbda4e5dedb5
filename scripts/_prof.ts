import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PlatformEmulator } from '../emulator/platform.ts'
import { BUNDLE, stepEnvironment } from './run-step.ts'
const platform = new PlatformEmulator()
const url = await platform.start()
const admin = platform.addKey('bench-admin')
platform.addProjects(56)
const project = platform.addProject().id
platform.addHistory(project, 300)
platform.addOperation(project, { status: 'finished' })
const command = process.argv[2] ?? 'list-operations'
const inputs: Record<string, string> =
  command === 'list-operations'
    ? { command, 'project-id': project, since: '24h', 'api-key': admin.key, 'api-host': url }
    : { command, 'api-key': admin.key, 'api-host': url }
const prof = process.argv[3] === 'prof'
const times: number[] = []
for (let i = 0; i < (prof ? 12 : 21); i++) {
  const dir = mkdtempSync(join(tmpdir(), 'prof-'))
  const { env } = stepEnvironment(dir, inputs)
  const args = prof ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', '--cpu-prof-interval=100', BUNDLE] : [BUNDLE]
  const t = performance.now()
  const code = await new Promise<number | null>((resolve) => spawn(process.execPath, args, { env, stdio: 'ignore' }).on('exit', resolve))
  times.push(performance.now() - t)
  if (code !== 0) console.log('exit', code)
}
times.sort((a, b) => a - b)
console.log(command, 'median', times[Math.floor(times.length / 2)]!.toFixed(1))
await platform.stop()
