// The repository's own workflows (.github/workflows/): least privilege, and no action that can change under them.
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { runScripts } from '../support/docs-examples.ts'
import { ROOT } from '../../scripts/run-step.ts'

const dir = join(ROOT, '.github', 'workflows')
const workflows = readdirSync(dir)
  .filter((name) => name.endsWith('.yml'))
  .sort()
  .map((name) => {
    const text = readFileSync(join(dir, name), 'utf8')
    return {
      name,
      text,
      parsed: parse(text) as { permissions?: unknown; jobs: Record<string, { permissions?: unknown }> },
    }
  })

/** Every `uses:` line of a workflow, with what follows it on the line. */
const usesLines = (text: string) =>
  [...text.matchAll(/^\s*(?:- )?uses:\s*(\S+)(.*)$/gm)].map((m) => ({ ref: m[1]!, rest: m[2]! }))

/** The actions from elsewhere not pinned as `owner/repo@<40 hex> # vX.Y.Z`. */
const unpinned = (text: string) =>
  usesLines(text)
    .filter(({ ref }) => ref !== './')
    .filter(({ ref, rest }) => !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(ref) || !/^ # v\d+\.\d+\.\d+$/.test(rest))
    .map(({ ref, rest }) => `${ref}${rest}`)

describe("the repository's workflows", () => {
  it('are CI, CodeQL, the weekly fault exploration, the release and the weekly check of the published API descriptions', () => {
    expect(workflows.map((w) => w.name)).toEqual([
      'ci.yml',
      'codeql.yml',
      'faults.yml',
      'release.yml',
      'spec-check.yml',
    ])
  })

  it('grant nothing at the top and each job only what it declares', () => {
    for (const { name, parsed } of workflows) {
      expect([name, parsed.permissions]).toEqual([name, {}])
      for (const [job, spec] of Object.entries(parsed.jobs)) {
        expect([name, job, typeof spec.permissions]).toEqual([name, job, 'object'])
      }
    }
  })

  it('pin every action from elsewhere by its full commit SHA, with the version it is', () => {
    expect(workflows.flatMap(({ name, text }) => unpinned(text).map((ref) => `${name}: ${ref}`))).toEqual([])
    const refs = workflows.flatMap(({ text }) => usesLines(text).map((u) => u.ref)).filter((ref) => ref !== './')
    expect(refs.length).toBeGreaterThan(10)
    // One commit of each action everywhere, so an update moves them all.
    const commits = new Map<string, Set<string>>()
    for (const [action, sha] of refs.map((ref) => ref.split('@') as [string, string])) {
      const repo = action.split('/').slice(0, 2).join('/')
      commits.set(repo, (commits.get(repo) ?? new Set()).add(sha))
    }
    for (const [repo, shas] of commits) expect([repo, shas.size]).toEqual([repo, 1])
  })

  it('the pin check finds a tag, a short SHA, or a SHA without its version', () => {
    const sha = 'de0fac2e4500dabe0009e67214ff5f5447ce83dd'
    const steps = [
      '      - uses: actions/checkout@v5',
      '      - uses: actions/checkout@de0fac2e # v6.0.2',
      `      - uses: actions/checkout@${sha}`,
      `      - uses: actions/checkout@${sha} # v6.0.2`,
      '      - uses: ./',
    ]
    expect(unpinned(steps.join('\n'))).toEqual([
      'actions/checkout@v5',
      'actions/checkout@de0fac2e # v6.0.2',
      `actions/checkout@${sha}`,
    ])
  })

  it('never put ${{ }} inside a run: script: values reach scripts through env:', () => {
    const pasted = workflows.flatMap(({ name, parsed }) =>
      runScripts(parsed).flatMap(({ path, script }) => (script.includes('${{') ? [`${name} ${path}`] : [])),
    )
    expect(pasted).toEqual([])
  })

  it('CI is .ci/run alone, run in bash on Linux, Windows and macOS; the other job uses the action', () => {
    const ci = workflows.find((w) => w.name === 'ci.yml')!.parsed as unknown as {
      jobs: Record<
        string,
        {
          'runs-on': string
          strategy?: { matrix: { os: string[] } }
          defaults?: unknown
          steps: { run?: string; uses?: string }[]
        }
      >
    }
    expect(Object.keys(ci.jobs)).toEqual(['test', 'use-the-action'])
    const { test } = ci.jobs
    expect(test!['runs-on']).toBe('${{ matrix.os }}')
    expect(test!.strategy!.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest'])
    expect(test!.defaults).toEqual({ run: { shell: 'bash' } })
    expect(test!.steps.flatMap((s) => (s.run === undefined ? [] : [s.run]))).toEqual(['bash .ci/run'])
    // No step anywhere restates a check of .ci/run.
    const scripts = Object.values(ci.jobs).flatMap((job) =>
      job.steps.flatMap((s) => (s.run === undefined ? [] : [s.run])),
    )
    expect(
      scripts.filter((script) => /\bnpm (test|run (lint|format|typecheck|bundle))\b|release\.ts/.test(script)),
    ).toEqual([])
  })

  it('the fuller run, npm run test:full, follows npm test in .ci/run, and runs weekly with more schedules on a new seed', () => {
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8').split('\n')
    expect(ci.indexOf('npm run test:full')).toBeGreaterThan(ci.indexOf('npm test'))
    expect(ci.indexOf('npm test')).toBeGreaterThan(0)
    const weekly = workflows.find((w) => w.name === 'faults.yml')!.parsed as unknown as {
      on: Record<string, unknown>
      jobs: Record<string, { steps: { run?: string }[] }>
    }
    expect(Object.keys(weekly.on).sort()).toEqual(['schedule', 'workflow_dispatch'])
    const runs = Object.values(weekly.jobs).flatMap((job) => job.steps.flatMap((s) => (s.run ? [s.run] : [])))
    expect(runs).toEqual(['npm ci', 'npm run test:full -- --runs "$RUNS" --seed "$SEED"'])
  })

  it('the published API descriptions are checked weekly and by hand, never in CI, which stays offline', () => {
    const check = workflows.find((w) => w.name === 'spec-check.yml')!.parsed as unknown as {
      on: Record<string, unknown>
      jobs: Record<string, { steps: { run?: string }[] }>
    }
    expect(Object.keys(check.on).sort()).toEqual(['schedule', 'workflow_dispatch'])
    const runs = Object.values(check.jobs).flatMap((job) =>
      job.steps.flatMap((s) => (s.run === undefined ? [] : [s.run])),
    )
    expect(runs).toEqual(['npm ci', 'npm run spec:check'])
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).not.toMatch(/spec:check|scripts\/spec/)
  })
})
