// A local stand-in for the platform's management API v2: organizations and the
// three kinds of API key (personal, organization, project-scoped), projects, branch
// creation and control-plane operations, with the quirks of the real service, plus
// its rate limits (when asked), fault injection and a request log for tests, demos
// and benchmarks.
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomInt, randomUUID } from 'node:crypto'
import {
  FaultDefinitionError,
  FaultQueue,
  RequestHold,
  answerInsteadOfRoute,
  cursorPage,
  duplicateRecords,
  faultFromJson,
  rewriteRecords,
  sendLarge,
  sendTruncated,
} from './faults.ts'
import type { Fault, FaultKind, FaultTarget } from './faults.ts'
import { isOperationStatus, normaliseTimeline, stateAt } from './operations.ts'
import type { OperationStatus, StoredOperation, TimelineStep } from './operations.ts'
import { isoMicros, isoSeconds, parseTimestampMicros } from './time.ts'
import { checkAnswer, checkRequest, platformContract, prepareChecks } from './contract.ts'
import { OperationHistory } from './history.ts'
import type { HistoryOptions, HistorySummary } from './history.ts'
import { CREATE_BRANCH_TIMELINE, START_COMPUTE_TIMELINE, branchRecord, endpointRecord } from './branches.ts'
import type { BranchRecord, EndpointRecord } from './branches.ts'
import { RateLimiter, SERVICE_RATE_LIMITS, routeOf } from './limits.ts'
import type { RateLimits } from './limits.ts'
import * as names from './names.ts'
import { ORG_ID, OrganizationDirectory } from './organizations.ts'
import type { KeyScope, OrganizationRecord, ProjectPermission, Refusal, Role, UserRecord } from './organizations.ts'
import {
  ApiError,
  apiError,
  bearerToken,
  errorBody,
  flattenHeaders,
  methodNotAllowed,
  notFound,
  parseJson,
  parseJsonObject,
  parseLimit,
  pathSegments,
  readBody,
  requestIdOf,
  sendJson,
  sendReply,
  splitTarget,
  tooLarge,
  withRequestId,
} from './http.ts'
import type { Reply } from './http.ts'

export type { TimelineStep } from './operations.ts'
export type { Fault, FaultTarget } from './faults.ts'
export { RequestHold } from './faults.ts'
export type { OrganizationRecord, ProjectPermission, Role } from './organizations.ts'
export type { BranchRecord, EndpointRecord } from './branches.ts'
export type { RateLimits } from './limits.ts'
export type { HistoryOptions, HistorySummary } from './history.ts'
export { SERVICE_RATE_LIMITS } from './limits.ts'

const API_BASE_PATH = '/api/v2'

export interface EmulatorOptions {
  /** Clock in ms since the epoch; drives timestamps and operation timelines. Default Date.now. */
  now?: () => number
  /**
   * Enforce the service's rate limits (SERVICE_RATE_LIMITS, with these changes), answering 429
   * with Retry-After past them. Off when not given.
   */
  rateLimits?: Partial<RateLimits>
}

export interface ProjectRecord {
  id: string
  name: string
  platform_id: string
  region_id: string
  provisioner: string
  pg_version: number
  locked: boolean
  cpu_used_sec: number
  created_at: string
  updated_at: string
  proxy_host: string
  branch_logical_size_limit: number
  // Fields the real service also sends; clients must tolerate fields they do not use.
  branch_logical_size_limit_bytes: number
  active_time: number
  creation_source: string
  history_retention_seconds: number
  store_passwords: boolean
  owner_id: string
  /** Every project belongs to an organization. */
  org_id: string
}

export interface OperationRecord {
  id: string
  project_id: string
  /** Absent on an operation of the whole project, as the description allows. */
  branch_id?: string
  endpoint_id?: string
  action: string
  status: OperationStatus
  failures_count: number
  created_at: string
  updated_at: string
  total_duration_ms: number
  error?: string
  retry_at?: string
}

export type KeyOwner = UserRecord

/** POST /api_keys and POST /organizations/{org_id}/api_keys (`project_id` on a project-scoped key) */
export interface ApiKeyCreated {
  id: number
  key: string
  name: string
  created_at: string
  created_by: string
  project_id?: string
}

/** An element of GET /api_keys and GET /organizations/{org_id}/api_keys */
export interface ApiKeyListItem {
  id: number
  name: string
  created_at: string
  created_by: KeyOwner
  /** Left out or null for a key never used: the description allows both, and the emulator sends both. */
  last_used_at?: string | null
  last_used_from_addr: string
  project_id?: string
}

/** DELETE /api_keys/{id} and DELETE /organizations/{org_id}/api_keys/{id} */
export interface ApiKeyRevoked {
  id: number
  name: string
  created_at: string
  created_by: string
  revoked: true
  /** As in the list: left out or null for a key never used. */
  last_used_at?: string | null
  last_used_from_addr: string
  project_id?: string
}

export interface KeySummary {
  id: number
  name: string
  /** `personal`, or `organization` (project-scoped keys included: they carry `project_id`). */
  kind: KeyScope['kind']
  /** The user of a personal key, or the user who created an organization key. */
  user_id: string
  org_id?: string
  project_id?: string
  revoked: boolean
  created_at: string
  last_used_at: string | null
  last_used_from_addr: string
}

interface ProjectsPage {
  projects: ProjectRecord[]
  pagination?: { cursor: string }
  applications: Record<string, unknown>
  integrations: Record<string, unknown>
  unavailable_project_ids: string[]
}

export interface OperationsPage {
  operations: OperationRecord[]
  /** Left out on a page with no operations. */
  pagination?: { cursor: string }
}

export interface RequestLogEntry {
  method: string
  /** Path without the /api/v2 prefix and without the query. */
  path: string
  query: Record<string, string>
  /** Request headers, lower-case names. */
  headers: Record<string, string | undefined>
  /** The key the request presented, when it is a known key (valid or revoked). */
  keyId?: number
  /** Status sent; 0 while unanswered or when the connection was dropped. */
  status: number
  /** Emulator clock when the request arrived. */
  at: number
  /** The injected fault that answered this request, if any. */
  fault?: FaultKind
  /** The request's body as sent, when it had one. */
  body?: string
}

export interface OperationSeed {
  id?: string
  action?: string
  /** Default: the primary branch; null: an operation of the whole project, with no branch. */
  branch_id?: string | null
  endpoint_id?: string
  /** How the status moves over time; wins over `status`. */
  timeline?: TimelineStep[]
  /** A fixed status; default 'finished'. */
  status?: OperationStatus
  /** Creation time, ms since the epoch; default now. */
  createdAt?: number
  /**
   * The `created_at` its record shows, when it differs from where the list puts it (`createdAt`): a list whose order
   * does not follow `created_at`.
   */
  shownCreatedAt?: number
}

export interface OperationPatch {
  status: OperationStatus
  failures_count: number
  error: string
  retry_at: string
}

/**
 * A seeded key's past, in ms since the epoch on the emulator's clock: made `createdAt` (default
 * now), last used `lastUsedAt` from `lastUsedFrom` (default never; the address defaults to one
 * of a CI runner's).
 */
export interface KeyHistory {
  createdAt?: number
  lastUsedAt?: number
  lastUsedFrom?: string
}

/** The default user: `addKey()` makes its personal keys; it is an admin of the default organization. User ids are UUIDs. */
export const KEY_OWNER: KeyOwner = { id: '0c0ffee0-5e1f-4a11-9a5e-000000000001', name: 'Emulator User', image: '' }
/** The organization that owns projects added without `org_id`. */
const DEFAULT_ORGANIZATION_NAME = 'Emulator Org'

const FIRST_KEY_ID = 100_000
/** Where a seeded key was last used from, unless the seed says: a documentation address (RFC 5737). */
const SEEDED_USE_ADDRESS = '198.51.100.23'
const KEY_NAME_MAX = 64
const PROJECTS_DEFAULT_LIMIT = 10
const PROJECTS_MAX_LIMIT = 400
/** POST /organizations/{org_id}/api_keys is rate limited to 10 requests a second. */
const ORG_KEY_CREATES_PER_SECOND = 10
const OPERATIONS_MAX_LIMIT = 1000
/** GET /organizations/{org_id}/members: `limit` 1–500; the default is not documented, and is 10 here. */
const MEMBERS_MAX_LIMIT = 500
const MEMBERS_DEFAULT_LIMIT = 10
const HISTORY_SPACING_US = 60_000_000
const PROJECT_ID = /^[a-z0-9-]{1,60}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface KeyState {
  id: number
  name: string
  value: string
  scope: KeyScope
  createdMs: number
  revoked: boolean
  lastUsedMs: number | null
  lastUsedFrom: string
}

