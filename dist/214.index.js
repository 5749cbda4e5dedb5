export const id = 214;
export const ids = [214];
export const modules = {

/***/ 9214:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C0: () => (/* binding */ revokeOrgApiKey),
/* harmony export */   Iq: () => (/* binding */ createApiKey),
/* harmony export */   RT: () => (/* binding */ listOperations),
/* harmony export */   SB: () => (/* binding */ listAllProjects),
/* harmony export */   U1: () => (/* binding */ getProject),
/* harmony export */   YU: () => (/* binding */ createOrgApiKey),
/* harmony export */   d5: () => (/* binding */ listApiKeys),
/* harmony export */   d7: () => (/* binding */ getBranch),
/* harmony export */   eu: () => (/* binding */ getOperation),
/* harmony export */   jg: () => (/* binding */ listOrgApiKeys),
/* harmony export */   lZ: () => (/* binding */ OPERATIONS_PAGE_LIMIT),
/* harmony export */   mA: () => (/* binding */ revokeApiKey),
/* harmony export */   p2: () => (/* binding */ listMyOrganizations),
/* harmony export */   xI: () => (/* binding */ getAuth)
/* harmony export */ });
/* unused harmony export MAX_PROJECT_PAGES */
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8549);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4758);
/* harmony import */ var _shape_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1989);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(766);
/* harmony import */ var _paging_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6882);





/** The service's page size caps: projects 1–400 (default 10), operations 1–1000. */
const PROJECTS_PAGE_LIMIT = 400;
const OPERATIONS_PAGE_LIMIT = 1000;
/** The most pages of projects one listing reads (400,000 projects): a list still going on is incomplete. */
const MAX_PROJECT_PAGES = 1000;
/** Personal keys are managed only with a personal key: what a 403 on /api_keys means. */
const PERSONAL_KEYS_FORBIDDEN = "personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key. " +
    'Set `org-id` to act on the keys of its organization';
/** POST /api_keys: a personal key. Never retried blindly: see createKeyOnce in keys/creation.ts for reconciliation. */
function createApiKey(client, name) {
    return client.send({
        method: 'POST',
        path: '/api_keys',
        body: { key_name: name },
        retry: 'once',
        purpose: `create an API key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(name)}`,
        forbidden: PERSONAL_KEYS_FORBIDDEN,
        parse: toCreatedApiKey,
    });
}
/** GET /api_keys: the personal keys of the step's user, a bare array. Secret values are never part of it. */
function listApiKeys(client) {
    return client.send({
        method: 'GET',
        path: '/api_keys',
        retry: 'safe',
        purpose: 'list API keys',
        forbidden: PERSONAL_KEYS_FORBIDDEN,
        parse: toApiKeys,
    });
}
/** DELETE /api_keys/{id}: a personal key. An organization key's id is unknown here (404). */
function revokeApiKey(client, id) {
    return revokeKeyAt(client, id, {
        method: 'DELETE',
        path: `/api_keys/${id}`,
        retry: 'safe',
        purpose: `revoke API key ${id}`,
        notFound: `API key ${id}`,
        notFoundHint: `it is not a personal key of the step's user; an organization or project-scoped key is revoked through its organization: set \`org-id\``,
        forbidden: PERSONAL_KEYS_FORBIDDEN,
        parse: toRevokedApiKey,
    });
}
/**
 * POST /organizations/{org_id}/api_keys: an organization key, or with `projectId` a key scoped to
 * that one project. Only a personal key may create one. Never retried blindly.
 */
