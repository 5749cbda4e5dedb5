export const id = 259;
export const ids = [259];
export const modules = {

/***/ 3551:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FG: () => (/* binding */ revokeKeyIn),
/* harmony export */   I_: () => (/* binding */ listKeysIn),
/* harmony export */   Jp: () => (/* binding */ RevocationUnconfirmed),
/* harmony export */   O$: () => (/* binding */ organizationKeys),
/* harmony export */   Od: () => (/* binding */ scopeOf),
/* harmony export */   h3: () => (/* binding */ createKeyIn),
/* harmony export */   uV: () => (/* binding */ PERSONAL_KEYS)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _endpoints_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9214);


const PERSONAL_KEYS = { kind: 'personal' };
function organizationKeys(orgId) {
    return { kind: 'organization', orgId };
}
/** Creates a key; with `projectId` a project-scoped key, which only an organization holds. */
function createKeyIn(client, namespace, name, projectId) {
    if (namespace.kind === 'organization')
        return (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .createOrgApiKey */ .YU)(client, namespace.orgId, name, projectId);
    if (projectId !== undefined)
        throw new Error('a project-scoped key belongs to an organization');
    return (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .createApiKey */ .Iq)(client, name);
}
function listKeysIn(client, namespace) {
    return namespace.kind === 'organization' ? (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .listOrgApiKeys */ .jg)(client, namespace.orgId) : (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .listApiKeys */ .d5)(client);
}
/** A revocation the platform answered without confirming it: the key may or may not be revoked. */
class RevocationUnconfirmed extends _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    constructor(message) {
        super(message);
        this.name = 'RevocationUnconfirmed';
    }
}
/**
 * Revokes a key, and fails unless the answer confirms it (`revoked: true`, for the key asked): a
 * key is never reported revoked on less.
 */
async function revokeKeyIn(client, namespace, id) {
    const answer = await (namespace.kind === 'organization' ? (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .revokeOrgApiKey */ .C0)(client, namespace.orgId, id) : (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .revokeApiKey */ .mA)(client, id));
    if (answer.id !== id) {
        throw new RevocationUnconfirmed(`The platform answered the revocation of API key ${id} with a record of API key ${answer.id}: whether key ${id} was revoked is not known, ` +
            `and key ${answer.id} may have been revoked instead. Check both with list-keys.`);
    }
    if (!answer.revoked) {
        throw new RevocationUnconfirmed(`The platform answered the revocation of API key ${id} without confirming it (no \`revoked: true\`): the key may still be valid. Check it with list-keys, and revoke it again.`);
    }
    return answer;
}
function scopeOf(namespace, key) {
    if (namespace.kind === 'personal')
        return 'personal';
    return key.project_id ? 'project' : 'organization';
}


/***/ }),

/***/ 8877:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W7: () => (/* binding */ keyNamespaceFor),
/* harmony export */   dH: () => (/* binding */ organizationForProjects),
/* harmony export */   fI: () => (/* binding */ organizationOutput)
/* harmony export */ });
/* harmony import */ var _endpoints_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9214);
/* harmony import */ var _namespace_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3551);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4758);
/* harmony import */ var _ids_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7958);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(766);





/** The most organizations an "ambiguous" error names; a user in more is told how many are left. */
const MAX_NAMED = 10;
/** list-projects: the organization whose projects to list, or undefined when the key's user has none. */
async function organizationForProjects(ctx, given) {
    if (given !== undefined)
        return announce(ctx, given, 'from the `org-id` input');
    const organizations = await (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .listMyOrganizations */ .p2)(ctx.client);
    if (organizations.length === 0) {
        ctx.log.info("The step's key belongs to no organization: listing its user's projects.");
        return undefined;
    }
    if (organizations.length > 1)
        throw ambiguous(organizations);
    const only = organizations[0];
    return announce(ctx, checkedId(only.id, 'GET /users/me/organizations'), `the only organization of the step's key, ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(only.name)}`);
}
/**
 * create-key, rotate-key, revoke-key and list-keys: where their keys live. A project-scoped key
 * belongs to the organization that owns the project.
 */
async function keyNamespaceFor(ctx, scope) {
    if (scope.orgId !== undefined)
        return (0,_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .organizationKeys */ .O$)(announce(ctx, scope.orgId, 'from the `org-id` input'));
    if (scope.projectId === undefined)
        return _namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .PERSONAL_KEYS */ .uV;
    const project = await (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .getProject */ .U1)(ctx.client, scope.projectId);
    if (typeof project.org_id !== 'string') {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`The platform's record of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(scope.projectId)} names no organization (org_id), and a project-scoped key belongs to one: ` +
            'set `org-id` to the organization that owns the project.');
    }
    const orgId = checkedId(project.org_id, `GET /projects/${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(scope.projectId)}`);
    return (0,_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .organizationKeys */ .O$)(announce(ctx, orgId, `the owner of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(scope.projectId)}`));
}
/** The organization of a namespace, for the `org-id` output: empty for personal keys. */
function organizationOutput(namespace) {
    return namespace.kind === 'organization' ? { 'org-id': namespace.orgId } : {};
}
function announce(ctx, orgId, reason) {
    ctx.log.info(`Organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}: ${reason}.`);
    return orgId;
}
/** An id from the service goes into paths, outputs and state: it must look like one. */
function checkedId(id, where) {
    if (!_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .PLATFORM_ID */ .Ag.test(id)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`${where} answered ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(id, 80)}, which is not an organization id: set \`org-id\` to the one to use.`);
    }
    return id;
}
function ambiguous(organizations) {
    const named = organizations
        .slice(0, MAX_NAMED)
        .map((o) => `${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(o.name, 80)} (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(o.id, 80)})`)
        .join(', ');
    const more = organizations.length > MAX_NAMED ? `, and ${organizations.length - MAX_NAMED} more` : '';
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`The step's key is a personal key whose user belongs to ${organizations.length} organizations: ${named}${more}. ` +
        'The platform lists projects one organization at a time: set `org-id` to the id of the one to use.');
}


/***/ }),

/***/ 5259:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runListOperations: () => (/* binding */ runListOperations)
});

// EXTERNAL MODULE: ./src/api/endpoints.ts
var endpoints = __webpack_require__(9214);
// EXTERNAL MODULE: ./src/api/organization.ts
var organization = __webpack_require__(8877);
// EXTERNAL MODULE: ./src/base/clock.ts
var clock = __webpack_require__(6412);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/operations/status.ts
var operations_status = __webpack_require__(9986);
;// CONCATENATED MODULE: ./src/operations/chart.ts