interface ProjectState {
  record: ProjectRecord
  orderMs: number
  /** Insertion order, to break ties between projects created in the same millisecond. */
  seq: number
  primaryBranchId: string
  branches: Map<string, BranchRecord>
  /** Operations added one by one; `sorted` says whether they are still newest first. */
  operations: StoredOperation[]
  sorted: boolean
  /** Operations made from a seed, many at a time (history.ts). */
  histories: OperationHistory[]
  /** Creation times in use by `operations`, so that every operation has its own cursor position. */
  usedMicros: Set<number>
}

interface RouteContext {
  key: KeyState
  params: string[]
  query: Record<string, string>
  body: Buffer
}

type RouteHandler = (ctx: RouteContext) => Reply

export class PlatformEmulator {
  private readonly clock: () => number
  private server: Server | undefined
  private baseUrl: string | undefined
  private readonly keyStore = new Map<number, KeyState>()
  private readonly keyIdsByValue = new Map<string, number>()
  private nextKeyId = FIRST_KEY_ID
  private readonly projectStore = new Map<string, ProjectState>()
  private readonly operationStore = new Map<string, StoredOperation>()
  private projectCounter = 0
  private readonly directory: OrganizationDirectory
  private readonly defaultOrg: string
  /** Projects the list leaves out and names in `unavailable_project_ids`, as on a service timeout. */
  private readonly unavailable = new Set<string>()
  /** Project-scoped creations still to be answered with an unscoped key (a scoping bug to test against). */
  private unscopedCreates = 0
  /** Emulator times of recent organization key creations, per organization, for the rate limit. */
  private readonly orgKeyCreates = new Map<string, number[]>()
  private readonly faultQueue = new FaultQueue()
  private readonly log: RequestLogEntry[] = []
  /** Whether a request sets its key's last use; off, the list shows the uses from before, as a service that records them late. */
  private recordingKeyUse = true
  /** Whether key lists come newest first, as the service lists them; off, oldest first. */
  private keysNewestFirst = false
  /** The most operations a page holds, whatever `limit` asks (capOperationsPages). */
  private operationsPageCap = Infinity
  /** Pending delay faults, so that stop() can end them instead of waiting. */
  private readonly sleepers = new Map<ReturnType<typeof setTimeout>, (completed: boolean) => void>()
  /** Requests held by a hold fault, so that stop() can end them. */
  private readonly holds = new Set<RequestHold>()
  /** How far the service's clock is from the emulator's, in the key timestamps it shows. */
  private skewMs = 0

  private connectionCount = 0
  private readonly requestListeners = new Set<(entry: RequestLogEntry) => void>()
  private readonly limiter: RateLimiter | undefined

  constructor(options: EmulatorOptions = {}) {
    this.clock = options.now ?? Date.now
    this.directory = new OrganizationDirectory(this.clock)
    this.directory.addUser(KEY_OWNER)
    this.defaultOrg = this.directory.addOrganization({ name: DEFAULT_ORGANIZATION_NAME }).id
    this.directory.setRole(KEY_OWNER.id, this.defaultOrg, 'admin')
    this.limiter = options.rateLimits ? new RateLimiter({ ...SERVICE_RATE_LIMITS, ...options.rateLimits }) : undefined
  }