function createOrgApiKey(client, orgId, name, projectId) {
    const org = encodeURIComponent(orgId);
    return client.send({
        method: 'POST',
        path: `/organizations/${org}/api_keys`,
        // Stryker disable next-line ConditionalExpression: equivalent; a project_id of undefined is left out of the JSON body
        body: projectId === undefined ? { key_name: name } : { key_name: name, project_id: projectId },
        retry: 'once',
        purpose: projectId === undefined
            ? `create an API key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(name)} in organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`
            : `create an API key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(name)} scoped to project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)} of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        notFound: projectId === undefined
            ? `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`
            : `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}, or project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)} in it,`,
        forbidden: projectId === undefined
            ? `only an admin of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)} may create its keys, and only with a personal key: an organization key cannot create organization keys, and a project-scoped key cannot manage keys. Pass an admin's personal key in \`api-key\``
            : `only an admin of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)} or a member of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)} may create a key scoped to it, and only with a personal key: an organization key cannot create keys, and a project-scoped key cannot manage keys`,
        parse: toCreatedApiKey,
    });
}
/** GET /organizations/{org_id}/api_keys: organization and project-scoped keys, never a value. */
function listOrgApiKeys(client, orgId) {
    return client.send({
        method: 'GET',
        path: `/organizations/${encodeURIComponent(orgId)}/api_keys`,
        retry: 'safe',
        purpose: `list the API keys of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        notFound: `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        forbidden: `the step's key may not list the keys of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}: a project-scoped key cannot manage keys, ` +
            'an organization key reaches only its own organization, and a personal key only the organizations its user belongs to',
        parse: toApiKeys,
    });
}
/** DELETE /organizations/{org_id}/api_keys/{id}. A personal key's id is unknown here (404). */
function revokeOrgApiKey(client, orgId, id) {
    return revokeKeyAt(client, id, {
        method: 'DELETE',
        path: `/organizations/${encodeURIComponent(orgId)}/api_keys/${id}`,
        retry: 'safe',
        purpose: `revoke API key ${id} of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        notFound: `API key ${id}`,
        notFoundHint: `it is not a key of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}; a personal key is revoked with \`org-id\` left empty, and another organization's key with \`org-id\` set to that organization`,
        forbidden: `the step's key may not revoke keys of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}: a project-scoped key cannot manage keys, an organization key reaches ` +
            "only its own organization, a personal key only its user's organizations, and only an admin may revoke a key that is not project-scoped",
        parse: toRevokedApiKey,
    });
}
/**
 * Revocation is idempotent, so it is retried; a 404 after an attempt that may have gone
 * through means that attempt revoked the key.
 */
async function revokeKeyAt(client, id, spec) {
    try {
        return await client.send(spec);
    }
    catch (error) {
        if (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RequestError */ .GI && error.status === 404 && error.earlierAttemptUncertain) {
            return { id, revoked: true };
        }
        throw error;
    }
}
/**
 * GET /auth: who the step's key acts for. `api_key_user` is a personal key (`account_id` its
 * user), `api_key_org` an organization or project-scoped key (`account_id` its organization).
 */
function getAuth(client) {
    return client.send({
        method: 'GET',
        path: '/auth',
        retry: 'safe',
        purpose: "find out what kind of key the step's key is",
        parse: (body) => {
            const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response');
            return { accountId: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'account_id', 'response'), authMethod: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'auth_method', 'response') };
        },
    });
}
/**
 * GET /users/me/organizations: the organizations of the step's key: its user's, or for an
 * organization or project-scoped key the one that owns it.
 */
