// `npm start` and `npm run step` (scripts/step.ts), each a child process, on the committed bundle (`npm run bundle`
// first). npm start plays every recipe of the README: each recipe's step of this action, through the command's own
// action it names, with its `with:` exactly as the README writes it, expressions included, against the emulators it
// starts. The step succeeds and sets every output the recipe reads. The whole demo is played once, and its jobs (the
// part that runs jq) once more with a broken jq; each test checks its part of what they printed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { parse } from 'yaml'
import { ROOT } from '../../../scripts/run-step.ts'
import { subActionOf, usesThisAction, yamlBlocks, type WorkflowJob } from '../../../scripts/workflow.ts'

interface Recipe {
  heading: string
  /** The command whose own action the recipe uses. */
  command: string
  inputs: Record<string, string>
  /** The outputs of the action's step that the recipe reads (`steps.<id>.outputs.<name>`). */
  reads: string[]
}

function readmeRecipes(): Recipe[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const start = readme.indexOf('\n## Recipes\n')
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1))
  return section
    .split(/^### /m)
    .slice(1)
    .map((part) => {
      const heading = part.slice(0, part.indexOf('\n'))
      const [block] = yamlBlocks(part)
      const jobs = (parse(block!.text) as { jobs: Record<string, WorkflowJob> }).jobs
      const steps = Object.values(jobs).flatMap((job) => job.steps.filter((step) => usesThisAction(step)))
      if (steps.length !== 1)
        throw new Error(`the recipe "${heading}" has ${steps.length} steps of this action, not one`)
      const [step] = steps as [WorkflowJob['steps'][number]]
      const command = subActionOf(step)
      if (command === undefined) throw new Error(`the recipe "${heading}" uses the root action, not a command's own`)
      const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([name, value]) => [name, String(value)]))
      const reads =
        step.id === undefined
          ? []
          : [...block!.text.matchAll(new RegExp(`steps\\.${step.id}\\.outputs\\.([\\w-]+)`, 'g'))].map((m) => m[1]!)
      return { heading, command, inputs, reads: [...new Set(reads)] }
    })
}

/** The keys a prune-keys log says it would revoke, and those it keeps, by name. */
const pruneVerdicts = (log: string, verdict: 'Would revoke' | 'Kept') =>
  [...log.matchAll(new RegExp(`^  │ ${verdict} API key (\\d+) "([^"]+)"`, 'gm'))].map((m) => ({
    id: Number(m[1]),
    name: m[2]!,
  }))

const recipes = readmeRecipes()

/**
 * Every npm start and npm run step this file began: one still running when the file ends is killed. A test's own
 * timeout bounds each, however busy the machine is.
 */
const started: ChildProcess[] = []