/** Bars drawn at most: the most telling operations, the rest counted in the caption. */
const MAX_BARS = 30;
/** Longest action, branch or project id in the chart, in characters. */
const MAX_NAME = 40;
const KIND = { failure: 'failed', pending: 'in-progress', success: 'done' };
const TAG = { failed: 'crit, ', 'in-progress': 'active, ', done: 'done, ', unknown: '' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * A Mermaid block for the job summary, with blank lines around it so that it stands outside any
 * HTML block, and a caption that counts what was left out; an empty string when there is
 * nothing to draw.
 */
function operationsChart(operations, options = {}) {
    const maxBars = Math.max(1, Math.floor(options.maxBars ?? MAX_BARS));
    const placed = place(operations, options.now);
    if (placed.length === 0)
        return '';
    const drawn = mostTelling(placed, maxBars);
    const firstMs = Math.min(...drawn.map((bar) => bar.startMs));
    const lastMs = Math.max(...drawn.map((bar) => bar.startMs + bar.durationMs));
    const spanMs = Math.max(lastMs - firstMs, MINUTE);
    // A bar of a few seconds in a day is narrower than a pixel: draw it at least this wide, and
    // say its real duration in its label.
    const minimumMs = Math.ceil(spanMs / 250);
    const lines = [
        'gantt',
        `  title Operations by start time, UTC (${range(firstMs, lastMs)})`,
        '  dateFormat YYYY-MM-DD HH:mm:ss',
        `  axisFormat ${axisFormat(spanMs)}`,
        '  todayMarker off',
    ];
    for (const [project, bars] of byProject(drawn)) {
        lines.push(`  section ${safeName(project, 'unknown project')}`);
        for (const bar of bars.sort((a, b) => a.startMs - b.startMs || a.order - b.order)) {
            const endMs = bar.startMs + Math.max(bar.durationMs, minimumMs);
            lines.push(`    ${label(bar)} :${TAG[bar.kind]}${wallClock(bar.startMs)}, ${wallClock(endMs)}`);
        }
    }
    return `\n\`\`\`mermaid\n${lines.join('\n')}\n\`\`\`\n\n${caption(placed, drawn, operations.length, options.listed)}`;
}
/** The records with a readable creation time, as bars. */
function place(operations, now) {
    const bars = [];
    let latestMs = -Infinity;
    operations.forEach((op, order) => {
        const startMs = Date.parse(op.created_at);
        if (!Number.isFinite(startMs))
            return;
        // Looked up by group: a status such as "constructor" is not known, whatever an object literal has.
        const kind = (0,operations_status/* isKnownStatus */.ih)(op.status) ? KIND[(0,operations_status/* statusGroup */.u9)(op.status)] : 'unknown';
        const updatedMs = Date.parse(op.updated_at);
        const recorded = typeof op.total_duration_ms === 'number' && Number.isFinite(op.total_duration_ms) ? op.total_duration_ms : NaN;
        const durationMs = recorded > 0 ? recorded : Number.isFinite(updatedMs) ? updatedMs - startMs : 0;
        latestMs = Math.max(latestMs, startMs, Number.isFinite(updatedMs) ? updatedMs : startMs);
        bars.push({ op, kind, startMs, durationMs: Math.max(0, durationMs), order });
    });
    // Still in progress: until now, as far as the records tell.
    const nowMs = now ?? latestMs;
    for (const bar of bars)
        if (bar.kind === 'in-progress')
            bar.durationMs = Math.max(bar.durationMs, nowMs - bar.startMs);
    return bars;
}
/** Failed first (newest first), then those in progress, then the longest. */
function mostTelling(bars, max) {
    const rank = { failed: 0, 'in-progress': 1, unknown: 2, done: 3 };
    return [...bars]
        .sort((a, b) => {
        const byKind = rank[a.kind] - rank[b.kind];
        if (byKind !== 0)
            return byKind;
        if (a.kind === 'done')
            return b.durationMs - a.durationMs || a.order - b.order;
        return b.startMs - a.startMs || a.order - b.order;
    })
        .slice(0, max);
}
/** Bars grouped by project, the projects in the order they first appear in the records. */
function byProject(bars) {
    const groups = new Map();
    for (const bar of [...bars].sort((a, b) => a.order - b.order)) {
        const project = typeof bar.op.project_id === 'string' ? bar.op.project_id : '';
        const group = groups.get(project);
        if (group)
            group.push(bar);
        else
            groups.set(project, [bar]);
    }
    return groups;
}
/** "Error start_compute 12 s": the status in our own words first, so no line starts with server text. */
function label(bar) {
    // A status the action does not know is not shown raw.
    const word = (0,operations_status/* consoleWord */.aN)(bar.op.status) ?? 'Other status';
    return `${word} ${safeName(bar.op.action, 'operation')} ${duration(bar.durationMs)}${bar.kind === 'in-progress' ? ' so far' : ''}`;
}
/**
 * Server text reduced to ASCII letters, digits, `_` and `-` (each run of anything else one `_`),
 * at most MAX_NAME characters (a longer one ends with `…`); `fallback` when nothing is left.
 */
function safeName(text, fallback) {
    const kept = (typeof text === 'string' ? text : '').replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
    if (kept.length === 0)
        return fallback;
    return kept.length > MAX_NAME ? `${kept.slice(0, MAX_NAME - 1)}…` : kept;
}
/** "850 ms", "3.1 s", "42 s", "5 min 12 s", "2 h 05 min". */
function duration(ms) {
    if (ms < 1000)
        return `${Math.round(ms)} ms`;
    if (ms < 10_000)
        return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
    const seconds = Math.floor(ms / 1000);
    if (seconds < 60)
        return `${seconds} s`;
    if (seconds < 3600)
        return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
    return `${Math.floor(seconds / 3600)} h ${String(Math.floor(seconds / 60) % 60).padStart(2, '0')} min`;
}
/** Times of day while the title's two dates tell the day; past that, the day too. */
function axisFormat(spanMs) {
    if (spanMs <= 26 * HOUR)
        return '%H:%M';
    if (spanMs <= 4 * DAY)
        return '%a %H:%M';
    return '%d %b';
}
/** UTC as a zone-less time, which Mermaid reads and shows as is: the axis reads UTC wherever the reader is. */
function wallClock(ms) {
    return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
function range(firstMs, lastMs) {
    const first = wallClock(firstMs).slice(0, 16);
    const last = wallClock(lastMs).slice(0, 16);
    return first.slice(0, 10) === last.slice(0, 10) ? `${first} to ${last.slice(11)}` : `${first} to ${last}`;
}
function caption(placed, drawn, given, listed) {
    const total = listed?.total ?? given;
    const left = total - drawn.length;
    if (left === 0)
        return '';
    const failed = listed?.failed ?? placed.filter((bar) => bar.kind === 'failed').length;
    const failedLeft = failed - drawn.filter((bar) => bar.kind === 'failed').length;
    const notPlaced = given - placed.length;
    const parts = [`The chart shows ${drawn.length} of ${total} operations: those that failed, then those in progress, then the longest.`];
    if (failedLeft > 0)
        parts.push(`${failedLeft} more failed.`);
    if (notPlaced > 0)
        parts.push(`${notPlaced} had no readable creation time.`);
    return `<p>${parts.join(' ')}</p>\n`;
}

// EXTERNAL MODULE: ./src/api/paging.ts
var paging = __webpack_require__(6882);
// EXTERNAL MODULE: ./src/http/errors.ts
var http_errors = __webpack_require__(8549);
// EXTERNAL MODULE: ./src/http/retry.ts
var retry = __webpack_require__(8902);
;// CONCATENATED MODULE: ./src/operations/listing.ts






/** The most pages one project's listing reads (a million operations); a list still going on is cut there. */
const MAX_PAGES_PER_PROJECT = 1000;
/**
 * Projects read at once. The pacer, not this, keeps the step within the rate limits: a few
 * requests in flight are enough to cover the time each answer takes.
 */
const PROJECTS_AT_ONCE = 8;
/** A page the platform keeps answering 429 or 503 to is given up after this many attempts. */
const MAX_CONGESTED_ATTEMPTS = 10;
/** Statuses of a project that mean it cannot be read (not found, or out of the key's reach): the others are still listed. */
const UNREADABLE_STATUSES = new Set([403, 404]);
/** Reads projects' operations for one step: every request paced, congestion absorbed and said once. */
class OperationsReader {
    ctx;
    congestionWarned = false;
    constructor(ctx) {
        this.ctx = ctx;
    }
    /** That the branch exists: a branch id that names none would list nothing, and a health check would always pass. */
    async checkBranch(projectId, branchId) {
        await this.throughCongestion(`branch ${(0,base_text/* untrusted */.bp)(branchId)} of project ${(0,base_text/* untrusted */.bp)(projectId)}`, () => (0,endpoints/* getBranch */.d7)(this.ctx.client, projectId, branchId));
    }
    /**
     * Reads every project of `projectIds`, PROJECTS_AT_ONCE at a time, and hands each page's
     * listed operations to `onPage` (with the project's index), awaited before the next page of
     * that project. A project that cannot be read (404, 403) is reported and the others go on;
     * any other failure (a refused key, the step's timeout, a service that kept failing) ends the
     * listing, after the requests in flight, and is thrown.
     */
    async listProjects(projectIds, filter, onPage) {
        const results = new Array(projectIds.length);
        let next = 0;
        let failure;
        const worker = async () => {
            while (failure === undefined && next < projectIds.length) {
                const index = next++;
                const projectId = projectIds[index];
                try {
                    results[index] = await this.listProject(projectId, filter, (operations) => onPage(index, operations));
                }
                catch (error) {
                    if (error instanceof http_errors/* RequestError */.GI && error.kind === 'http' && UNREADABLE_STATUSES.has(error.status ?? 0)) {
                        results[index] = { projectId, listed: 0, end: { kind: 'unreadable', error } };
                    }
                    else
                        failure ??= { error };
                }
            }
        };
        await Promise.all(Array.from({ length: Math.min(PROJECTS_AT_ONCE, projectIds.length) }, worker));
        if (failure)
            throw failure.error;
        return results;
    }
    /** One project: its pages from the head of the list until `since`, the end, or one operation past `max-operations`. */
    async listProject(projectId, filter, onPage) {
        // The last two pages: a listing that streams what it reads keeps no list of every id.
        const guard = new paging/* PagingGuard */.m(undefined, { pages: 2 });
        const filtered = filter.statuses !== undefined || filter.actions !== undefined || filter.branchId !== undefined;
        let listed = 0;
        let cursor;
        const done = (end) => ({ projectId, listed, end });
        const where = `project ${(0,base_text/* untrusted */.bp)(projectId)}'s operations`;
        for (let page = 1; page <= MAX_PAGES_PER_PROJECT; page++) {
            // Unfiltered, a page need hold no more than the operations still wanted and one to tell whether the list goes on.
            const limit = filtered ? endpoints/* OPERATIONS_PAGE_LIMIT */.lZ : Math.min(endpoints/* OPERATIONS_PAGE_LIMIT */.lZ, filter.maxOperations + 1 - listed);
            const result = await this.throughCongestion(`a page of ${where}`, () => (0,endpoints/* listOperations */.RT)(this.ctx.client, projectId, { limit, cursor }));
            const fresh = guard.unseen(result.operations, (o) => o.id);
            if (result.operations.length > 0 && fresh.length === 0) {
                return done({
                    kind: 'broken',
                    warning: `The page of ${where} after cursor ${(0,base_text/* quoted */.TL)(cursor ?? '')} holds only operations already read: ` +
                        `its listing ends there and may be incomplete (${listed} listed).`,
                });
            }
            const kept = [];
            let end;
            for (const operation of fresh) {
                // Newest first: the first one older than `since` ends the list.
                if (filter.sinceMs !== undefined && Date.parse(operation.created_at) < filter.sinceMs) {
                    end = { kind: 'complete' };
                    break;
                }
                if (!matches(operation, filter))
                    continue;
                if (listed === filter.maxOperations) {
                    end = { kind: 'cut' };
                    break;
                }
                kept.push(operation);
                listed++;
            }
            await onPage(kept);
            if (end)
                return done(end);
            const next = result.cursor;
            // The service sends a cursor even on the last page: a short page is the end.
            if (result.operations.length < limit || !next)
                return done({ kind: 'complete' });
            if (guard.repeated(next)) {
                return done({
                    kind: 'broken',
                    warning: `The platform handed out cursor ${(0,base_text/* quoted */.TL)(next)} twice while listing the operations of project ${(0,base_text/* untrusted */.bp)(projectId)}: ` +
                        `its listing ends there and may be incomplete (${listed} listed).`,
                });
            }
            cursor = next;
        }
        return done({
            kind: 'broken',
            warning: `The operations of project ${(0,base_text/* untrusted */.bp)(projectId)} were still going on after ${MAX_PAGES_PER_PROJECT} pages: ` +
                `its listing ends there and is incomplete (${listed} listed).`,
        });
    }
    /**
     * A read that a 429 or 503 only delays: the pacer holds every request back as long as the
     * platform asks (a 503 that does not say, a back-off), and the read goes again, up to
     * MAX_CONGESTED_ATTEMPTS times. One warning for the step's first congestion, the rest in the debug log.
     */
    async throughCongestion(where, read) {
        for (let attempt = 1;; attempt++) {
            try {
                return await read();
            }
            catch (error) {
                const congested = error instanceof http_errors/* RequestError */.GI && error.kind === 'http' && retry/* CONGESTION_STATUSES */.lg.has(error.status ?? 0);
                if (!congested || attempt >= MAX_CONGESTED_ATTEMPTS)
                    throw error;
                // A 429, or a 503 with Retry-After, has paused the pacer already.
                if (error.retryAfterMs === undefined && error.status !== 429) {
                    this.ctx.pacer.pause((0,retry/* backoffDelay */.EY)(attempt, retry/* DEFAULT_RETRY_POLICY */.cO, this.ctx.random));
                }
                const asked = error.retryAfterMs === undefined ? '' : `, Retry-After ${(0,clock/* formatDuration */.a)(error.retryAfterMs)}`;
                const message = `The platform answered ${error.status} (${error.status === 429 ? 'too many requests' : 'unavailable'}${asked}; request id ` +
                    `${(0,base_text/* untrusted */.bp)(error.requestId ?? '')}) to the read of ${where}: every request waits as asked, and the read goes again.`;
                if (this.congestionWarned)
                    this.ctx.log.debug(message);
                else
                    this.ctx.log.warning(message);
                this.congestionWarned = true;
            }
        }
    }
}
function matches(operation, filter) {
    return ((filter.statuses === undefined || filter.statuses.has(operation.status)) &&
        (filter.actions === undefined || filter.actions.has(operation.action)) &&
        (filter.branchId === undefined || operation.branch_id === filter.branchId));
}

// EXTERNAL MODULE: ./src/operations/pacing.ts
var pacing = __webpack_require__(3928);
;// CONCATENATED MODULE: ./src/operations/report.ts


/** Operations the summary's table shows at most. */
const MAX_TABLE_ROWS = 200;
/** Operations with a status of `fail-on-status` the error names at most. */
const MAX_NAMED_IN_ERROR = 5;
/** Newest first, then by project, then by place in the project's list: the same whatever order pages came in. */
function newestFirst(a, b) {
    return b.createdMs - a.createdMs || a.projectIndex - b.projectIndex || a.position - b.position;
}
function longestFirst(a, b) {
    return b.durationMs - a.durationMs || newestFirst(a, b);
}
/** The first `limit` of what it is given, by `order`, holding at most twice that many. */
class TopPicks {
    limit;
    order;
    items = [];
    constructor(limit, order) {
        this.limit = limit;
        this.order = order;
    }
    add(item) {
        this.items.push(item);
        if (this.items.length >= 2 * this.limit)
            this.trim();
    }
    picked() {
        this.trim();
        return [...this.items];
    }
    trim() {
        this.items = this.items.sort(this.order).slice(0, this.limit);
    }
}
class ListingReport {
    /** Every status listed, the 8 known ones first (at 0 when none had it). */
    statusCounts = new Map(operations_status/* OPERATION_STATUSES */.xQ.map((status) => [status, 0]));
    projects;
    total = 0;
    failed = 0;
    /** How many listed operations have a status of `fail-on-status`. */
    failingCount = 0;
    failedIds;
    positions;
    failOn;
    /** For the summary's table: the failed ones, then the others, newest first. */
    failedRows = new TopPicks(MAX_TABLE_ROWS, newestFirst);
    otherRows = new TopPicks(MAX_TABLE_ROWS, newestFirst);
    /** For the chart: what it draws first (the failed, those in progress, of unknown status, newest first; the rest, longest first). */
    bars = new Map([
        ['failure', new TopPicks(MAX_BARS, newestFirst)],
        ['pending', new TopPicks(MAX_BARS, newestFirst)],
        ['unknown', new TopPicks(MAX_BARS, newestFirst)],
        ['success', new TopPicks(MAX_BARS, longestFirst)],
    ]);
    failOnPicks = new TopPicks(MAX_NAMED_IN_ERROR, newestFirst);
    now;
    /** `now`: where the time of an operation still in progress runs to. */
    constructor(projects, now, failOn = []) {
        this.now = now;
        this.projects = Array.from({ length: projects }, () => ({ operations: 0, failed: 0, inProgress: 0 }));
        this.failedIds = Array.from({ length: projects }, () => []);
        this.positions = new Array(projects).fill(0);
        this.failOn = new Set(failOn);
    }
    add(projectIndex, operation) {
        const { status } = operation;
        const group = (0,operations_status/* statusGroup */.u9)(status);
        const createdMs = Date.parse(operation.created_at) || 0;
        const item = {
            operation,
            projectIndex,
            position: this.positions[projectIndex]++,
            createdMs,
            // The record's time is that of its last change of status: one still going has taken until now so far.
            durationMs: group === 'pending' ? Math.max((0,operations_status/* durationOf */.cf)(operation), this.now - createdMs) : (0,operations_status/* durationOf */.cf)(operation),
        };
        this.statusCounts.set(status, (this.statusCounts.get(status) ?? 0) + 1);
        this.total++;
        const project = this.projects[projectIndex];
        project.operations++;
        if (project.longest === undefined || longestFirst(item, project.longest) < 0)
            project.longest = item;
        if (group === 'failure') {
            this.failed++;
            project.failed++;
            this.failedIds[projectIndex].push(operation.id);
            this.failedRows.add(item);
        }
        else
            this.otherRows.add(item);
        if (group === 'pending')
            project.inProgress++;
        this.bars.get((0,operations_status/* isKnownStatus */.ih)(status) ? group : 'unknown').add(item);
        if (this.failOn.has(status)) {
            this.failingCount++;
            this.failOnPicks.add(item);
        }
    }
    /** The ids of the failed, errored and cancelled operations, project by project, each project's newest first. */
    failedOperationIds() {
        return this.failedIds.flat();
    }
    /** The newest of them, for the error. */
    failing() {
        return this.failOnPicks.picked();
    }
    /** The summary table's rows: the failed ones first, then the others, each newest first. */
    rows() {
        return [...this.failedRows.picked(), ...this.otherRows.picked()].slice(0, MAX_TABLE_ROWS);
    }
    /** What the chart may draw: every operation it would pick from all of them. */
    chartCandidates() {
        return [...this.bars.values()].flatMap((picks) => picks.picked());
    }
    /** `status-counts`: status → count, the 8 known statuses always, then any other listed. */
    statusCountsObject() {
        return Object.fromEntries(this.statusCounts);
    }
}

// EXTERNAL MODULE: ./src/runner/outputs.ts
var outputs = __webpack_require__(7424);
// EXTERNAL MODULE: ./src/runner/summary.ts
var summary = __webpack_require__(1070);
;// CONCATENATED MODULE: ./src/commands/list-operations.ts












/** Projects a warning or an error names at most; the output `incomplete-project-ids` has them all. */
const MAX_PROJECTS_NAMED = 10;
async function runListOperations(ctx, options) {
    const startedAt = ctx.clock.now();
    const sinceMs = sinceOf(options, startedAt);
    const pacer = new pacing/* RequestPacer */.Vq(ctx.clock);
    const client = ctx.client.withPacing(pacer);
    const reader = new OperationsReader({ client, pacer, log: ctx.log });
    const scope = options.projects;
    let projectIds;
    let orgId;
    const notes = [];
    if (scope.kind === 'one')
        projectIds = [scope.projectId];
    else if (scope.kind === 'list')
        projectIds = scope.projectIds;
    else {
        orgId = await (0,organization/* organizationForProjects */.dH)({ client, log: ctx.log }, scope.orgId);
        const found = await (0,endpoints/* listAllProjects */.SB)(client, { orgId });
        if (found.warning) {
            ctx.log.warning(found.warning);
            notes.push(found.warning);
        }
        // Listed by id only when the platform could not read their records in time: their operations can still be read.
        projectIds = [...found.projects.map((p) => p.id), ...found.unavailableIds];
    }
    const branchId = scope.kind === 'one' ? scope.branchId : undefined;
    if (scope.kind === 'one' && branchId !== undefined)
        await reader.checkBranch(scope.projectId, branchId);
    const filter = {
        maxOperations: options.maxOperations,
        ...(sinceMs === undefined ? {} : { sinceMs }),
        ...(options.statuses ? { statuses: new Set(options.statuses) } : {}),
        ...(options.actions ? { actions: new Set(options.actions) } : {}),
        ...(branchId === undefined ? {} : { branchId }),
    };
    ctx.log.info(`Listing the operations of ${describeScope(options, projectIds.length, orgId)}${describeFilter(options, sinceMs)}.`);
    const report = new ListingReport(projectIds.length, startedAt, options.failOnStatus);
    const file = new outputs/* ListFileWriter */.gd(options.fileDir, 'operations');
    const held = new HeldOutput(projectIds.length);
    let listings;
    try {
        listings = await reader.listProjects(projectIds, filter, async (index, operations) => {
            const records = [];
            for (const operation of operations) {
                report.add(index, operation);
                const json = (0,outputs/* recordJson */.ki)(operation);
                held.add(index, json);
                records.push(json);
            }
            await file.add(index, records);
        });
    }
    catch (error) {
        await file.discard();
        throw error;
    }
    const path = await file.finish();
    const cut = listings.filter((l) => l.end.kind === 'cut');
    const broken = listings.flatMap((l) => (l.end.kind === 'broken' ? [l.end.warning] : []));
    const unreadable = listings.flatMap((l) => (l.end.kind === 'unreadable' ? [{ projectId: l.projectId, error: l.end.error }] : []));
    const incomplete = listings.filter((l) => l.end.kind !== 'complete').map((l) => l.projectId);
    for (const warning of broken)
        ctx.log.warning(warning);
    const cutNote = cut.length > 0 ? describeCut(cut, options.maxOperations) : undefined;
    if (cutNote)
        ctx.log.warning(cutNote);
    ctx.log.info(describeTotals(report, projectIds.length, pacer));
    const failures = [];
    const next = [];
    if (unreadable.length > 0) {
        failures.push(describeUnreadable(unreadable, projectIds.length));
        next.push('Check each project id that could not be read: a 404 names a project the platform does not know (or no longer has), a 403 one ' +
            "out of the key's reach (a project-scoped key reaches one project, an organization key its organization's).");
    }
    const failing = options.failOnStatus && report.failingCount > 0 ? describeFailing(report, options.failOnStatus, projectIds) : undefined;
    if (failing) {
        failures.push(failing);
        next.push('The platform reports these operations ended so: the summary lists the failed ones first, and the console has their errors. ' +
            'A later step can read `failed-operation-ids` and `operations-file`.');
    }
    const operations = held.json();
    return {
        outputs: {
            ...(operations === undefined ? {} : { operations }),
            'operations-file': path,
            'operation-count': String(report.total),
            'status-counts': JSON.stringify(report.statusCountsObject()),
            'failed-operation-ids': JSON.stringify(report.failedOperationIds()),
            'incomplete-project-ids': JSON.stringify(incomplete),
            ...(orgId === undefined ? {} : { 'org-id': orgId }),
        },
        ...(operations === undefined ? { oversized: { operations: held.bytes } } : {}),
        summary: summaryOf({
            options,
            projectIds,
            listings,
            report,
            orgId,
            sinceMs,
            startedAt,
            notes: [...notes, ...broken, ...(cutNote ? [cutNote] : [])],
            // A project list whose paging went wrong may lack projects no output can name.
            incomplete: incomplete.length > 0 || notes.length > 0,
        }),
        ...(failures.length > 0 ? { failure: (0,base_text/* untrusted */.bp)(failures.join(' '), Number.POSITIVE_INFINITY), next: next.join(' ') } : {}),
        ...(unreadable[0] ? { failedRequest: unreadable[0].error } : {}),
    };
}
/** Where the listing reaches back to, in whole seconds (the records' precision); refused in the future, before any request. */
function sinceOf(options, now) {
    const { since } = options;
    if (since === undefined)
        return undefined;
    const ms = since.kind === 'ago' ? now - since.ms : since.ms;
    if (ms > now) {
        throw new errors/* InputError */.dz(`Input \`since\` is ${(0,base_text/* quoted */.TL)(since.text, 80)}, which is in the future (the step started at ${(0,base_text/* untrusted */.bp)(new Date(now).toISOString())}): ` +
            'no operation was created after it. Give a time in the past, or a span back from now such as 24h.');
    }
    return Math.floor(ms / 1000) * 1000;
}
/**
 * The `operations` output while it fits the output limit, each project's records in order; past
 * the limit only its size is kept (the file has every record).
 */
class HeldOutput {
    parts;
    /** The JSON array's size in bytes. */
    bytes = 2;
    constructor(projects) {
        this.parts = Array.from({ length: projects }, () => []);
    }
    add(index, json) {
        this.bytes += Buffer.byteLength(json, 'utf8') + (this.bytes > 2 ? 1 : 0);
        if (this.bytes > outputs/* OUTPUT_LIMIT_BYTES */._G)
            this.parts = undefined;
        else
            this.parts?.[index].push(json);
    }
    json() {
        return this.parts && `[${this.parts.flat().join(',')}]`;
    }
}
function describeScope(options, projects, orgId) {
    const scope = options.projects;
    if (scope.kind === 'one') {
        return scope.branchId === undefined
            ? `project ${(0,base_text/* untrusted */.bp)(scope.projectId)}`
            : `branch ${(0,base_text/* untrusted */.bp)(scope.branchId)} of project ${(0,base_text/* untrusted */.bp)(scope.projectId)}`;
    }
    if (scope.kind === 'list')
        return `${projects} project(s)`;
    return orgId === undefined
        ? `the ${projects} project(s) of the key's user`
        : `the ${projects} project(s) of organization ${(0,base_text/* untrusted */.bp)(orgId)}`;
}
function describeFilter(options, sinceMs) {
    const parts = [
        sinceMs === undefined ? '' : ` since ${new Date(sinceMs).toISOString().replace('.000Z', 'Z')}`,
        `, at most ${options.maxOperations}${options.projects.kind === 'one' ? '' : ' of each'}, the newest`,
        options.statuses ? `, with status ${options.statuses.join(', ')}` : '',
        options.actions ? `, with action ${options.actions.join(', ')}` : '',
        options.failOnStatus ? `; failing on ${options.failOnStatus.join(', ')}` : '',
    ];
    // Statuses and actions the inputs checked: words of letters, digits and _ . -
    return (0,base_text/* untrusted */.bp)(parts.join(''), Number.POSITIVE_INFINITY);
}
function describeTotals(report, projects, pacer) {
    const counts = [...report.statusCounts]
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${n} ${(0,base_text/* untrusted */.bp)(status, 40)}`)
        .join(', ');
    const congested = pacer.congested > 0 ? `; ${pacer.congested} answered 429 and were sent again after the wait asked for` : '';
    return `Listed ${report.total} operation(s) of ${projects} project(s) in ${pacer.sent} request(s)${congested}${counts ? `: ${counts}` : ''}.`;
}
function describeCut(cut, max) {
    return (`${cut.length} project(s) have more operations than \`max-operations\` (${max}) lets the step list, so only their newest are listed: ` +
        `${describeSome(cut.map((l) => l.projectId))}. \`incomplete-project-ids\` names them; raise \`max-operations\` (up to 100000) or set a later \`since\` for all of them.`);
}
function describeUnreadable(unreadable, total) {
    const named = unreadable.slice(0, MAX_PROJECTS_NAMED).map((u) => u.error.message);
    const more = unreadable.length > MAX_PROJECTS_NAMED ? ` And ${unreadable.length - MAX_PROJECTS_NAMED} more.` : '';
    return (`${unreadable.length} of ${total} project(s) could not be read, so none of their operations are listed; every other project's are ` +
        `(\`incomplete-project-ids\` names them all). ${(0,base_text/* untrusted */.bp)(named.join(' '), Number.POSITIVE_INFINITY)}${more}`);
}
function describeFailing(report, failOn, projectIds) {
    const named = report.failing().map(({ operation: o, projectIndex }) => {
        const where = `project ${(0,base_text/* untrusted */.bp)(projectIds[projectIndex] ?? '')}, branch ${(0,base_text/* untrusted */.bp)(o.branch_id)}`;
        return `${(0,base_text/* untrusted */.bp)(o.id)} (${where}, ${(0,base_text/* untrusted */.bp)(o.action)}, ${(0,base_text/* untrusted */.bp)(o.status)}, ${(0,summary/* formatDate */.Yq)(o.created_at) || (0,base_text/* untrusted */.bp)(o.created_at)})`;
    });
    const more = report.failingCount > named.length ? `; and ${report.failingCount - named.length} more` : '';
    return (`${report.failingCount} listed operation(s) have a status \`fail-on-status\` names (${(0,base_text/* untrusted */.bp)(failOn.join(', '))}), the newest: ` +
        `${(0,base_text/* untrusted */.bp)(named.join('; '), Number.POSITIVE_INFINITY)}${more}.`);
}
function describeSome(ids) {
    const named = ids
        .slice(0, MAX_PROJECTS_NAMED)
        .map((id) => (0,base_text/* untrusted */.bp)(id, 80))
        .join(', ');
    return ids.length > MAX_PROJECTS_NAMED ? `${named}, and ${ids.length - MAX_PROJECTS_NAMED} more` : named;
}
const OPERATION_HEADERS = ['operation', 'action', 'branch', 'compute', 'status', 'duration', 'date (UTC)'];
function summaryOf(parts) {
    const { options, projectIds, report } = parts;
    const several = options.projects.kind !== 'one';
    const listed = report.rows();
    const candidates = report.chartCandidates().sort(newestFirst);
    return ((0,summary/* heading */.R_)(summaryTitle(parts)) +
        (0,summary/* paragraph */.FY)(describeCounts(report)) +
        parts.notes.map((note) => (0,summary/* paragraph */.FY)(note)).join('') +
        (several && projectIds.length > 0 ? projectTable(parts) : '') +
        operationsChart(candidates.map((c) => c.operation), { now: parts.startedAt, listed: { total: report.total, failed: report.failed } }) +
        (listed.length > 0
            ? (0,summary/* tableOf */.c_)(several ? ['project', ...OPERATION_HEADERS] : OPERATION_HEADERS, listed, (item) => (several ? [{ code: projectIds[item.projectIndex] ?? '' }, ...operationRow(item)] : operationRow(item)), { total: report.total, rest: 'the `operations-file` output' })
            : ''));
}
function summaryTitle(parts) {
    const { options, projectIds, report, orgId, sinceMs } = parts;
    const scope = options.projects;
    const whose = scope.kind === 'one'
        ? `project ${scope.projectId}${scope.branchId === undefined ? '' : `, branch ${scope.branchId}`}`
        : scope.kind === 'all' && orgId !== undefined
            ? `the ${projects(projectIds.length)} of organization ${orgId}`
            : projects(projectIds.length);
    const since = sinceMs === undefined ? '' : ` since ${(0,summary/* formatDate */.Yq)(new Date(sinceMs).toISOString())}`;
    return `Operations of ${whose}${since} (${report.total}${parts.incomplete ? ', incomplete' : ''})`;
}
/**
 * "143 operation(s): 120 OK (finished), 7 Error (5 failed, 2 error), …": each of the console's
 * words once, with the statuses it stands for where they are not the word itself.
 */
function describeCounts(report) {
    const counts = [...report.statusCounts].filter(([, n]) => n > 0);
    if (counts.length === 0)
        return 'No operation listed.';
    const byWord = new Map();
    const unknown = [];
    for (const [status, n] of counts) {
        const word = (0,operations_status/* consoleWord */.aN)(status);
        if (word === undefined)
            unknown.push(`${n} of a status the action does not know (${status})`);
        else
            byWord.set(word, [...(byWord.get(word) ?? []), [status, n]]);
    }
    const words = [...byWord].map(([word, statuses]) => {
        const total = statuses.reduce((sum, [, n]) => sum + n, 0);
        if (statuses.length === 1)
            return statuses[0][0] === word.toLowerCase() ? `${total} ${word}` : `${total} ${word} (${statuses[0][0]})`;
        return `${total} ${word} (${statuses.map(([status, n]) => `${n} ${status}`).join(', ')})`;
    });
    return `${report.total} operation(s): ${(0,base_text/* untrusted */.bp)([...words, ...unknown].join(', '), Number.POSITIVE_INFINITY)}.`;
}
function projectTable(parts) {
    const { listings, report } = parts;
    const rows = listings.map((listing, index) => ({ listing, index, tally: report.projects[index] }));
    // The ones to look at first: unreadable, then the most failed, then the most in progress; otherwise in the listing's order.
    rows.sort((a, b) => Number(b.listing.end.kind === 'unreadable') - Number(a.listing.end.kind === 'unreadable') ||
        b.tally.failed - a.tally.failed ||
        b.tally.inProgress - a.tally.inProgress ||
        a.index - b.index);
    return (0,summary/* tableOf */.c_)(['project', 'operations', 'failed', 'in progress', 'longest'], rows, ({ listing, tally }) => {
        const { end } = listing;
        const operations = end.kind === 'unreadable'
            ? `could not be read (${end.error.status ?? end.error.kind})`
            : end.kind === 'cut'
                ? `${tally.operations} (the newest; more not listed)`
                : end.kind === 'broken'
                    ? `${tally.operations} (may be incomplete)`
                    : tally.operations;
        const longest = tally.longest && `${(0,clock/* formatDuration */.a)(tally.longest.durationMs)} (${tally.longest.operation.action})`;
        return [{ code: listing.projectId }, operations, tally.failed, tally.inProgress, longest];
    });
}
/**
 * A row of the operations table. Eight columns of ids make a narrow table: the operation's id is
 * shortened as commit hashes are (the outputs have it whole), the date to month, day and time.
 */
function operationRow({ operation: o, durationMs }) {
    const status = (0,operations_status/* consoleWord */.aN)(o.status) ?? o.status;
    const duration = `${(0,clock/* formatDuration */.a)(durationMs)}${(0,operations_status/* isTerminal */.Hd)(o.status) ? '' : ' so far'}`;
    return [{ code: o.id.slice(0, SHORT_ID) }, o.action, o.branch_id, o.endpoint_id, status, duration, shortDate(o.created_at)];
}
/** The characters of an operation id the table shows: the first group of its UUID. */
const SHORT_ID = 8;
/** "11-21 09:57" from an ISO timestamp; the raw text when it is not one. */
function shortDate(iso) {
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? iso : new Date(ms).toISOString().slice(5, 16).replace('T', ' ');
}
function projects(n) {
    return n === 1 ? '1 project' : `${n} projects`;
}


/***/ }),