function listMyOrganizations(client) {
    return client.send({
        method: 'GET',
        path: '/users/me/organizations',
        retry: 'safe',
        purpose: "list the organizations of the step's key",
        parse: (body) => (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YO)((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response').organizations, 'response.organizations').map((item, i) => {
            const where = `response.organizations[${i}]`;
            const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(item, where);
            return { id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'id', where), name: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'name') ?? '' };
        }),
    });
}
/** GET /projects/{project_id}: one project, with the organization that owns it. */
function getProject(client, projectId) {
    return client.send({
        method: 'GET',
        path: `/projects/${encodeURIComponent(projectId)}`,
        retry: 'safe',
        purpose: `read project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        notFound: `project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        forbidden: describeProjectForbidden(projectId),
        parse: (body) => toProject((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response').project, 'response.project'),
    });
}
/** What a 403 on a project means: which keys reach which projects. */
function describeProjectForbidden(projectId) {
    return (`the step's key may not reach project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}: a project-scoped key reaches only its own project, ` +
        "an organization key only its organization's projects, and a personal key only the projects of its user's organizations");
}
/** What listing projects is for messages, and what its 404 and 403 mean. */
function projectListTexts(orgId) {
    if (orgId === undefined)
        return { purpose: 'list projects' };
    return {
        purpose: `list the projects of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        notFound: `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        forbidden: `the step's key may not list the projects of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}: ` +
            'a personal key reaches only the organizations its user belongs to, and an organization key only its own',
    };
}
/**
 * GET /projects, every page: the largest page, following the cursor. A page with fewer than
 * `limit` entries (projects and unavailable ids together) is the last, so a short list costs
 * one request. A cursor handed out twice, or a full page that adds no new id, ends the listing
 * with a warning; a list still going on after MAX_PROJECT_PAGES pages fails as incomplete.
 */
async function listAllProjects(client, query = {}) {
    const projects = [];
    const unavailableIds = [];
    const guard = new _paging_js__WEBPACK_IMPORTED_MODULE_4__/* .PagingGuard */ .m();
    let cursor;
    for (let page = 1; page <= MAX_PROJECT_PAGES; page++) {
        const result = await client.send({
            method: 'GET',
            path: '/projects',
            query: { org_id: query.orgId, search: query.search, limit: PROJECTS_PAGE_LIMIT, cursor },
            retry: 'safe',
            ...projectListTexts(query.orgId),
            parse: (body) => {
                const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response');
                const items = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YO)(record.projects, 'response.projects').map((item, i) => {
                    const project = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(item, `response.projects[${i}]`);
                    (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(project, 'id', `response.projects[${i}]`);
                    (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(project, 'name', `response.projects[${i}]`);
                    return project;
                });
                // Only counted: a field the action does not rely on never fails the listing.
                return { items, unavailable: stringsOf(record.unavailable_project_ids), next: cursorOf(record) };
            },
        });
        const known = guard.seen;
        projects.push(...guard.unseen(result.items, (project) => project.id));
        unavailableIds.push(...guard.unseen(result.unavailable, (id) => id));
        // The service sends a cursor even on the last page: a short page is the end.
        if (result.items.length + result.unavailable.length < PROJECTS_PAGE_LIMIT || !result.next)
            return { projects, unavailableIds };
        const read = `${guard.seen} project(s) were read`;
        if (guard.repeated(result.next)) {
            return {
                projects,
                unavailableIds,
                warning: `The platform handed out the project list's cursor ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(result.next)} a second time (page ${page}); the listing stops there and may be incomplete: ${read}.`,
            };
        }
        if (guard.seen === known) {
            return {
                projects,
                unavailableIds,
                warning: `Page ${page} of the project list (cursor ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(cursor ?? '')}) held only projects already read; the listing stops there and may be incomplete: ${read}.`,
            };
        }
        cursor = result.next;
    }
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(`The project list was still going on after ${MAX_PROJECT_PAGES} pages (${guard.seen} projects): the list is incomplete, ` +
        'so the step fails rather than pass part of it off as all. Check the `api-host` input, or report the endless list to the platform.');
}
/*
 * The waiter's reads (operations, and the branch it waits on) use retry mode `poll`: a 429 or
 * 503 comes back to the waiter at once, which paces its next poll rather than retrying here.
 */
/** GET /projects/{id}/operations: one page, newest first. */
function listOperations(client, projectId, page) {
    return client.send({
        method: 'GET',
        path: `/projects/${encodeURIComponent(projectId)}/operations`,
        query: { limit: page.limit, cursor: page.cursor },
        retry: 'poll',
        purpose: `list the operations of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        notFound: `project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        forbidden: describeProjectForbidden(projectId),
        parse: (body) => {
            const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response');
            const operations = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YO)(record.operations, 'response.operations').map((item, i) => toOperation(item, `response.operations[${i}]`));
            return { operations, cursor: cursorOf(record) };
        },
    });
}
/** GET /projects/{id}/operations/{operation_id}. */
function getOperation(client, projectId, operationId) {
    return client.send({
        method: 'GET',
        path: `/projects/${encodeURIComponent(projectId)}/operations/${encodeURIComponent(operationId)}`,
        retry: 'poll',
        purpose: `read operation ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(operationId)}`,
        notFound: `operation ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(operationId)} in project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        forbidden: describeProjectForbidden(projectId),
        parse: (body) => toOperation((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response').operation, 'response.operation'),
    });
}
/** GET /projects/{id}/branches/{branch_id}: that the branch exists (a 404 names it). */
function getBranch(client, projectId, branchId) {
    return client.send({
        method: 'GET',
        path: `/projects/${encodeURIComponent(projectId)}/branches/${encodeURIComponent(branchId)}`,
        retry: 'poll',
        purpose: `read branch ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(branchId)} of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        notFound: `branch ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(branchId)} in project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        parse: (body) => {
            const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response').branch, 'response.branch');
            return { id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'id', 'response.branch'), name: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'name') };
        },
    });
}
/** `pagination.cursor`, when the page has one. */
function cursorOf(record) {
    const pagination = record.pagination;
    return typeof pagination === 'object' && pagination !== null ? (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(pagination, 'cursor') : undefined;
}
/** `unavailable_project_ids`: the ids that are strings; absent is none. */
function stringsOf(value) {
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}
function toProject(value, where) {
    const project = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(value, where);
    (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(project, 'id', where);
    (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(project, 'name', where);
    return project;
}
function toCreatedApiKey(body) {
    const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response');
    const created = {
        id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .integer */ .nd)(record, 'id', 'response'),
        key: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'key', 'response'),
        name: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'name'),
        created_at: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'created_at'),
    };
    const projectId = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'project_id');
    if (projectId !== undefined)
        created.project_id = projectId;
    return created;
}
function toRevokedApiKey(body) {
    const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response');
    return { id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .integer */ .nd)(record, 'id', 'response'), name: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'name'), revoked: record.revoked === true };
}
function toApiKeys(body) {
    return (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YO)(body, 'response').map((item, i) => toApiKey((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(item, `response[${i}]`), `response[${i}]`));
}
/** Only the fields the action shows: never anything secret, whatever the service adds. */
function toApiKey(record, where) {
    const key = {
        id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .integer */ .nd)(record, 'id', where),
        name: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'name', where),
        created_at: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'created_at', where),
        last_used_at: lastUseField(record),
        last_used_from_addr: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .nullableString */ .vJ)(record, 'last_used_from_addr'),
    };
    const projectId = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'project_id');
    if (projectId)
        key.project_id = projectId;
    return key;
}
/**
 * `last_used_at`: null (or absent) when the key was never used. Any other value that is not a
 * string is kept as its JSON text, which is no time: it reads as a use now, never as "never used".
 */
function lastUseField(record) {
    const value = record.last_used_at;
    if (value === null || value === undefined)
        return null;
    return typeof value === 'string' ? value : JSON.stringify(value).slice(0, 64);
}
function toOperation(value, where) {
    const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(value, where);
    const operation = {
        id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'id', where),
        project_id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'project_id', where),
        branch_id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'branch_id', where),
        action: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'action', where),
        status: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'status', where),
        failures_count: typeof record.failures_count === 'number' ? record.failures_count : 0,
        created_at: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'created_at', where),
        updated_at: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'updated_at') ?? (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'created_at', where),
    };
    const endpoint = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'endpoint_id');
    if (endpoint)
        operation.endpoint_id = endpoint;
    if (typeof record.total_duration_ms === 'number')
        operation.total_duration_ms = record.total_duration_ms;
    const error = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'error');
    if (error)
        operation.error = error;
    const retryAt = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'retry_at');
    if (retryAt)
        operation.retry_at = retryAt;
    return operation;
}


/***/ }),

/***/ 6882:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   m: () => (/* binding */ PagingGuard)
/* harmony export */ });
/**
 * What one paged listing has seen, so that paging which goes wrong ends it instead of looping:
 * the service may hand out a cursor a second time (a cycle), or pages that hold only records
 * already read. Every listing of the action (projects, the waiter's pages, list-operations)
 * asks the same two questions of each page; each decides what to say and in which order to ask.
 */
class PagingGuard {
    cursors = new Set();
    /** The ids of the pages remembered, oldest first; remembering all of them, one set holds every page's. */
    pages = [];
    remember;
    count = 0;
    /**
     * `from`: the cursor the listing starts at, when it does not start at the head of the list.
     * `pages`: how many of the last pages' ids to remember (default all). A listing that streams
     * what it reads remembers a few, so that its memory does not grow with the list: a record that
     * paging hands out again turns up at the edge of the page before, and a page of nothing new
     * repeats the one before it.
     */
    constructor(from, options = {}) {
        if (from !== undefined)
            this.cursors.add(from);
        this.remember = options.pages ?? Number.POSITIVE_INFINITY;
        if (this.remember === Number.POSITIVE_INFINITY)
            this.pages.push(new Set());
    }
    /** How many different records the listing has read (of the pages it remembers, when it remembers a few). */
    get seen() {
        return this.count;
    }
    /** The items of a page whose ids the listing has not read before (a page's own repeats included); from now on they count as read. */
    unseen(items, idOf) {
        const everything = this.remember === Number.POSITIVE_INFINITY;
        const page = everything ? this.pages[0] : new Set();
        const fresh = [];
        for (const item of items) {
            const id = idOf(item);
            if (page.has(id) || this.pages.some((ids) => ids !== page && ids.has(id)))
                continue;
            page.add(id);
            fresh.push(item);
        }
        this.count += fresh.length;
        if (!everything) {
            this.pages.push(page);
            if (this.pages.length > this.remember)
                this.pages.shift();
        }
        return fresh;
    }
    /** Whether the listing was handed `cursor` before; from now on it was. */
    repeated(cursor) {
        if (this.cursors.has(cursor))
            return true;
        this.cursors.add(cursor);
        return false;
    }
}


/***/ })

};

//# sourceMappingURL=214.index.js.map