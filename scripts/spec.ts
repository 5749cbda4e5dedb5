/**
 * The published API descriptions the action is written against, pinned in openapi/ (see its README).
 *
 * The platform's description is pinned whole. GitHub's is large (13 MB), so only the calls the
 * action makes are pinned, with the parts of `components` they use.
 */

/** Where each pinned description comes from: a package in the npm registry, and a file in it. */
export const SOURCES = {
  neon: {
    package: '@neondatabase/api-client',
    version: '2.7.3',
    file: 'public-v2-for-users.gen.yaml',
    pinned: 'openapi/neon-api-v2.yaml',
  },
  github: {
    package: '@octokit/openapi',
    version: '23.0.2',
    file: 'generated/api.github.com.json',
    pinned: 'openapi/github-api.json',
  },
} as const

/**
 * The calls the action makes to the platform (src/api/endpoints.ts): method and path, as the
 * description writes them. The contract test (__tests__/api/contract.test.ts) fails when an
 * endpoint function calls anything else, so this list stays the action's.
 */
export const PLATFORM_CALLS: ReadonlyArray<readonly [method: string, path: string]> = [
  ['get', '/auth'],
  ['get', '/users/me/organizations'],
  ['get', '/api_keys'],
  ['post', '/api_keys'],
  ['delete', '/api_keys/{key_id}'],
  ['get', '/organizations/{org_id}/api_keys'],
  ['post', '/organizations/{org_id}/api_keys'],
  ['delete', '/organizations/{org_id}/api_keys/{key_id}'],
  ['get', '/projects'],
  ['get', '/projects/{project_id}'],
  ['get', '/projects/{project_id}/branches/{branch_id}'],
  ['get', '/projects/{project_id}/operations'],
  ['get', '/projects/{project_id}/operations/{operation_id}'],
]

/** The calls the action makes to GitHub (src/github/): method and path, as GitHub's description writes them. */
export const GITHUB_CALLS: ReadonlyArray<readonly [method: string, path: string]> = [
  ['get', '/meta'],
  ['get', '/repos/{owner}/{repo}'],
  ...secretCalls('/repos/{owner}/{repo}/actions/secrets'),
  ...secretCalls('/repos/{owner}/{repo}/environments/{environment_name}/secrets'),
  ...secretCalls('/repos/{owner}/{repo}/dependabot/secrets'),
  ...secretCalls('/orgs/{org}/actions/secrets'),
  ['get', '/orgs/{org}/actions/secrets/{secret_name}/repositories'],
  ['put', '/orgs/{org}/actions/secrets/{secret_name}/repositories'],
  ...secretCalls('/orgs/{org}/dependabot/secrets'),
  ['get', '/orgs/{org}/dependabot/secrets/{secret_name}/repositories'],
  ['put', '/orgs/{org}/dependabot/secrets/{secret_name}/repositories'],
]

/** A store's public key, and reading and writing one secret. */
function secretCalls(base: string): Array<readonly [string, string]> {
  return [
    ['get', `${base}/public-key`],
    ['get', `${base}/{secret_name}`],
    ['put', `${base}/{secret_name}`],
  ]
}

type Json = Record<string, unknown>

/**
 * The part of GitHub's description that the action's calls use: those operations, and every
 * component they refer to, directly or through other components. Keys keep the source's order.
 */
export function githubSubset(full: Json): Json {
  const fullPaths = full.paths as Record<string, Json>
  const paths: Record<string, Json> = {}
  for (const [method, path] of GITHUB_CALLS) {
    const operation = fullPaths[path]?.[method]
    if (operation === undefined) throw new Error(`GitHub's description has no ${method.toUpperCase()} ${path}`)
    paths[path] = { ...paths[path], [method]: operation }
  }
  const used = new Set<string>()
  const pending: unknown[] = [paths]
  const components = full.components as Record<string, Json>
  while (pending.length > 0) {
    for (const ref of referencesIn(pending.pop())) {
      if (used.has(ref)) continue
      used.add(ref)
      const [, , section = '', name = ''] = ref.split('/')
      pending.push(components[section]?.[name])
    }
  }
  const kept: Record<string, Json> = {}
  for (const [section, entries] of Object.entries(components)) {
    const names = Object.keys(entries).filter((name) => used.has(`#/components/${section}/${name}`))
    if (names.length > 0) kept[section] = Object.fromEntries(names.map((name) => [name, entries[name]]))
  }
  const sortedPaths = Object.fromEntries(Object.keys(fullPaths).flatMap((path) => (path in paths ? [[path, paths[path]]] : [])))
  return { openapi: full.openapi, info: full.info, servers: full.servers, paths: sortedPaths, components: kept }
}

/** Every `$ref` inside a value. */
function referencesIn(value: unknown): string[] {
  const found: string[] = []
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (key === '$ref' && typeof child === 'string') found.push(child)
        else walk(child)
      }
    }
  }
  walk(value)
  return found
}