/***/ 3928:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vq: () => (/* binding */ RequestPacer),
/* harmony export */   r_: () => (/* binding */ PollPace)
/* harmony export */ });
/* unused harmony exports MAX_CONGESTED_INTERVAL_MS, CONGESTION_PAUSE_MS, routeOf */
/**
 * How long the waiter waits between two polls. Normally `poll-interval`. Every job of an account
 * shares the account's rate limit (700 requests a minute, 40 a second per route), so a matrix
 * of waiters must slow down together when the service says it is congested:
 * - a 429 or 503 doubles this job's interval, up to a bound, and the next poll comes no sooner
 *   than Retry-After, plus a random part so jobs told the same Retry-After do not return together;
 * - every round the service answers narrows the interval again, back to `poll-interval`: fast
 *   from a long interval, gently near the normal one, where congestion starts again.
 * The first poll goes out at once, with no random offset: in a model of 100 jobs started
 * together (`npm run bench -- --only rate-limits`) an offset of up to 3 s before the first or
 * the second poll changed neither the 429s nor the detection latency beyond the noise between
 * seeds, and it cost every gate whose operations were already done that much time for nothing.
 * At `poll-interval` the pace has no jitter: a calm waiter polls exactly that often.
 */
/** Congestion widens the interval up to this (or to `poll-interval`, when that is longer). */
const MAX_CONGESTED_INTERVAL_MS = 60_000;
/** Each congested round multiplies the interval by this. */
const WIDENING = 2;
/**
 * Each answered round adds 1/NARROWING_ROUNDS of the normal polling rate to a widened interval's
 * rate: from twice `poll-interval` back to it in 8 rounds, from eight times in 14. Narrowing
 * slowly keeps a fleet just under the account's limit instead of overshooting it into long
 * Retry-After waits: in a model of 100 jobs (`npm run bench -- --only rate-limits`), 16 gave the
 * shortest slowest detections and the fewest 429s of 4, 8, 16, 24 and 32.
 */
