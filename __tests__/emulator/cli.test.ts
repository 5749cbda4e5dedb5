// emulator/cli.ts: `npm run emulator` as a user starts it, a child process: the seeded account, and with --history-projects
// an organization's operations.
import { afterEach, describe, expect, it } from '@jest/globals'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from '../../scripts/run-step.ts'

const CLI = join(ROOT, 'emulator', 'cli.ts')

let child: ChildProcess | undefined
const dirs: string[] = []

afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  child = undefined
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Starts the CLI and resolves with what it printed once it is serving. */
function start(args: string[]): Promise<string> {
  const started = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  child = started
  return new Promise((resolve, reject) => {
    let out = ''
    started.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Press Ctrl-C')) resolve(out)
    })
    started.once('exit', (code) => reject(new Error(`the emulator exited with ${code}: ${out}`)))
  })
}

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const started = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  started.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => started.once('exit', (code) => resolve({ code, stderr })))
}

describe('npm run emulator', () => {
  it('--history-projects adds projects to the organization, each with its days of operations, and says how long they took', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-cli-'))
    dirs.push(dir)
    const envFile = join(dir, 'env')
    const printed = await start([
      '--projects',
      '2',
      '--history-projects',
      '3',
      '--history-operations',
      '40',
      '--history-days',
      '2',
      '--seed',
      '4',
      '--write-env',
      envFile,
    ])
    expect(printed).toMatch(/history: {3}3 more projects, 40 operations each over 2 days \(seed 4; made in \d+ ms\)/)
    const env = Object.fromEntries(
      readFileSync(envFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split('=', 2) as [string, string]),
    )
    const get = async (path: string) =>
      (
        await fetch(`${env.NEON_EMULATOR_URL}${path}`, {
          headers: { authorization: `Bearer ${env.NEON_EMULATOR_API_KEY}` },
        })
      ).json()
    const projects = (await get(`/projects?org_id=${env.NEON_EMULATOR_ORG_ID}&limit=400`)).projects as Array<{
      id: string
      name: string
    }>
    const busy = projects.filter((p) => p.name.startsWith('service-'))
    expect(projects).toHaveLength(5)
    expect(busy.map((p) => p.name)).toEqual(['service-001', 'service-002', 'service-003'])
    for (const project of busy) {
      const ops = (await get(`/projects/${project.id}/operations?limit=1000`)).operations as Array<{ action: string }>
      expect(ops).toHaveLength(40)
      expect(ops.at(-1)!.action).toBe('create_timeline')
    }
  })

  it('refuses history options out of range, with the usage', async () => {
    for (const args of [
      ['--history-days', '0'],
      ['--history-operations', '0'],
      ['--seed', 'x'],
    ]) {
      const { code, stderr } = await run(args)
      expect(code).toBe(2)
      expect(stderr).toContain('--history-projects N')
    }
  })
})