/** npm start to its end, with `env` over this process's environment. */
function start(env: NodeJS.ProcessEnv = {}, flags: string[] = []): Promise<{ code: number | null; stdout: string }> {
  const { NODE_OPTIONS: _, ...parent } = process.env
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'step.ts'), ...flags], {
    cwd: ROOT,
    env: { ...parent, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  return new Promise((done) => child.on('close', (code) => done({ code, stdout })))
}

// Windows runs a program by name only as .exe or .com: a script cannot stand in for jq there.
const withStubs = process.platform === 'win32' ? it.skip : it

/** The whole demo, and its jobs with a jq that is there but broken, as after a half-done install: played at once. */
let demo: ReturnType<typeof start>
let brokenJq: ReturnType<typeof start> | undefined
let bin: string
beforeAll(() => {
  demo = start()
  if (process.platform === 'win32') return
  bin = mkdtempSync(join(tmpdir(), 'broken-jq-'))
  writeFileSync(join(bin, 'jq'), '#!/bin/sh\necho "jq: error while loading shared libraries" >&2\nexit 127\n')
  chmodSync(join(bin, 'jq'), 0o755)
  brokenJq = start({ PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` }, ['--jobs'])
})
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await Promise.allSettled([demo, brokenJq])
  if (bin) rmSync(bin, { recursive: true, force: true })
})

/**
 * What npm start printed for one step or job: from its title to the next one (a command's post step belongs to its step).
 */
function played(stdout: string, title: string): string {
  const parts = stdout.split(/\n(?=\n(?!▶ its post step\n)\S)/)
  const found = parts.filter((part) => part.trimStart().startsWith(title))
  if (found.length !== 1) throw new Error(`npm start played ${found.length} parts titled ${title}:\n${stdout}`)
  return found[0]!
}

/** The outputs a step printed (masked values as ***). */
const outputsOf = (log: string): Record<string, string> => {
  const shown = log.slice(log.indexOf('\n  outputs:\n'))
  return Object.fromEntries([...shown.matchAll(/^ {4}([a-z-]+) = (.*)$/gm)].map((m) => [m[1]!, m[2]!]))
}

/** What scripts/step.ts printed, its exit code, and the outputs it shows (masked values as ***). */
async function step(
  inputs: Record<string, string>,
  flags: string[] = [],
): Promise<{ code: number | null; stdout: string; outputs: Record<string, string> }> {
  const { NODE_OPTIONS: _, ...env } = process.env
  const child = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'step.ts'), ...flags, ...Object.entries(inputs).map(([name, value]) => `${name}=${value}`)],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  started.push(child)
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  const code = await new Promise<number | null>((done) => child.on('close', done))
  return { code, stdout, outputs: outputsOf(stdout) }
}

describe('npm run step -- --sub-action', () => {
  it("plays a recipe's step as written, expressions included, and its post step; exits as the step did", async () => {
    const recipe = recipes.find((r) => r.command === 'create-key')!
    expect(Object.values(recipe.inputs).join('\n')).toMatch(/\$\{\{ secrets\.[\s\S]*\$\{\{ github\.run_id \}\}/)
    const { code, stdout, outputs } = await step({ command: recipe.command, ...recipe.inputs }, ['--sub-action'])
    expect(stdout).toContain('(create-key/action.yml)')
    expect(outputs.key).toBe('***')
    expect(outputs['key-id']).toMatch(/^\d+$/)
    expect(stdout).toContain(`Revoked the job-scoped API key ${outputs['key-id']}.`)
    expect(code).toBe(0)
  })

  it("refuses an input the command's own action does not declare, before starting anything", async () => {
    const { code, stdout } = await step(
      { command: 'wait-for-operations', 'operation-ids': 'pending', 'key-name': 'x' },
      ['--sub-action'],
    )
    expect(stdout).toMatch(/^wait-for-operations\/action\.yml has no input "key-name"$/m)
    // The inputs it does declare, not the root action's.
    expect(stdout).toMatch(
      /^inputs of wait-for-operations\/action\.yml: api-key, api-host, project-id, operation-ids, /m,
    )
    expect(code).toBe(2)
  })
})

describe('npm run step -- --local-action', () => {
  // local-action itself exits 0 whatever the step did: runLocalAction (scripts/local-action.ts) gives the step's code,
  // 0 for a step that succeeds (__tests__/e2e/local-action.e2e.test.ts).
  it('exits as the step did: 1 when it fails, having sent nothing', async () => {
    const failed = await step({ command: 'revoke-key', 'key-id': 'twelve' }, ['--local-action'])
    expect(failed.stdout).toContain('::error::Input `key-id` is "twelve"')
    expect(failed.stdout).toContain('requests sent to the platform: 0, to GitHub: 0')
    expect(failed.code).toBe(1)
  }, 240_000)
})

describe('npm run step -- --help', () => {
  it('prints the usage and every input, and exits 0', async () => {
    const { code, stdout } = await step({}, ['--help'])
    expect(stdout).toMatch(/^usage: npm run step -- command=<command> /m)
    expect(stdout).toMatch(/^inputs: command, api-key, /m)
    expect(code).toBe(0)
  })
})

describe('npm start', () => {
  it('ends with a tally: every failure it played on purpose failed with its own error, nothing else failed; exit 0', async () => {
    const { code, stdout } = await demo
    const last = stdout.trimEnd().split('\n').at(-1)
    expect(last).toMatch(
      /^steps and jobs played: \d+ passed as expected, 8 failed on purpose as expected, 0 unexpected$/,
    )
    expect(stdout).not.toMatch(/✗ unexpected/)
    // The README's recipes that fail on what they find, each said to fail on purpose under its step.
    expect(stdout).toMatch(
      /A daily health check of every project" \(list-operations\/action\.yml\)\n[\s\S]*?✓ failed on purpose, as expected: /,
    )
    // docs/deploy-gates.md says so of its first recipe.
    expect(stdout).toContain("docs/deploy-gates.md's gate that retries and reports")
    expect(code).toBe(0)
  }, 300_000)

  withStubs(
    'with a jq that does not work, says so first, and exits 1 naming each recipe that failed for it',
    async () => {
      const { code, stdout } = await brokenJq!
      expect(stdout.split('\n')[0]).toMatch(/npm start needs bash, curl, jq on PATH; missing or not working here: jq /)
      const tally = stdout
        .slice(stdout.lastIndexOf('\nsteps and jobs played: ') + 1)
        .trimEnd()
        .split('\n')
      expect(tally).toEqual([
        'steps and jobs played: 0 passed as expected, 1 failed on purpose as expected, 3 unexpected',
        `  ✗ "The README's deploy gate as a workflow runs it: curl makes a branch, the gate waits" failed at its step "Wait for the platform"`,
        `  ✗ "docs/deploy-gates.md's gate that retries and reports, as a workflow runs it" failed at its step "wait"`,
        `  ✗ "The gate after create-branch-action (docs/deploy-gates.md)" failed at its step "Create a preview branch"`,
      ])
      expect(code).toBe(1)
    },
    300_000,
  )

  it("counts the organization's projects in its banner as list-projects finds them", async () => {
    const { stdout } = await demo
    const [, org, counted] = /: organization (org-[\w-]+) \((\d+) projects, /.exec(stdout)!
    expect(stdout).toContain(`Organization ${org}: the only organization of the step's key`)
    expect(/^ {4}Projects \((\d+)\)$/m.exec(stdout)![1]).toBe(counted)
  }, 300_000)
})

describe("the README's recipes, each as npm start plays it", () => {
  it('are every recipe of the README, each with its inputs', () => {
    expect(recipes.map((r) => r.command)).toEqual([
      'wait-for-operations',
      'create-key',
      'list-operations',
      'rotate-key',
      'prune-keys',
      'list-keys',
    ])
  })

  it.each(recipes.map((r) => [r.heading, r] as const))(
    '%s',
    async (_, recipe) => {
      expect(recipe.inputs).not.toHaveProperty('command')
      const { stdout: all } = await demo
      const stdout = played(all, `▶ The README's recipe "${recipe.heading}" (${recipe.command}/action.yml)`)
      const outputs = outputsOf(stdout)
      // The health check and the tripwire fail on what they find: the busy projects have failed operations every day, and
      // a seeded CI key was last used from outside the runners and the office.
      const failsOnFindings = recipe.command === 'list-operations' || recipe.command === 'list-keys'
      // The step's exit code, then its post step's, if it has one.
      const [code, ...post] = [...stdout.matchAll(/^ {2}exit code (\S+)$/gm)].map((m) => m[1])
      if (code !== (failsOnFindings ? '1' : '0')) throw new Error(`the step exited ${code}:\n${stdout}`)
      expect(post).toEqual(post.map(() => '0'))
      for (const name of recipe.reads) expect([name, outputs[name] ?? '']).toEqual([name, expect.stringMatching(/./)])

      switch (recipe.command) {
        case 'wait-for-operations':
          expect(outputs.status).toBe('finished')
          expect(JSON.parse(outputs['failed-operation-ids']!)).toEqual([])
          break
        case 'create-key':
          expect(outputs.key).toBe('***')
          expect(outputs['key-id']).toMatch(/^\d+$/)
          expect(post).toHaveLength(1)
          break
        case 'list-operations': {
          // Every project of the organization, a day back; the error names the newest failures.
          // Shown cut short: the ids of the failed ones, the first of them whole.
          expect(outputs['failed-operation-ids']).toMatch(/^\["[0-9a-f-]{36}",/)
          expect(Number(outputs['operation-count'])).toBeGreaterThan(6 * 100)
          expect(outputs['incomplete-project-ids']).toBe('[]')
          expect(stdout).toMatch(
            /^ {2}│ ::error::\d+ listed operation\(s\) have a status `fail-on-status` names \(failed, error\), the newest: /m,
          )
          break
        }
        case 'rotate-key':
          expect(outputs.key).toBe('***')
          expect(JSON.parse(outputs['secret-results']!)).toEqual([
            { target: expect.stringMatching(/^[\w.-]+\/[\w.-]+$/), status: 'stored' },
          ])
          break
        case 'prune-keys': {
          const selected = pruneVerdicts(stdout, 'Would revoke')
          expect(JSON.parse(outputs['prunable-key-ids']!)).toEqual(selected.map((k) => k.id))
          // Expired by its name, long unused, never used and old; a job's key used minutes ago is kept.
          expect(selected.map((k) => k.name.replace(/~exp-\w+$/, '~exp-…')).sort()).toEqual([
            'deploy-1200-1~exp-…',
            'migration-dry-run',
            'quarterly-report',
          ])
          expect(pruneVerdicts(stdout, 'Kept').map((k) => k.name)).toEqual([
            expect.stringMatching(/^deploy-1299-2~exp-/),
          ])
          expect(stdout).not.toMatch(/nightly-inventory|deploy-1301-1/)
          expect(JSON.parse(outputs['revoked-key-ids']!)).toEqual([])
          break
        }
        case 'list-keys': {
          // GitHub's ranges read from the GitHub emulator with the run's token: the key used from a runner is not named.
          expect(stdout).toMatch(
            /Expected networks: 1 address\(es\) and block\(s\) and 4 ranges of GitHub-hosted runners/,
          )
          expect(stdout).toMatch(
            /^ {2}│ ::error::1 API key\(s\) were last used from an unexpected network, .*"ci-nightly", last used from "203\.0\.113\.7"/m,
          )
          expect(stdout).not.toMatch(/"ci-deploy-web", last used/)
          expect(JSON.parse(outputs['unexpected-use-key-ids']!)).toHaveLength(1)
          expect(stdout).toMatch(/GET \/meta → 200/)
          break
        }
        default:
          throw new Error(`no check for the command of "${recipe.heading}"`)
      }
    },
    300_000,
  )
})