const NARROWING_ROUNDS = 16;
class PollPace {
    baseMs;
    maxMs;
    currentMs;
    random;
    constructor(baseMs, random = Math.random) {
        this.baseMs = baseMs;
        this.maxMs = Math.max(baseMs, MAX_CONGESTED_INTERVAL_MS);
        this.currentMs = baseMs;
        this.random = random;
    }
    /** The interval the waiter polls at now, without jitter. */
    get intervalMs() {
        return this.currentMs;
    }
    /** Whether congestion has widened the interval beyond `poll-interval`. */
    get widened() {
        return this.currentMs > this.baseMs;
    }
    /** The wait after a round the service answered; a widened interval narrows a step. */
    afterAnswer() {
        this.currentMs = Math.max(this.baseMs, 1 / (1 / this.currentMs + 1 / (this.baseMs * NARROWING_ROUNDS)));
        if (!this.widened)
            return this.baseMs;
        // Jitter keeps slowed jobs from falling back into step; never faster than poll-interval.
        return Math.max(this.baseMs, Math.round(this.currentMs * (0.75 + 0.5 * this.random())));
    }
    /** The wait after a 429 or 503: the widened interval, and never sooner than Retry-After. */
    afterCongestion(retryAfterMs) {
        this.currentMs = Math.min(this.maxMs, this.currentMs * WIDENING);
        return Math.round(Math.max(retryAfterMs ?? 0, this.currentMs) + (this.random() * this.currentMs) / 2);
    }
}
const SERVICE_RATE_BUDGET = { perMinute: 700, perRoutePerSecond: 40 };
/** How long every request waits after a 429 that names no Retry-After. */
const CONGESTION_PAUSE_MS = 1000;
/** Requests of one window: those in flight, and when each finished one's answer came. */
class Window {
    limit;
    lengthMs;
    inFlight = 0;
    /** Ascending; those before `head` have left the window. */
    ended = [];
    head = 0;
    constructor(limit, lengthMs) {
        this.limit = limit;
        this.lengthMs = lengthMs;
    }
    /** How long until one more request fits: 0 now, undefined until a request in flight ends. */
    waitAt(now) {
        while (this.head < this.ended.length && this.ended[this.head] <= now - this.lengthMs)
            this.head++;
        if (this.head > 1024) {
            this.ended.splice(0, this.head);
            this.head = 0;
        }
        const inWindow = this.ended.length - this.head;
        const over = this.inFlight + inWindow - this.limit + 1;
        if (over <= 0)
            return 0;
        // Requests in flight end later than any that ended: the over-th oldest that ended frees the place.
        return over <= inWindow ? this.ended[this.head + over - 1] + this.lengthMs - now : undefined;
    }
    end(at) {
        this.inFlight--;
        // Answers come in any order; their times on this clock only grow.
        this.ended.push(Math.max(at, this.ended.at(-1) ?? at));
    }
}
/**
 * Paces a step's requests under the account's rate limits (700 a minute, 40 a second per
 * route), so that reading hundreds of projects costs no 429: a request goes only when fewer
 * than the limit of each of its windows (the account's minute, its route's second) are in
 * flight or were answered within the window. Counting a request from its answer, not from its
 * sending, never lets the service count one more in its window than the limit, whatever the
 * network's delays: the service saw a request before its answer came. Requests take their
 * turns in the order they asked. A 429 (or a 503 with Retry-After) holds every request back
 * for as long as it says (a 429 without Retry-After, CONGESTION_PAUSE_MS): other jobs of the
 * account share its budget.
 */