  // ---- lifecycle ---------------------------------------------------------

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    if (this.server) throw new Error('the emulator is already started')
    prepareChecks(platformContract)
    const server = createServer((req, res) => this.serve(req, res))
    // Counted so tests can check that a client reuses its keep-alive connections.
    server.on('connection', () => this.connectionCount++)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    const address = server.address() as AddressInfo
    const hostInUrl = host.includes(':') ? `[${host}]` : host
    this.server = server
    this.baseUrl = `http://${hostInUrl}:${address.port}${API_BASE_PATH}`
    return this.baseUrl
  }

  async stop(): Promise<void> {
    const server = this.server
    if (!server) return
    this.server = undefined
    this.baseUrl = undefined
    for (const [timer, wake] of this.sleepers) {
      clearTimeout(timer)
      wake(false)
    }
    this.sleepers.clear()
    for (const hold of this.holds) hold.abort()
    this.holds.clear()
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Keep-alive and in-flight connections would otherwise hold close() open.
      server.closeAllConnections()
    })
  }

  /** TCP connections accepted since start. */
  get connections(): number {
    return this.connectionCount
  }

  /** Base URL including /api/v2. */
  get url(): string {
    if (this.baseUrl === undefined) throw new Error('the emulator is not started')
    return this.baseUrl
  }

  // ---- organizations and users ---------------------------------------------

  /** The emulator's clock, in ms since the epoch: what a seeded past is measured from. */
  now(): number {
    return this.clock()
  }

  /** The organization the default user administers, which owns projects added without `org_id`. */
  get defaultOrgId(): string {
    return this.defaultOrg
  }

  addOrganization(partial: { id?: string; name?: string } = {}): OrganizationRecord {
    return this.directory.addOrganization(partial)
  }

  /**
   * A user with memberships, e.g. `{ [orgA]: 'admin', [orgB]: 'viewer' }`; returns its id. The
   * e-mail address, which only the members' list shows, defaults to one made of the name at example.com.
   */
  addUser(options: { id?: string; name?: string; email?: string; organizations?: Record<string, Role> } = {}): string {
    const id = options.id ?? randomUUID()
    this.directory.addUser({ id, name: options.name ?? id, image: '' }, options.email)
    for (const [orgId, role] of Object.entries(options.organizations ?? {})) this.directory.setRole(id, orgId, role)
    return id
  }

  /** Adds, changes or (with `undefined`) ends a membership: a member who leaves. The keys the user made stay valid. */
  setMembership(userId: string, orgId: string, role: Role | undefined): void {
    this.directory.setRole(userId, orgId, role)
  }

  /**
   * Deactivates the user's account from now on: the members' lists show `deactivated_at`, its
   * personal keys are refused (401), and the organization keys it made stay valid.
   */
  deactivateUser(userId: string): void {
    this.directory.deactivate(userId)
  }

  /**
   * Grants a user a permission on one project of an organization where the user has a role, as
   * the project's "Project permissions" page does; `undefined` takes it back.
   */
  setProjectPermission(userId: string, projectId: string, level: ProjectPermission | undefined): void {
    const project = this.projectStore.get(projectId)
    if (!project) throw new RangeError(`project ${projectId} not found`)
    this.directory.setProjectPermission(userId, project.record, level)
  }

  // ---- keys --------------------------------------------------------------

  /** A personal key of `user` (default: the default user), made and last used when `history` says. */
  addKey(name = 'emulator-key', options: { user?: string } & KeyHistory = {}): { id: number; key: string } {
    const userId = options.user ?? KEY_OWNER.id
    if (!this.directory.hasUser(userId)) throw new RangeError(`user ${userId} not found`)
    checkKeyHistory(options, this.clock())
    const key = this.createKey(name, { kind: 'personal', userId })
    this.setKeyHistory(key, options)
    return { id: key.id, key: key.value }
  }

  /** An organization key of `orgId`, or with `projectId` a project-scoped one. */
  addOrgKey(
    orgId: string,
    name = 'emulator-org-key',
    options: { projectId?: string; createdBy?: string } & KeyHistory = {},
  ): { id: number; key: string } {
    if (!this.directory.organization(orgId)) throw new RangeError(`organization ${orgId} not found`)
    if (options.projectId !== undefined && this.projectStore.get(options.projectId)?.record.org_id !== orgId) {
      throw new RangeError(`project ${options.projectId} is not a project of ${orgId}`)
    }
    const scope: KeyScope = { kind: 'organization', orgId, createdBy: options.createdBy ?? KEY_OWNER.id }
    if (options.projectId !== undefined) scope.projectId = options.projectId
    checkKeyHistory(options, this.clock())
    const key = this.createKey(name, scope)
    this.setKeyHistory(key, options)
    return { id: key.id, key: key.value }
  }

  /** A use of key `id` at `at` (default now) from `from`, as a job holding it would make. */
  useKey(id: number, options: { at?: number; from?: string } = {}): void {
    const key = this.keyStore.get(id)
    if (!key) throw new RangeError(`key ${id} not found`)
    const history = { createdAt: key.createdMs, lastUsedAt: options.at ?? this.clock(), lastUsedFrom: options.from }
    checkKeyHistory(history, key.createdMs)
    this.setKeyHistory(key, history)
  }

  /**
   * `false`: requests stop setting their key's last use, so the list keeps showing the uses from
   * before, as a service that records key use late would.
   */
  recordKeyUse(enabled: boolean): void {
    this.recordingKeyUse = enabled
  }

  /** `true`: key lists come newest first, as the service lists them; `false` (the default): oldest first. */
  listKeysNewestFirst(enabled = true): void {
    this.keysNewestFirst = enabled
  }

  /** The next `times` project-scoped key creations answer an unscoped organization key, as a scoping bug would. */
  dropKeyScope(times = 1): void {
    this.unscopedCreates += times
  }

  /**
   * The service's clock runs `ms` ahead of the emulator's (negative: behind) in the key
   * timestamps it shows (`created_at`, `last_used_at`), as when the runner's and the service's
   * clocks differ.
   */
  setClockSkew(ms: number): void {
    this.skewMs = ms
  }

  /** The id of the key with this value, valid or revoked. */
  keyIdOf(value: string): number | undefined {
    return this.keyIdsByValue.get(value)
  }

  /** The value of key `id`, valid or revoked: a check can look for it where no key may appear. */
  keyValueOf(id: number): string | undefined {
    return this.keyStore.get(id)?.value
  }

  isKeyValid(idOrValue: number | string): boolean {
    const id = typeof idOrValue === 'number' ? idOrValue : this.keyIdsByValue.get(idOrValue)
    const key = id === undefined ? undefined : this.keyStore.get(id)
    return key !== undefined && !key.revoked
  }

  keys(): KeySummary[] {
    return [...this.keyStore.values()].map((key) => ({
      id: key.id,
      name: key.name,
      kind: key.scope.kind,
      user_id: key.scope.kind === 'personal' ? key.scope.userId : key.scope.createdBy,
      ...(key.scope.kind === 'organization' ? { org_id: key.scope.orgId } : {}),
      ...(key.scope.kind === 'organization' && key.scope.projectId !== undefined
        ? { project_id: key.scope.projectId }
        : {}),
      revoked: key.revoked,
      created_at: isoSeconds(key.createdMs),
      last_used_at: key.lastUsedMs === null ? null : isoSeconds(key.lastUsedMs),
      last_used_from_addr: key.lastUsedFrom,
    }))
  }

  // ---- projects ----------------------------------------------------------

  addProjects(count: number): string[] {
    if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer')
    const ids: string[] = []
    for (let i = 0; i < count; i++) ids.push(this.addProject().id)
    return ids
  }

  /** A project of the default organization unless `org_id` names another; its primary branch gets a fresh id unless given. */
  addProject(partial: Partial<ProjectRecord> = {}, options: { primaryBranchId?: string } = {}): ProjectRecord {
    const id = partial.id ?? this.freshProjectId()
    if (!PROJECT_ID.test(id)) throw new RangeError(`project id must match ${PROJECT_ID}: ${id}`)
    if (this.projectStore.has(id)) throw new RangeError(`project ${id} already exists`)
    if (partial.org_id !== undefined && !this.directory.organization(partial.org_id)) {
      throw new RangeError(`organization ${partial.org_id} not found`)
    }
    this.projectCounter += 1
    const createdMs = this.clock()
    const record: ProjectRecord = {
      id,
      name: `project-${String(this.projectCounter).padStart(3, '0')}`,
      platform_id: 'aws',
      region_id: 'aws-us-east-2',
      provisioner: 'k8s-neonvm',
      pg_version: 17,
      locked: false,
      cpu_used_sec: randomInt(0, 5000),
      created_at: isoSeconds(createdMs),
      updated_at: isoSeconds(createdMs),
      proxy_host: 'us-east-2.aws.neon.tech',
      branch_logical_size_limit: 3072,
      branch_logical_size_limit_bytes: 3072 * 1024 * 1024,
      active_time: 0,
      creation_source: 'console',
      history_retention_seconds: 86_400,
      store_passwords: true,
      owner_id: KEY_OWNER.id,
      org_id: this.defaultOrg,
      ...partial,
    }
    const parsedCreated = Date.parse(record.created_at)
    const primaryBranchId = options.primaryBranchId ?? names.branchId()
    this.projectStore.set(id, {
      record,
      orderMs: Number.isNaN(parsedCreated) ? createdMs : parsedCreated,
      seq: this.projectCounter,
      primaryBranchId,
      branches: new Map([
        [primaryBranchId, branchRecord({ id: primaryBranchId, projectId: id, name: 'main', createdMs })],
      ]),
      operations: [],
      sorted: true,
      histories: [],
      usedMicros: new Set(),
    })
    return { ...record }
  }

  /** Whether a project with this id exists (any organization). */
  hasProject(id: string): boolean {
    return this.projectStore.has(id)
  }

  /**
   * The project list leaves these projects out and names them in `unavailable_project_ids`, as
   * the service does when it runs out of time reading them; `[]` makes every project available.
   */
  setUnavailable(projectIds: string[]): void {
    this.unavailable.clear()
    for (const id of projectIds) this.unavailable.add(id)
  }

  /** From now on the project is listed only by id, in `unavailable_project_ids`; its place in the pages is kept. */
  markUnavailable(id: string): void {
    this.requireProject(id)
    this.unavailable.add(id)
  }

  // ---- branches ------------------------------------------------------------

  /**
   * Creates a branch of the project's primary branch, as POST /projects/{id}/branches does:
   * a create_branch operation, and a start_compute operation for each endpoint asked for, moving
   * on the emulator's clock (branches.ts). Returns what that request answers.
   */
  createBranch(
    projectId: string,
    request: { name?: string; parentId?: string; endpoints?: EndpointRecord['type'][] } = {},
  ): { branch: BranchRecord; endpoints: EndpointRecord[]; operations: OperationRecord[] } {
    const project = this.projectStore.get(projectId) ?? this.requireProject(this.addProject({ id: projectId }).id)
    const parentId = request.parentId ?? project.primaryBranchId
    if (!project.branches.has(parentId)) throw new ApiError(404, `branch ${parentId} not found`)
    let id = names.branchId()
    while (project.branches.has(id)) id = names.branchId()
    const createdMs = this.clock()
    const branch = branchRecord({ id, projectId, name: request.name ?? id, parentId, createdMs })
    project.branches.set(id, branch)
    const operationIds = [
      this.addOperation(projectId, { action: 'create_branch', branch_id: id, timeline: [...CREATE_BRANCH_TIMELINE] }),
    ]
    const endpoints = (request.endpoints ?? []).map((type) => {
      const endpoint = endpointRecord({
        id: names.endpointId(),
        projectId,
        branchId: id,
        type,
        regionId: project.record.region_id,
        proxyHost: project.record.proxy_host,
        createdMs,
      })
      operationIds.push(
        this.addOperation(projectId, {
          action: 'start_compute',
          branch_id: id,
          endpoint_id: endpoint.id,
          timeline: [...START_COMPUTE_TIMELINE],
        }),
      )
      return endpoint
    })
    return { branch: { ...branch }, endpoints, operations: operationIds.map((opId) => this.operation(opId)!) }
  }

  /** The project's branches, the primary one first. */
  branches(projectId: string): BranchRecord[] {
    return [...this.requireProject(projectId).branches.values()].map((b) => ({ ...b }))
  }

  // ---- operations --------------------------------------------------------

  addOperation(projectId: string, op: OperationSeed = {}): string {
    const project = this.projectStore.get(projectId) ?? this.requireProject(this.addProject({ id: projectId }).id)
    const id = op.id ?? randomUUID()
    if (!UUID.test(id)) throw new RangeError(`operation id must be a UUID: ${id}`)
    if (this.operationStore.has(id)) throw new RangeError(`operation ${id} already exists`)
    if (op.status !== undefined && !isOperationStatus(op.status)) {
      throw new RangeError(`unknown operation status: ${String(op.status)}`)
    }
    const timeline =
      op.timeline && op.timeline.length > 0
        ? normaliseTimeline(op.timeline)
        : [{ afterMs: 0, status: op.status ?? 'finished' }]
    const createdMs = op.createdAt ?? this.clock()
    const stored: StoredOperation = {
      id,
      projectId,
      action: op.action ?? 'start_compute',
      createdUs: this.claimMicros(project, Math.round(createdMs * 1000), 1),
      timeline,
    }
    if (op.branch_id !== null) stored.branchId = op.branch_id ?? project.primaryBranchId
    if (op.endpoint_id !== undefined) stored.endpointId = op.endpoint_id
    if (op.shownCreatedAt !== undefined) stored.shownCreatedMs = op.shownCreatedAt
    this.storeOperation(project, stored)
    return id
  }

  /** Seeds `count` finished operations, all older than anything the project already has. */
  addHistory(
    projectId: string,
    count: number,
    action = 'check_availability',
    spacingMs = HISTORY_SPACING_US / 1000,
  ): void {
    if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer')
    const project = this.projectStore.get(projectId) ?? this.requireProject(this.addProject({ id: projectId }).id)
    let oldestUs = Math.round(this.clock() * 1000)
    for (const op of project.operations) oldestUs = Math.min(oldestUs, op.createdUs)
    for (const history of project.histories) oldestUs = Math.min(oldestUs, history.createdAtUs(history.count - 1))
    for (let i = 1; i <= count; i++) {
      // A random sub-second part keeps the cursors looking like the service's.
      const wantedUs = oldestUs - i * spacingMs * 1000 - randomInt(0, Math.min(1_000_000, spacingMs * 500))
      this.storeOperation(project, {
        id: randomUUID(),
        projectId,
        branchId: project.primaryBranchId,
        action,
        createdUs: this.claimMicros(project, wantedUs, -1),
        timeline: [
          { afterMs: 0, status: 'running' },
          { afterMs: randomInt(200, 4000), status: 'finished' },
        ],
      })
    }
  }

  /**
   * Seeds `count` operations over the last `days` days (history.ts): the project's creation the
   * oldest, then the control plane's checks, compute starts and suspends, config changes and
   * branches, a few failed, errored, cancelled or skipped, and the newest still in progress.
   * The same seed, project id, clock and options give the same operations. Made in one go and
   * kept compact, so that hundreds of projects with thousands of operations each take well
   * under a second.
   */
  addOperationHistory(projectId: string, options: HistoryOptions): HistorySummary {
    const project = this.projectStore.get(projectId) ?? this.requireProject(this.addProject({ id: projectId }).id)
    const history = new OperationHistory(projectId, project.primaryBranchId, this.clock(), options, (us) =>
      this.microsTaken(project, us),
    )
    for (const branchId of history.branchIds) {
      if (!project.branches.has(branchId)) {
        const createdMs = history.createdAtUs(history.count - 1) / 1000
        project.branches.set(
          branchId,
          branchRecord({ id: branchId, projectId, name: branchId, parentId: project.primaryBranchId, createdMs }),
        )
      }
    }
    project.histories.push(history)
    return history.summary()
  }

  /** The project's operations as the list shows them now, newest first. */
  operations(projectId: string): OperationRecord[] {
    return this.operationsOlderThan(this.requireProject(projectId), Infinity, Infinity).map((op) =>
      this.renderOperation(op),
    )
  }

  /** From now on a page of operations holds at most `max` records, whatever `limit` asks, as a capped service's. */
  capOperationsPages(max = Infinity): void {
    this.operationsPageCap = max
  }

  /** Sets an operation's state from now on; fields not in the patch keep their current values. */
  setOperation(id: string, patch: Partial<OperationPatch>): void {
    const op = this.findOperation(id, { keep: true })
    if (!op) throw new RangeError(`operation ${id} not found`)
    if (patch.status !== undefined && !isOperationStatus(patch.status)) {
      throw new RangeError(`unknown operation status: ${String(patch.status)}`)
    }
    const elapsedMs = Math.max(0, this.clock() - op.createdUs / 1000)
    const current = stateAt(op.timeline, elapsedMs)
    const step: TimelineStep = {
      afterMs: Math.max(elapsedMs, current.sinceMs),
      status: patch.status ?? current.status,
      failures_count: patch.failures_count ?? current.failures_count,
    }
    const error = 'error' in patch ? patch.error : current.error
    const retryAt = 'retry_at' in patch ? patch.retry_at : current.retry_at
    if (error !== undefined) step.error = error
    if (retryAt !== undefined) step.retry_at = retryAt
    // Later scripted steps are replaced by the explicit state.
    op.timeline = [...op.timeline.filter((s) => s.afterMs <= elapsedMs), step]
  }

  /** The operation as the API would show it now, or undefined. */
  operation(id: string): OperationRecord | undefined {
    const op = this.findOperation(id)
    return op ? this.renderOperation(op) : undefined
  }

  // ---- request log and faults ---------------------------------------------

  get requests(): RequestLogEntry[] {
    return this.log
  }

  clearRequests(): void {
    this.log.length = 0
  }

  /**
   * Calls `listener` as each API request arrives, before it is handled: a test can move the
   * emulator's clock or an operation's state as the action polls, instead of on real time.
   * Returns a function that removes the listener.
   */
  onRequest(listener: (entry: RequestLogEntry) => void): () => void {
    this.requestListeners.add(listener)
    return () => this.requestListeners.delete(listener)
  }

  /** Queues a fault; throws FaultDefinitionError for a definition that cannot be used. */
  inject(fault: Fault): void {
    this.faultQueue.add(fault)
  }

  /** Holds the next request that matches `target` until the test calls `release()` on the answer. */
  hold(target: Omit<FaultTarget, 'times'>): RequestHold {
    const hold = new RequestHold()
    this.inject({ ...target, kind: 'hold', hold })
    return hold
  }

  clearFaults(): void {
    this.faultQueue.clear()
  }

  // ---- state helpers -------------------------------------------------------

  private createKey(name: string, scope: KeyScope): KeyState {
    let value = names.apiKeyValue()
    while (this.keyIdsByValue.has(value)) value = names.apiKeyValue()
    const key: KeyState = {
      id: this.nextKeyId++,
      name,
      value,
      scope,
      createdMs: this.clock(),
      revoked: false,
      lastUsedMs: null,
      lastUsedFrom: '',
    }
    this.keyStore.set(key.id, key)
    this.keyIdsByValue.set(value, key.id)
    return key
  }

  private setKeyHistory(key: KeyState, history: KeyHistory): void {
    if (history.createdAt !== undefined) key.createdMs = history.createdAt
    if (history.lastUsedAt !== undefined) {
      key.lastUsedMs = history.lastUsedAt
      key.lastUsedFrom = history.lastUsedFrom ?? SEEDED_USE_ADDRESS
    }
  }

  private freshProjectId(): string {
    let id = names.projectId()
    while (this.projectStore.has(id)) id = names.projectId()
    return id
  }

  private requireProject(id: string): ProjectState {
    const project = this.projectStore.get(id)
    if (!project) throw new Error(`project ${id} missing`)
    return project
  }

  /** Takes the wanted creation time, or the nearest free one in `direction`, so cursors never tie. */
  private claimMicros(project: ProjectState, wantedUs: number, direction: 1 | -1): number {
    let us = wantedUs
    while (this.microsTaken(project, us)) us += direction
    project.usedMicros.add(us)
    return us
  }

  private microsTaken(project: ProjectState, us: number): boolean {
    return project.usedMicros.has(us) || project.histories.some((history) => history.has(us))
  }

  private storeOperation(project: ProjectState, op: StoredOperation): void {
    const last = project.operations[project.operations.length - 1]
    if (last !== undefined && op.createdUs > last.createdUs) project.sorted = false
    project.operations.push(op)
    this.operationStore.set(op.id, op)
  }

  /**
   * The operation with this id, in `project` or in any. One made from a seed becomes a stored
   * operation when `keep` is set, so that a test can change it.
   */
  private findOperation(
    id: string,
    options: { project?: ProjectState; keep?: boolean } = {},
  ): StoredOperation | undefined {
    const stored = this.operationStore.get(id)
    if (stored)
      return options.project === undefined || stored.projectId === options.project.record.id ? stored : undefined
    const projects = options.project ? [options.project] : this.projectStore.values()
    for (const project of projects) {
      for (const history of project.histories) {
        const index = history.indexOf(id)
        if (index < 0 || history.isReplaced(index)) continue
        const op = history.operation(index)
        if (options.keep) {
          history.replace(index)
          this.storeOperation(project, op)
        }
        return op
      }
    }
    return undefined
  }

  /** Up to `limit` operations made before `olderThanUs`, newest first, from every source of the project. */
  private operationsOlderThan(project: ProjectState, olderThanUs: number, limit: number): StoredOperation[] {
    if (!project.sorted) {
      project.operations.sort((a, b) => b.createdUs - a.createdUs)
      project.sorted = true
    }
    const stored = project.operations
    let next = firstOlderThan(stored, olderThanUs)
    const heads = project.histories.map((history) => ({ history, index: history.firstOlderThan(olderThanUs) }))
    const page: StoredOperation[] = []
    while (page.length < limit) {
      let newestUs = next < stored.length ? stored[next]!.createdUs : -Infinity
      let from: (typeof heads)[number] | undefined
      for (const head of heads) {
        while (head.index < head.history.count && head.history.isReplaced(head.index)) head.index++
        if (head.index < head.history.count && head.history.createdAtUs(head.index) > newestUs) {
          newestUs = head.history.createdAtUs(head.index)
          from = head
        }
      }
      if (newestUs === -Infinity) break
      if (from) page.push(from.history.operation(from.index++))
      else page.push(stored[next++]!)
    }
    return page
  }

  private renderOperation(op: StoredOperation): OperationRecord {
    const createdMs = op.createdUs / 1000
    const state = stateAt(op.timeline, this.clock() - createdMs)
    const record: OperationRecord = {
      id: op.id,
      project_id: op.projectId,
      ...(op.branchId !== undefined ? { branch_id: op.branchId } : {}),
      ...(op.endpointId !== undefined ? { endpoint_id: op.endpointId } : {}),
      action: op.action,
      status: state.status,
      failures_count: state.failures_count,
      created_at: isoSeconds(op.shownCreatedMs ?? createdMs),
      updated_at: isoSeconds(createdMs + state.sinceMs),
      total_duration_ms: Math.round(state.sinceMs),
    }
    if (state.error !== undefined) record.error = state.error
    if (state.retry_at !== undefined) record.retry_at = state.retry_at
    else if (state.retryAtMs !== undefined) record.retry_at = isoSeconds(createdMs + state.retryAtMs)
    return record
  }

  // ---- HTTP ----------------------------------------------------------------

  private serve(req: IncomingMessage, res: ServerResponse): void {
    this.handle(req, res).catch(() => {
      // Last resort: the emulator must never take the process down.
      if (res.headersSent || res.destroyed) {
        res.destroy()
        return
      }
      sendJson(res, 500, errorBody('internal emulator error', requestIdOf(req)))
    })
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = requestIdOf(req)
    const method = (req.method ?? 'GET').toUpperCase()
    const { pathname, query } = splitTarget(req.url ?? '/')
    const inApi = pathname === API_BASE_PATH || pathname.startsWith(`${API_BASE_PATH}/`)
    const path = inApi ? pathname.slice(API_BASE_PATH.length) || '/' : pathname

    if (path === '/_emulator' || path.startsWith('/_emulator/')) {
      const body = await readBody(req)
      if (!body.complete) return
      const reply = body.tooLarge ? tooLarge() : this.control(method, path, body.bytes)
      sendReply(res, reply, requestId)
      return
    }

    const entry: RequestLogEntry = {
      method,
      path,
      query,
      headers: flattenHeaders(req.headers),
      status: 0,
      at: this.clock(),
    }
    this.log.push(entry)
    for (const listener of this.requestListeners) listener(entry)

    const body = await readBody(req)
    if (!body.complete) return
    if (body.bytes.length > 0 && !body.tooLarge) entry.body = body.bytes.toString('utf8')

    const fault = inApi ? this.faultQueue.take(method, path) : undefined
    if (fault) entry.fault = fault.kind
    if (fault?.kind === 'drop' && fault.when === 'before') {
      req.socket.destroy()
      return
    }
    if (fault?.kind === 'status' || fault?.kind === 'html' || fault?.kind === 'redirect') {
      entry.status = answerInsteadOfRoute(fault, res, (message) => JSON.stringify(errorBody(message, requestId)))
      return
    }
    if (fault?.kind === 'large') {
      entry.status = await sendLarge(res, fault)
      return
    }
    if (fault?.kind === 'cursor') {
      entry.status = 200
      sendJson(res, 200, cursorPage(fault.mode, query))
      return
    }
    if (fault?.kind === 'delay') {
      const completed = await this.sleep(fault.ms)
      if (!completed || res.destroyed) return
    }
    if (fault?.kind === 'hold') {
      this.holds.add(fault.hold)
      const released = await fault.hold.wait()
      this.holds.delete(fault.hold)
      // Released: the work is done even if the client has gone (a late commit).
      if (!released) return
    }

    let reply: Reply
    if (body.tooLarge) reply = tooLarge()
    else if (inApi) reply = this.dispatch(req, method, path, query, body.bytes, entry)
    else reply = notFound()
    if (inApi && !body.tooLarge) {
      checkRequest(platformContract, { method, path, query, body: body.bytes })
      checkAnswer(platformContract, method, path, reply.status, withRequestId(reply, requestId).body)
    }

    if (fault?.kind === 'drop') {
      req.socket.destroy()
      return
    }
    if (res.destroyed) return
    entry.status = reply.status
    if (fault?.kind === 'rewrite' && reply.status < 300)
      reply = { ...reply, body: rewriteRecords(reply.body, fault.set, fault.ids) }
    if (fault?.kind === 'duplicate' && reply.status < 300)
      reply = { ...reply, body: duplicateRecords(reply.body, fault.set ?? {}, fault.ids) }
    if (fault?.kind === 'truncated') {
      sendTruncated(res, reply.status, JSON.stringify(withRequestId(reply, requestId).body))
      return
    }
    if (fault?.kind === 'transform') reply = { ...reply, body: fault.transform(structuredClone(reply.body)) }
    // Node closes the connection once an answer that says so is sent.
    if (fault?.kind === 'close') res.setHeader('connection', 'close')
    sendReply(res, reply, requestId)
  }

  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleepers.delete(timer)
        resolve(true)
      }, ms)
      this.sleepers.set(timer, resolve)
    })
  }

  private dispatch(
    req: IncomingMessage,
    method: string,
    path: string,
    query: Record<string, string>,
    body: Buffer,
    entry: RequestLogEntry,
  ): Reply {
    const segments = pathSegments(path)
    if (segments === undefined) return apiError(400, 'malformed request path')
    const route = this.route(segments)
    if (!route) return notFound()
    const handler = route.handlers[method]
    if (!handler) return methodNotAllowed(Object.keys(route.handlers))

    const presented = bearerToken(req.headers.authorization)
    const keyId = presented === undefined ? undefined : this.keyIdsByValue.get(presented)
    const key = keyId === undefined ? undefined : this.keyStore.get(keyId)
    if (key) entry.keyId = key.id
    if (!key || key.revoked) return apiError(401, 'authorization failed')
    if (key.scope.kind === 'personal' && this.directory.isDeactivated(key.scope.userId))
      return apiError(401, 'authorization failed')
    if (this.limiter) {
      const verdict = this.limiter.admit(routeOf(method, segments), this.clock())
      if (!verdict.ok) {
        return apiError(429, 'too many requests: the rate limit of the account is exceeded', {
          'retry-after': String(verdict.retryAfterSeconds),
        })
      }
    }
    if (this.recordingKeyUse) {
      key.lastUsedMs = this.clock()
      key.lastUsedFrom = req.socket.remoteAddress ?? ''
    }

    try {
      return handler({ key, params: route.params, query, body })
    } catch (err) {
      if (err instanceof ApiError) return apiError(err.status, err.message, err.headers)
      throw err
    }
  }

  private route(segments: string[]): { handlers: Record<string, RouteHandler>; params: string[] } | undefined {
    // Empty segments (`//`, a trailing `/`) never name a route.
    if (segments.some((segment) => segment.length === 0)) return undefined
    const [first, second = '', third, fourth = ''] = segments
    if (first === 'api_keys' && segments.length === 1) {
      return { handlers: { GET: (ctx) => this.listKeys(ctx), POST: (ctx) => this.createKeyRoute(ctx) }, params: [] }
    }
    if (first === 'api_keys' && segments.length === 2) {
      return { handlers: { DELETE: (ctx) => this.revokeKeyRoute(ctx) }, params: [second] }
    }
    if (first === 'organizations' && third === 'api_keys' && segments.length === 3) {
      return {
        handlers: { GET: (ctx) => this.listOrgKeys(ctx), POST: (ctx) => this.createOrgKeyRoute(ctx) },
        params: [second],
      }
    }
    if (first === 'organizations' && third === 'api_keys' && segments.length === 4) {
      return { handlers: { DELETE: (ctx) => this.revokeOrgKeyRoute(ctx) }, params: [second, fourth] }
    }
    if (first === 'organizations' && third === 'members' && segments.length === 3) {
      return { handlers: { GET: (ctx) => this.listMembers(ctx) }, params: [second] }
    }
    if (first === 'auth' && segments.length === 1) {
      return { handlers: { GET: (ctx) => ({ status: 200, body: this.directory.authOf(ctx.key.scope) }) }, params: [] }
    }
    if (first === 'users' && second === 'me' && third === 'organizations' && segments.length === 3) {
      return { handlers: { GET: (ctx) => this.myOrganizations(ctx) }, params: [] }
    }
    if (first === 'projects' && segments.length === 1) {
      return { handlers: { GET: (ctx) => this.listProjects(ctx) }, params: [] }
    }
    if (first === 'projects' && segments.length === 2) {
      return { handlers: { GET: (ctx) => this.getProject(ctx) }, params: [second] }
    }
    if (first === 'projects' && third === 'operations' && segments.length === 3) {
      return { handlers: { GET: (ctx) => this.listOperations(ctx) }, params: [second] }
    }
    if (first === 'projects' && third === 'operations' && segments.length === 4) {
      return { handlers: { GET: (ctx) => this.getOperation(ctx) }, params: [second, fourth] }
    }
    if (first === 'projects' && third === 'branches' && segments.length === 3) {
      return { handlers: { POST: (ctx) => this.createBranchRoute(ctx) }, params: [second] }
    }
    if (first === 'projects' && third === 'branches' && segments.length === 4) {
      return { handlers: { GET: (ctx) => this.getBranchRoute(ctx) }, params: [second, fourth] }
    }
    return undefined
  }

  // ---- routes ----------------------------------------------------------------

  private createKeyRoute(ctx: RouteContext): Reply {
    refuse(this.directory.mayManagePersonalKeys(ctx.key.scope))
    const name = keyNameOf(parseJsonObject(ctx.body))
    return {
      status: 200,
      body: this.renderCreated(this.createKey(name, { kind: 'personal', userId: this.userOf(ctx.key) })),
    }
  }

  private listKeys(ctx: RouteContext): Reply {
    refuse(this.directory.mayManagePersonalKeys(ctx.key.scope))
    const userId = this.userOf(ctx.key)
    const items = this.validKeys((scope) => scope.kind === 'personal' && scope.userId === userId).map((key) =>
      this.renderListItem(key),
    )
    return { status: 200, body: items }
  }

  private revokeKeyRoute(ctx: RouteContext): Reply {
    refuse(this.directory.mayManagePersonalKeys(ctx.key.scope))
    const userId = this.userOf(ctx.key)
    // An organization key's id, or another user's, is unknown here: 404 across namespaces.
    const key = this.keyOr404(ctx.params[0] ?? '', (scope) => scope.kind === 'personal' && scope.userId === userId)
    key.revoked = true
    return { status: 200, body: this.renderRevoked(key) }
  }

  private createOrgKeyRoute(ctx: RouteContext): Reply {
    const orgId = this.organizationOr404(ctx.params[0] ?? '')
    const input = parseJsonObject(ctx.body)
    const name = keyNameOf(input)
    const projectId = input.project_id
    if (projectId !== undefined && (typeof projectId !== 'string' || !PROJECT_ID.test(projectId))) {
      throw new ApiError(400, 'project_id must be a project id')
    }
    refuse(this.directory.mayCreateOrganizationKey(ctx.key.scope, orgId, projectId))
    if (projectId !== undefined && this.projectStore.get(projectId)?.record.org_id !== orgId) {
      throw new ApiError(404, `project ${projectId} not found in organization ${orgId}`)
    }
    this.rateLimitOrgKeyCreates(orgId)
    const scope: KeyScope = { kind: 'organization', orgId, createdBy: this.userOf(ctx.key) }
    if (projectId !== undefined && this.unscopedCreates > 0) this.unscopedCreates -= 1
    else if (projectId !== undefined) scope.projectId = projectId
    return { status: 200, body: this.renderCreated(this.createKey(name, scope)) }
  }

  private listOrgKeys(ctx: RouteContext): Reply {
    const orgId = this.organizationOr404(ctx.params[0] ?? '')
    refuse(this.directory.mayListOrganizationKeys(ctx.key.scope, orgId))
    const items = this.validKeys((scope) => scope.kind === 'organization' && scope.orgId === orgId).map((key) =>
      this.renderListItem(key),
    )
    return { status: 200, body: items }
  }

  private revokeOrgKeyRoute(ctx: RouteContext): Reply {
    const orgId = this.organizationOr404(ctx.params[0] ?? '')
    refuse(this.directory.mayListOrganizationKeys(ctx.key.scope, orgId))
    // A personal key's id, or another organization's, is unknown here: 404 across namespaces.
    const key = this.keyOr404(ctx.params[1] ?? '', (scope) => scope.kind === 'organization' && scope.orgId === orgId)
    refuse(this.directory.mayRevokeOrganizationKey(ctx.key.scope, orgId))
    key.revoked = true
    return { status: 200, body: this.renderRevoked(key) }
  }

  /**
   * GET /organizations/{org_id}/members: a page of members, sorted by `sort_by` (joined_at, email
   * or role; ties by the membership's id) in `sort_order` (desc unless asked). As the description's
   * example shows, every page with members hands out `pagination.next`, the last one included:
   * the page after it is empty, and has none. The cursor is opaque: base64 of the last member's id
   * and the sort, as the example's is.
   */
  private listMembers(ctx: RouteContext): Reply {
    const orgId = this.organizationOr404(ctx.params[0] ?? '')
    refuse(this.directory.mayListMembers(ctx.key.scope, orgId))
    const limit = parseLimit(ctx.query.limit, MEMBERS_MAX_LIMIT) ?? MEMBERS_DEFAULT_LIMIT
    const sortBy = ctx.query.sort_by || 'joined_at'
    const sortOrder = ctx.query.sort_order || 'desc'
    if (!['joined_at', 'email', 'role'].includes(sortBy)) throw new ApiError(400, `invalid sort_by: ${sortBy}`)
    if (sortOrder !== 'asc' && sortOrder !== 'desc') throw new ApiError(400, `invalid sort_order: ${sortOrder}`)
    const sorted = this.directory.membersSortedBy(orgId, sortBy as 'joined_at' | 'email' | 'role')
    const ordered = sortOrder === 'desc' ? [...sorted].reverse() : sorted
    let start = 0
    if (ctx.query.cursor) {
      const after = memberIdOfCursor(ctx.query.cursor)
      start = ordered.findIndex((m) => m.member.id === after) + 1
      if (start === 0) throw new ApiError(400, `invalid cursor: ${ctx.query.cursor}`)
    }
    // Copies: a test's fault may change an answer in place.
    const page = ordered.slice(start, start + limit).map((m) => ({ member: { ...m.member }, user: { ...m.user } }))
    const last = page[page.length - 1]
    const next = last
      ? { next: Buffer.from(JSON.stringify({ member_id: last.member.id, sort_by: sortBy })).toString('base64') }
      : {}
    return { status: 200, body: { members: page, pagination: { ...next, sort_by: sortBy, sort_order: sortOrder } } }
  }

  private myOrganizations(ctx: RouteContext): Reply {
    return { status: 200, body: { organizations: this.directory.organizationsOf(ctx.key.scope) } }
  }

  /** The user a key acts for: its owner, or the user who created an organization key. */
  private userOf(key: KeyState): string {
    return key.scope.kind === 'personal' ? key.scope.userId : key.scope.createdBy
  }

  private validKeys(inNamespace: (scope: KeyScope) => boolean): KeyState[] {
    const keys = [...this.keyStore.values()].filter((key) => !key.revoked && inNamespace(key.scope))
    return this.keysNewestFirst ? keys.reverse() : keys
  }

  private keyOr404(raw: string, inNamespace: (scope: KeyScope) => boolean): KeyState {
    const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN
    if (!Number.isSafeInteger(id)) throw new ApiError(400, `invalid API key id: ${raw}`)
    const key = this.keyStore.get(id)
    if (!key || key.revoked || !inNamespace(key.scope)) throw new ApiError(404, 'API key not found')
    return key
  }

  private organizationOr404(orgId: string): string {
    if (!ORG_ID.test(orgId)) throw new ApiError(400, `invalid org_id: ${orgId}`)
    if (!this.directory.organization(orgId)) throw new ApiError(404, `organization ${orgId} not found`)
    return orgId
  }

  private rateLimitOrgKeyCreates(orgId: string): void {
    const now = this.clock()
    const recent = (this.orgKeyCreates.get(orgId) ?? []).filter((at) => now - at < 1000)
    if (recent.length >= ORG_KEY_CREATES_PER_SECOND) {
      throw new ApiError(429, 'rate limit exceeded: at most 10 organization API keys a second', { 'retry-after': '1' })
    }
    recent.push(now)
    this.orgKeyCreates.set(orgId, recent)
  }

  /** A key timestamp as the service shows it, on its own (possibly skewed) clock. */
  private shownTime(ms: number): string {
    return isoSeconds(ms + this.skewMs)
  }

  private renderCreated(key: KeyState): ApiKeyCreated {
    const created: ApiKeyCreated = {
      id: key.id,
      key: key.value,
      name: key.name,
      created_at: this.shownTime(key.createdMs),
      created_by: this.userOf(key),
    }
    if (key.scope.kind === 'organization' && key.scope.projectId !== undefined) created.project_id = key.scope.projectId
    return created
  }

  private renderListItem(key: KeyState): ApiKeyListItem {
    const item: ApiKeyListItem = {
      id: key.id,
      name: key.name,
      created_at: this.shownTime(key.createdMs),
      created_by: this.directory.hasUser(this.userOf(key)) ? this.directory.user(this.userOf(key)) : { ...KEY_OWNER },
      ...this.lastUse(key),
      last_used_from_addr: key.lastUsedFrom,
    }
    if (key.scope.kind === 'organization' && key.scope.projectId !== undefined) item.project_id = key.scope.projectId
    return item
  }

  /**
   * `last_used_at`: the time of the last use. A key never used has none: the description lets the field be null or
   * left out, so the emulator sends null for a key of even id and leaves it out for one of odd id.
   */
  private lastUse(key: KeyState): { last_used_at?: string | null } {
    if (key.lastUsedMs !== null) return { last_used_at: this.shownTime(key.lastUsedMs) }
    return key.id % 2 === 0 ? { last_used_at: null } : {}
  }

  private renderRevoked(key: KeyState): ApiKeyRevoked {
    const revoked: ApiKeyRevoked = {
      id: key.id,
      name: key.name,
      created_at: this.shownTime(key.createdMs),
      created_by: this.userOf(key),
      revoked: true,
      ...this.lastUse(key),
      last_used_from_addr: key.lastUsedFrom,
    }
    if (key.scope.kind === 'organization' && key.scope.projectId !== undefined) revoked.project_id = key.scope.projectId
    return revoked
  }

  /**
   * GET /projects: the projects of `org_id`. An organization key needs none (its own is taken);
   * a personal key needs it as soon as its user belongs to an organization, and a user in none
   * has no project. A project-scoped key sees its one project. `search` keeps the projects
   * whose name or id holds it.
   */
  private listProjects(ctx: RouteContext): Reply {
    const limit = parseLimit(ctx.query.limit, PROJECTS_MAX_LIMIT) ?? PROJECTS_DEFAULT_LIMIT
    const scope = ctx.key.scope
    let orgId = ctx.query.org_id || undefined
    if (orgId !== undefined && !ORG_ID.test(orgId)) throw new ApiError(400, `invalid org_id: ${orgId}`)
    if (orgId === undefined && scope.kind === 'organization') orgId = scope.orgId
    if (orgId === undefined && this.directory.organizationsOf(scope).length > 0) {
      throw new ApiError(400, 'org_id is required: personal API keys must name the organization whose projects to list')
    }
    if (orgId !== undefined) {
      if (!this.directory.organization(orgId)) throw new ApiError(404, `organization ${orgId} not found`)
      refuse(this.directory.mayListProjects(scope, orgId))
    }
    const search = (ctx.query.search ?? '').toLowerCase()
    const visible = (p: ProjectState): boolean =>
      orgId !== undefined &&
      p.record.org_id === orgId &&
      (scope.kind === 'personal'
        ? !this.directory.hidesProject(scope, p.record)
        : scope.projectId === undefined || scope.projectId === p.record.id) &&
      (p.record.name.toLowerCase().includes(search) || p.record.id.includes(search))
    const ordered = [...this.projectStore.values()]
      .filter(visible)
      .sort((a, b) => a.orderMs - b.orderMs || a.seq - b.seq)
    const cursor = ctx.query.cursor || undefined
    let start = 0
    if (cursor !== undefined) {
      const index = ordered.findIndex((p) => p.record.id === cursor)
      if (index < 0) throw new ApiError(400, `invalid cursor: ${cursor}`)
      start = index + 1
    }
    const page = ordered.slice(start, start + limit)
    // The service hands out a cursor even on the last page, and echoes it past the end.
    const nextCursor = page.length > 0 ? page[page.length - 1]!.record.id : cursor
    // An unavailable project still takes its place in the page, listed by id only.
    // An empty list has no cursor to give: the answer has no `pagination`, as the description allows.
    const body: ProjectsPage = {
      projects: page.filter((p) => !this.unavailable.has(p.record.id)).map((p) => ({ ...p.record })),
      ...(nextCursor === undefined ? {} : { pagination: { cursor: nextCursor } }),
      applications: {},
      integrations: {},
      unavailable_project_ids: page.filter((p) => this.unavailable.has(p.record.id)).map((p) => p.record.id),
    }
    return { status: 200, body }
  }

  /** GET /projects/{project_id}: the project, with the usage of the current period the list leaves out. */
  private getProject(ctx: RouteContext): Reply {
    const project = this.projectOr404(ctx.params[0] ?? '', ctx.key)
    const now = new Date(this.clock())
    const periodStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
    const usage = {
      consumption_period_start: isoSeconds(periodStart),
      consumption_period_end: isoSeconds(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
      active_time_seconds: 0,
      compute_time_seconds: 0,
      written_data_bytes: 0,
      data_transfer_bytes: 0,
      data_storage_bytes_hour: 0,
    }
    return { status: 200, body: { project: { ...project.record, ...usage } } }
  }

  private listOperations(ctx: RouteContext): Reply {
    const project = this.projectOr404(ctx.params[0] ?? '', ctx.key)
    // Without a limit the service returns everything in one response.
    const limit = Math.min(parseLimit(ctx.query.limit, OPERATIONS_MAX_LIMIT) ?? Infinity, this.operationsPageCap)
    const cursor = ctx.query.cursor || undefined
    let olderThanUs = Infinity
    if (cursor !== undefined) {
      const parsed = parseTimestampMicros(cursor)
      if (parsed === undefined) throw new ApiError(400, `invalid cursor: ${cursor}`)
      olderThanUs = parsed
    }
    const page = this.operationsOlderThan(project, olderThanUs, limit)
    // A page of operations carries the cursor of its last record, as the service's do. A page with none (past the
    // end, or an empty list) has no `pagination`: the description allows it, so the action must read it too.
    const body: OperationsPage = { operations: page.map((op) => this.renderOperation(op)) }
    if (page.length > 0) body.pagination = { cursor: isoMicros(page[page.length - 1]!.createdUs) }
    return { status: 200, body }
  }

  private getOperation(ctx: RouteContext): Reply {
    const [projectId = '', operationId = ''] = ctx.params
    if (!UUID.test(operationId)) throw new ApiError(400, `operation_id must be a UUID: ${operationId}`)
    const project = this.projectOr404(projectId, ctx.key)
    const op = this.findOperation(operationId, { project })
    if (!op) throw new ApiError(404, `operation ${operationId} not found`)
    return { status: 200, body: { operation: this.renderOperation(op) } }
  }

  private createBranchRoute(ctx: RouteContext): Reply {
    const project = this.projectOr404(ctx.params[0] ?? '', ctx.key, true)
    const input = ctx.body.length === 0 ? {} : parseJsonObject(ctx.body)
    const branch = input.branch === undefined ? {} : input.branch
    if (typeof branch !== 'object' || branch === null || Array.isArray(branch))
      throw new ApiError(400, 'branch must be an object')
    const { name, parent_id: parentId } = branch as Record<string, unknown>
    if (name !== undefined && (typeof name !== 'string' || name.length === 0 || name.length > 256)) {
      throw new ApiError(400, 'branch.name must be a string of 1 to 256 characters')
    }
    if (parentId !== undefined && typeof parentId !== 'string')
      throw new ApiError(400, 'branch.parent_id must be a string')
    const endpoints = input.endpoints ?? []
    if (!Array.isArray(endpoints)) throw new ApiError(400, 'endpoints must be an array')
    const types = endpoints.map((endpoint: unknown) => {
      const type =
        typeof endpoint === 'object' && endpoint !== null ? (endpoint as Record<string, unknown>).type : undefined
      if (type !== 'read_write' && type !== 'read_only')
        throw new ApiError(400, 'endpoints[].type must be read_write or read_only')
      return type
    })
    const created = this.createBranch(project.record.id, { name, parentId, endpoints: types })
    return { status: 201, body: { ...created, roles: [], databases: [], connection_uris: [] } }
  }

  private getBranchRoute(ctx: RouteContext): Reply {
    const [projectId = '', branchId = ''] = ctx.params
    const branch = this.projectOr404(projectId, ctx.key).branches.get(branchId)
    if (!branch) throw new ApiError(404, `branch ${branchId} not found`)
    const annotation = { object: { type: 'console/branch', id: branch.id }, value: {} }
    return { status: 200, body: { branch: { ...branch }, annotation } }
  }

  /**
   * The project, when it exists and the key may see it (404), and may reach it (403), or with
   * `change` change it. A collaborator's key is told a project not granted to it does not exist.
   */
  private projectOr404(projectId: string, key: KeyState, change = false): ProjectState {
    const project = this.projectStore.get(projectId)
    if (!project || this.directory.hidesProject(key.scope, project.record)) {
      throw new ApiError(404, `project ${projectId} not found`)
    }
    const [rules, place] = [this.directory, project.record]
    refuse(change ? rules.mayChangeProject(key.scope, place) : rules.mayReachProject(key.scope, place))
    return project
  }

  // ---- control endpoints (no auth; not part of the service) --------------------

  private control(method: string, path: string, body: Buffer): Reply {
    try {
      return this.controlRoute(method, path, body)
    } catch (err) {
      if (err instanceof ApiError) return apiError(err.status, err.message)
      if (err instanceof FaultDefinitionError || err instanceof RangeError) return apiError(400, err.message)
      throw err
    }
  }

  private controlRoute(method: string, path: string, body: Buffer): Reply {
    if (path === '/_emulator/faults') {
      if (method === 'GET') return { status: 200, body: { faults: this.faultQueue.list() } }
      if (method === 'DELETE') {
        this.clearFaults()
        return { status: 200, body: { faults: [] } }
      }
      if (method === 'POST') {
        const input = parseJson(body)
        // Validate everything first so a bad batch injects nothing.
        const faults = (Array.isArray(input) ? input : [input]).map((item) => faultFromJson(item))
        for (const fault of faults) this.inject(fault)
        return { status: 200, body: { faults: this.faultQueue.list() } }
      }
      return methodNotAllowed(['GET', 'POST', 'DELETE'])
    }
    if (path === '/_emulator/requests') {
      if (method === 'GET') return { status: 200, body: this.log }
      if (method === 'DELETE') {
        this.clearRequests()
        return { status: 200, body: [] }
      }
      return methodNotAllowed(['GET', 'DELETE'])
    }
    const opMatch = /^\/_emulator\/operations\/([^/]+)$/.exec(path)
    if (opMatch) {
      if (method !== 'PATCH') return methodNotAllowed(['PATCH'])
      const id = opMatch[1] ?? ''
      if (!this.findOperation(id)) throw new ApiError(404, `operation ${id} not found`)
      const patch = parseJsonObject(body)
      this.setOperation(id, pickOperationPatch(patch))
      return { status: 200, body: { operation: this.operation(id) } }
    }
    return notFound()
  }
}