class RequestPacer {
    clock;
    budget;
    account;
    routes = new Map();
    pausedUntil = Number.NEGATIVE_INFINITY;
    queue = Promise.resolve();
    ended = settles();
    /** Requests sent, and answers that asked the step to slow down (429, or 503 with Retry-After). */
    sent = 0;
    congested = 0;
    constructor(clock, budget = SERVICE_RATE_BUDGET) {
        this.clock = clock;
        this.budget = budget;
        this.account = new Window(budget.perMinute, 60_000);
    }
    turn(request, deadline) {
        const turn = this.queue.then(() => this.admit(routeOf(request), deadline));
        this.queue = turn.catch(() => undefined);
        return turn;
    }
    /** Holds every request back until `ms` from now. */
    pause(ms) {
        this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    }
    async admit(route, deadline) {
        const windows = [this.account, this.routeWindow(route)];
        for (;;) {
            const now = this.clock.now();
            // Past the deadline the request goes, and fails on it at once.
            if (now >= deadline)
                break;
            let waitMs = Math.max(0, this.pausedUntil - now);
            let untilAnEnd = false;
            for (const window of windows) {
                const wait = window.waitAt(now);
                if (wait === undefined)
                    untilAnEnd = true;
                else
                    waitMs = Math.max(waitMs, wait);
            }
            if (waitMs > 0)
                await this.clock.sleep(Math.min(waitMs, deadline - now));
            else if (untilAnEnd)
                await this.ended.promise;
            else
                break;
        }
        for (const window of windows)
            window.inFlight++;
        this.sent++;
        let over = false;
        return (answer) => {
            if (over)
                return;
            over = true;
            const now = this.clock.now();
            for (const window of windows)
                window.end(now);
            if (answer.status === 429 || (answer.status === 503 && answer.retryAfterMs !== undefined)) {
                this.congested++;
                this.pause(answer.retryAfterMs ?? CONGESTION_PAUSE_MS);
            }
            const { resolve } = this.ended;
            this.ended = settles();
            resolve();
        };
    }
    routeWindow(route) {
        let window = this.routes.get(route);
        if (!window) {
            window = new Window(this.budget.perRoutePerSecond, 1000);
            this.routes.set(route, window);
        }
        return window;
    }
}
/** `GET /projects/{}/operations`: the route a request counts against, its ids left out (the API's paths alternate names and ids). */
function routeOf(request) {
    const segments = request.path.split('?')[0].split('/').filter(Boolean);
    return `${request.method} /${segments.map((segment, i) => (i % 2 === 1 ? '{}' : segment)).join('/')}`;
}
function settles() {
    let resolve = () => undefined;
    const promise = new Promise((done) => (resolve = done));
    return { promise, resolve };
}


/***/ }),

/***/ 7424:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JN: () => (/* binding */ boundOutputs),
/* harmony export */   _G: () => (/* binding */ OUTPUT_LIMIT_BYTES),
/* harmony export */   gd: () => (/* binding */ ListFileWriter),
/* harmony export */   ki: () => (/* binding */ recordJson),
/* harmony export */   ou: () => (/* binding */ writeListFile)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6466);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_stream_promises__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(766);
/**
 * Outputs within the runner's limits (runner-facts.md). A step output passed on through `env:`
 * or another action's `with:` fails past 128 KiB (one environment variable), an expression's
 * result is capped at 10 MiB, and GitHub documents 1 MB an output. Every output goes through one
 * gate on its way out (boundOutputs): one over OUTPUT_LIMIT_BYTES is not set, never cut short. A
 * list output (`projects`, `project-ids`, `keys`) always has its whole list in a file of its own
 * under RUNNER_TEMP, whose path is an output too, and the warning names that file; any other
 * output over the limit goes into the `outputs-file`.
 */







/** The new key's output: its value is the one secret an output carries. */
const KEY_OUTPUT = 'key';
/** Largest output, in bytes: half of the 128 KiB one environment variable may hold. */
const OUTPUT_LIMIT_BYTES = 64 * 1024;
/** Whether an output value can be passed on through `env:` or `with:`. */
function fitsOutput(value) {
    return Buffer.byteLength(value, 'utf8') <= OUTPUT_LIMIT_BYTES;
}
function listFilePath(dir, list) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(dir, `neon-${list}-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()}.json`);
}
function listFileError(list, dir, error) {
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ(`Could not write the ${list} file in ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(dir)} (RUNNER_TEMP): ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .messageOf */ .bD)(error)}`);
}
/** Writes a list's JSON to a file of its own in `dir` (RUNNER_TEMP) and returns the file's path. */
async function writeListFile(dir, list, json) {
    const path = listFilePath(dir, list);
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.writeFile)(path, redactJson(json), { encoding: 'utf8', mode: 0o600 });
    }
    catch (error) {
        throw listFileError(list, dir, error);
    }
    return path;
}
/**
 * A record as JSON for an output or a list file, every secret in its text replaced. Redacting
 * the text of whole JSON instead could run past a value's end: a credential's form (`Bearer …`)
 * takes every printable character up to a space, quotes and brackets included.
 */