/** The index of the first of `ops` (newest first) made before `us`, or their length. */
function firstOlderThan(ops: readonly StoredOperation[], us: number): number {
  let low = 0
  let high = ops.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (ops[mid]!.createdUs < us) high = mid
    else low = mid + 1
  }
  return low
}

/** A seeded past must be a time, and a key is not used before it is made. */
function checkKeyHistory(history: KeyHistory, now: number): void {
  const created = history.createdAt ?? now
  if (!Number.isFinite(created)) throw new RangeError('createdAt must be a time in ms since the epoch')
  if (history.lastUsedAt !== undefined && !(history.lastUsedAt >= created)) {
    throw new RangeError('a key cannot be used before it is made')
  }
}

/** The member id a members' cursor holds; a 400 for any other text. */
function memberIdOfCursor(cursor: string): string {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'))
    const id =
      typeof decoded === 'object' && decoded !== null ? (decoded as Record<string, unknown>).member_id : undefined
    if (typeof id === 'string') return id
  } catch {
    // Not base64 of JSON: an invalid cursor, as below.
  }
  throw new ApiError(400, `invalid cursor: ${cursor}`)
}

/** A 403 for a refusal of the permission matrix. */
function refuse(refusal: Refusal): void {
  if (refusal !== undefined) throw new ApiError(403, refusal)
}

function keyNameOf(input: Record<string, unknown>): string {
  const name = input.key_name
  if (typeof name !== 'string' || name.trim().length === 0) {
    throw new ApiError(400, 'key_name is required and must be a non-empty string')
  }
  if ([...name].length > KEY_NAME_MAX) {
    throw new ApiError(400, `key_name must be at most ${KEY_NAME_MAX} characters`)
  }
  return name
}

function pickOperationPatch(input: Record<string, unknown>): Partial<OperationPatch> {
  const patch: Partial<OperationPatch> = {}
  if (input.status !== undefined) {
    if (!isOperationStatus(input.status))
      throw new ApiError(400, `unknown operation status: ${JSON.stringify(input.status)}`)
    patch.status = input.status
  }
  if (input.failures_count !== undefined) {
    if (!Number.isInteger(input.failures_count) || (input.failures_count as number) < 0) {
      throw new ApiError(400, 'failures_count must be a non-negative integer')
    }
    patch.failures_count = input.failures_count as number
  }
  for (const field of ['error', 'retry_at'] as const) {
    if (input[field] !== undefined) {
      if (typeof input[field] !== 'string') throw new ApiError(400, `${field} must be a string`)
      patch[field] = input[field]
    }
  }
  return patch
}