function recordJson(record) {
    const json = JSON.stringify(record);
    // Most records hold nothing to replace: one look at the whole text, then each value only if it found one.
    if ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .redactSecrets */ .fp)(json) === json)
        return json;
    return JSON.stringify(record, (_key, value) => (typeof value === 'string' ? (0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .redactSecrets */ .fp)(value) : value));
}
/** JSON text with every secret in its string values replaced; text that is not JSON, as text. */
function redactJson(text) {
    // Nothing to replace, as almost always: as it is, unparsed, the only way to keep its exact text.
    const redacted = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .redactSecrets */ .fp)(text);
    if (redacted === text)
        return text;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return redacted;
    }
    return recordJson(value);
}
/**
 * A list file written while the list is read, in sections (one per project, in their order),
 * so that the list is never held in memory, and its records keep their order however the
 * sections' records come in: each section goes to a part file of its own as its records come,
 * and finish() joins the parts into one JSON array.
 */
class ListFileWriter {
    path;
    dir;
    list;
    /** The part file of each section that has records, by section. */
    parts = new Map();
    constructor(dir, list) {
        this.dir = dir;
        this.list = list;
        this.path = listFilePath(dir, list);
    }
    /** Appends records (each as recordJson gives it) to a section. */
    async add(section, records) {
        if (records.length === 0)
            return;
        const known = this.parts.get(section);
        const part = known ?? `${this.path}.part-${section}`;
        try {
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.appendFile)(part, `${known === undefined ? '' : ','}${records.join(',')}`, { encoding: 'utf8', mode: 0o600 });
        }
        catch (error) {
            throw listFileError(this.list, this.dir, error);
        }
        this.parts.set(section, part);
    }
    /** Joins the sections in order into the list file; returns its path. */
    async finish() {
        const out = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createWriteStream)(this.path, { encoding: 'utf8', mode: 0o600 });
        try {
            const sections = [...this.parts.entries()].sort(([a], [b]) => a - b);
            await (0,node_stream_promises__WEBPACK_IMPORTED_MODULE_3__.pipeline)(async function* () {
                yield '[';
                let first = true;
                for (const [, part] of sections) {
                    if (!first)
                        yield ',';
                    first = false;
                    for await (const chunk of (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createReadStream)(part))
                        yield chunk;
                }
                yield ']';
            }, out);
        }
        catch (error) {
            throw listFileError(this.list, this.dir, error);
        }
        finally {
            await this.discardParts();
        }
        return this.path;
    }
    /** Removes what was written: the listing did not finish. */
    async discard() {
        await this.discardParts();
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rm)(this.path, { force: true });
    }
    async discardParts() {
        await Promise.all([...this.parts.values()].map((part) => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rm)(part, { force: true })));
        this.parts.clear();
    }
}
const WHOLE_LIST_FILES = {
    projects: 'projects-file',
    'project-ids': 'projects-file',
    keys: 'keys-file',
    operations: 'operations-file',
};
/**
 * Every output of a step within OUTPUT_LIMIT_BYTES, whatever the platform sent. One that is over
 * is not set, and a warning names it and where its value is: a list output, in the file of the
 * whole list it already has; any other, under its name in one JSON object in a file under `dir`
 * (RUNNER_TEMP) whose path is the `outputs-file` output, a JSON value as JSON and any other as a
 * string. (`key` is never near the limit: a key value over 1,024 characters is refused.)
 */
async function boundOutputs(outputs, dir, oversized = {}) {
    const set = {};
    const spilled = {};
    const over = [];
    /** The list outputs over the limit, by the output naming their whole-list file. */
    const inListFile = new Map();
    const notHeld = (name, bytes) => {
        const listFile = WHOLE_LIST_FILES[name];
        const key = listFile !== undefined && outputs[listFile] !== undefined ? listFile : '';
        inListFile.set(key, [...(inListFile.get(key) ?? []), describeBytes(name, bytes)]);
    };
    for (const [name, given] of Object.entries(outputs)) {
        // A secret the server echoed into a record or a code is no output's business; `key` is the new key itself.
        const value = name === KEY_OUTPUT ? given : redactJson(given);
        const listFile = WHOLE_LIST_FILES[name];
        if (fitsOutput(value))
            set[name] = value;
        else if (listFile !== undefined && outputs[listFile] !== undefined)
            notHeld(name, Buffer.byteLength(value, 'utf8'));
        else {
            spilled[name] = asJson(value);
            over.push(describeSize(name, value));
        }
    }
    // Outputs the command did not hold, knowing them over the limit: only their size is known.
    for (const [name, bytes] of Object.entries(oversized))
        notHeld(name, bytes);
    const limit = `over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:.`;
    const warnings = [];
    for (const [listFile, names] of inListFile) {
        const where = listFile
            ? ` Every record is in the file named by the \`${listFile}\` output: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(outputs[listFile] ?? '', 1000)}`
            : '';
        warnings.push(`Not set: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(names.join(' and '), Number.POSITIVE_INFINITY)}, ${limit}${where}`);
    }
    if (over.length > 0) {
        let where;
        try {
            const path = await writeListFile(dir, 'outputs', JSON.stringify(spilled));
            set['outputs-file'] = path;
            where =
                over.length === 1
                    ? `Its value is in the JSON file named by the \`outputs-file\` output, under its name: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(path, 1000)}`
                    : `Their values are in the JSON file named by the \`outputs-file\` output, each under its name: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(path, 1000)}`;
        }
        catch (error) {
            where = (0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .messageOf */ .bD)(error);
        }
        warnings.push(`Not set: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(over.join(' and '), Number.POSITIVE_INFINITY)}, ${limit} ${where}`);
    }
    return { outputs: set, warnings };
}
function describeSize(name, value) {
    return describeBytes(name, Buffer.byteLength(value, 'utf8'));
}
function describeBytes(name, bytes) {
    return `\`${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(name)}\` (${bytes} bytes)`;
}
function asJson(value) {
    try {
        return JSON.parse(value);
    }
    catch {
        return value;
    }
}


/***/ })

};

//# sourceMappingURL=259.index.js.map