export const id = 916;
export const ids = [916];
export const modules = {

/***/ 7085:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ht: () => (/* binding */ PlatformClient),
/* harmony export */   gc: () => (/* binding */ PLATFORM_REFUSALS)
/* harmony export */ });
/* unused harmony exports PLATFORM, buildRequest, finalError */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6412);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(766);
/* harmony import */ var _http_answers_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5442);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8549);
/* harmony import */ var _http_retry_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8902);
/* harmony import */ var _http_transport_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1517);
/* harmony import */ var _shape_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1989);
/**
 * The platform's client, on the shared transport. It adds the API key as a Bearer token, request ids, the platform's
 * error bodies, each request's retry rule, and the one line a user reads when a request fails for good.
 */








/** The platform's error body, and the statuses that mean it did nothing. */
const PLATFORM = {
    name: 'the platform',
    redirectHint: 'the action does not follow redirects, so the API key is never sent to another address. Check the `api-host` input.',
    emptySuccess: false,
    notCarriedOut: _http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .NOT_CARRIED_OUT_STATUSES */ .rM,
    readError: (body) => ({
        code: typeof body?.code === 'string' && body.code !== '' ? body.code : undefined,
        serviceMessage: typeof body?.message === 'string' && body.message !== '' ? body.message : undefined,
        // Only an id that looks like one: it becomes an output.
        requestId: (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .isRequestId */ .hP)(body?.request_id) ? body.request_id : undefined,
    }),
};
function buildRequest(spec, target, requestId) {
    const headers = {
        authorization: `Bearer ${target.apiKey}`,
        accept: 'application/json',
        'user-agent': target.userAgent,
        'x-request-id': requestId,
    };
    const request = {
        method: spec.method,
        path: target.basePath + spec.path + (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .queryString */ ._L)(spec.query),
        headers,
    };
    if (spec.body !== undefined) {
        request.body = JSON.stringify(spec.body);
        headers['content-type'] = 'application/json';
    }
    return request;
}
/** Each attempt has a time limit. It retries only where safe, never follows a redirect, and names the request. */
class PlatformClient {
    origin;
    basePath;
    options;
    ownConnections;
    /** Shared with requests to GitHub: one pool per origin. */
    connections;
    constructor(options) {
        const base = new URL(options.baseUrl);
        this.origin = base.origin;
        this.basePath = base.pathname.replace(/\/+$/, '');
        this.options = options;
        this.ownConnections = options.connections ? undefined : new _http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .Connections */ .UQ();
        this.connections = options.connections ?? this.ownConnections;
    }
    get clock() {
        return this.options.clock;
    }
    get deadline() {
        const { deadline, time } = this.options;
        return typeof deadline === 'function' ? deadline() : (deadline ?? time?.deadline ?? Number.POSITIVE_INFINITY);
    }
    /** For a clean-up: a cancel does not end its retries; only `deadline` (the runner's grace, read at each wait) does. */
    withDeadline(deadline) {
        return this.with({ deadline, cleanup: true });
    }
    /** `refused` words a 401 for that key, so no error blames the `api-key` input. */
    withApiKey(apiKey, refused) {
        return this.with({ apiKey, refused });
    }
    withPacing(pacing) {
        return this.with({ pacing });
    }
    /** Shares this client's connections; only this client closes them. */
    with(changes) {
        return new PlatformClient({ ...this.options, ...changes, connections: this.connections });
    }
    /** Closes only the connections this client opened. */
    async close() {
        await this.ownConnections?.close();
    }
    send(spec) {
        const { clock, logger, time, cleanup, refused } = this.options;
        const policy = _http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .RETRY_POLICIES */ .qW[spec.retry];
        let earlierAttemptUncertain = false;
        const stopped = (error, _n, delay) => {
            const hint = ` The runner cancelled the step while it waited ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(delay)} to send it again.`;
            const final = finalError(spec, error, hint, refused);
            return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .G(final.message, { ...final, kind: 'cancelled' });
        };
        return (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .retrying */ .R$)(async (n) => {
            try {
                return await this.attempt(spec);
            }
            catch (error) {
                if (!(error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .G))
                    throw error;
                const counted = error.withAttempts(n, earlierAttemptUncertain);
                earlierAttemptUncertain ||= error.mayHaveReachedServer;
                throw counted;
            }
        }, policy, {
            clock,
            deadline: () => this.deadline,
            random: this.options.random,
            onRetry: (error, n, delay) => logger.warning(`${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .describeRequest */ .Ng)(spec)}: ${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .describeRequestFailure */ .Tp)(error)}; retrying in ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(delay)} (attempt ${n + 1} of ${policy.attempts}).`),
            giveUp: (error) => (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .G ? finalError(spec, error, '', refused) : error),
            outOfTime: (error, _n, delay) => {
                const final = finalError(spec, error, ` The step's timeout leaves no time to wait ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(delay)} and retry.`, refused);
                return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .G(final.message, { ...final, kind: 'deadline' });
            },
            ...(time ? { interrupt: { signal: time.stopped, stop: cleanup ? undefined : stopped } } : {}),
        });
    }
    /** One attempt, after its turn when the client is paced. */
    async attempt(spec) {
        const over = await this.options.pacing?.turn(spec, this.deadline);
        if (!over)
            return this.sendOnce(spec);
        try {
            const value = await this.sendOnce(spec);
            over({});
            return value;
        }
        catch (error) {
            over(error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .G ? { status: error.status, retryAfterMs: error.retryAfterMs } : {});
            throw error;
        }
    }
    async sendOnce(spec) {
        const { clock, logger } = this.options;
        const requestId = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)();
        const base = { kind: 'network', method: spec.method, path: spec.path, requestId };
        const request = buildRequest(spec, { basePath: this.basePath, apiKey: this.options.apiKey, userAgent: this.options.userAgent }, requestId);
        const requestTimeoutMs = this.options.requestTimeoutMs ?? _http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .REQUEST_TIMEOUT_MS */ .j2;
        const onCancel = this.options.time?.attemptCut();
        const time = { clock, deadline: this.deadline, requestTimeoutMs, cut: onCancel?.signal };
        let attempt;
        try {
            attempt = await (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .sendAttempt */ .ob)(this.connections, this.origin, request, time, () => logger.debug(`${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .describeRequest */ .Ng)(spec)}${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)((0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .queryString */ ._L)(spec.query))} (request id ${requestId})`));
        }
        finally {
            onCancel?.clear();
        }
        if (!attempt.sent)
            throw new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .G(`The step's timeout ran out before ${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .describeRequest */ .Ng)(spec)}.`, {
                ...base,
                kind: 'deadline',
            });
        const answer = (0,_http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .readAnswer */ .JN)(attempt, base, PLATFORM, clock.now());
        if (!answer.ok)
            throw answer.error;
        try {
            return spec.parse(answer.body);
        }
        catch (error) {
            if (!(error instanceof _shape_js__WEBPACK_IMPORTED_MODULE_7__/* .ShapeError */ .ym))
                throw error;
            // The request took effect (a create made a key), though the answer is unusable.
            throw new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .G(`the platform answered ${answer.status} without the expected fields: ${error.message}`, {
                ...base,
                kind: 'malformed',
                status: answer.status,
                mayHaveReachedServer: true,
            });
        }
    }
}
/** What a 401, 403 or 404 means, and what to do next. A request without its own words gets the usual line. */
const PLATFORM_REFUSALS = {
    401: {
        /** The step's own key. */
        stepKey: 'The platform refused the API key (401 Unauthorized): it is missing, invalid or revoked. ' +
            'Check the `api-key` input and the secret it comes from.',
        /** A key the step just made, while rotate-key checks that it works. */
        newKey: (id) => `The platform refused the new key ${id} (401 Unauthorized) moments after creating it. ` +
            'Either something revoked it meanwhile (another rotation running at the same time?), ' +
            'or the platform does not accept it yet. ' +
            "The step's own key (`api-key`) was not the problem.",
        next: _http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .CHANGE_AND_RUN_AGAIN */ .al,
    },
    403: {
        describe: (spec, error) => {
            if (!spec.forbidden)
                return undefined;
            const said = error.serviceMessage ? ` The platform said: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quoted */ .TL)(error.serviceMessage)}.` : '';
            return `Could not ${spec.purpose}: the platform refused it (403 Forbidden): ${spec.forbidden}.${said}`;
        },
        next: _http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .CHANGE_AND_RUN_AGAIN */ .al,
    },
    404: {
        describe: (spec) => {
            if (!spec.notFound)
                return undefined;
            const notFoundHint = spec.notFoundHint ? `. ${spec.notFoundHint}` : '';
            return `Could not ${spec.purpose}: ${spec.notFound} was not found (404)${notFoundHint}.`;
        },
        next: _http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .CHANGE_AND_RUN_AGAIN */ .al,
    },
};
/** What failed, why, what to do, and the request id to quote. `refused` words a 401 for a key not the step's. */
function finalError(spec, error, hint = '', refused) {
    const tries = error.attempts > 1 ? ` after ${error.attempts} attempts` : '';
    const ref = error.requestId === undefined ? '' : ` (request id ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(error.requestId)})`;
    const refusal = (0,_http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .refusalOf */ .Of)(error);
    let reason;
    if (refusal === 401)
        reason = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(refused ?? PLATFORM_REFUSALS[401].stepKey, Number.POSITIVE_INFINITY);
    else if (refusal !== undefined)
        reason = PLATFORM_REFUSALS[refusal].describe(spec, error);
    let message;
    if (reason !== undefined) {
        message = `${reason}${ref}`;
    }
    else if (error.kind === 'deadline') {
        message = `${error.message} Could not ${spec.purpose}; raise the \`timeout\` input if the platform is slow.${ref}`;
    }
    else {
        message = `Could not ${spec.purpose}: ${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_3__/* .describeRequestFailure */ .Tp)(error)}${tries}.${hint}${ref}`;
    }
    return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .G(message, error);
}


/***/ }),

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
/* harmony export */   rF: () => (/* binding */ listOrganizationMembers),
/* harmony export */   xI: () => (/* binding */ getAuth)
/* harmony export */ });
/* unused harmony exports MAX_PROJECT_PAGES, MAX_MEMBERS, MAX_MEMBER_PAGES */
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8549);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4758);
/* harmony import */ var _shape_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1989);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(766);
/* harmony import */ var _paging_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6882);
/* harmony import */ var _ids_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7958);






/** The largest pages the service serves. */
const PROJECTS_PAGE_LIMIT = 400;
const OPERATIONS_PAGE_LIMIT = 1000;
/** A longer list fails as incomplete. */
const MAX_PROJECT_PAGES = 1000;
const MEMBERS_PAGE_LIMIT = 500;
/** A longer list fails as incomplete. */
const MAX_MEMBERS = 50_000;
/** One page more than MAX_MEMBERS needs: the last page with members may still give a cursor to an empty one. */
const MAX_MEMBER_PAGES = MAX_MEMBERS / MEMBERS_PAGE_LIMIT + 1;
const PERSONAL_KEYS_FORBIDDEN = "personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key. " +
    'Set `org-id` to act on the keys of its organization';
/** POST /api_keys. Never sent again blindly: a lost answer may have made a key. */
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
/** GET /api_keys: the user's personal keys, as a bare array, never a key's value. */
function listApiKeys(client) {
    return client.send({
        method: 'GET',
        path: '/api_keys',
        retry: 'read',
        purpose: 'list API keys',
        forbidden: PERSONAL_KEYS_FORBIDDEN,
        parse: toApiKeys,
    });
}
/** DELETE /api_keys/{id}. An organization key's id gives a 404 here. */
function revokeApiKey(client, id) {
    return revokeKeyAt(client, id, {
        method: 'DELETE',
        path: `/api_keys/${id}`,
        retry: 'read',
        purpose: `revoke API key ${id}`,
        notFound: `API key ${id}`,
        notFoundHint: "It is not a personal key of the step's user. " +
            'To revoke an organization or project-scoped key, set `org-id` to its organization',
        forbidden: PERSONAL_KEYS_FORBIDDEN,
        parse: toRevokedApiKey,
    });
}
/** POST /organizations/{org_id}/api_keys, with `projectId` for a project-scoped key. Never sent again blindly. */
function createOrgApiKey(client, orgId, name, projectId) {
    const org = encodeURIComponent(orgId);
    return client.send({
        method: 'POST',
        path: `/organizations/${org}/api_keys`,
        // Stryker disable next-line ConditionalExpression: equivalent, JSON leaves out an undefined project_id
        body: projectId === undefined ? { key_name: name } : { key_name: name, project_id: projectId },
        retry: 'once',
        purpose: projectId === undefined
            ? `create an API key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(name)} in organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`
            : `create an API key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(name)} scoped to project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)} of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        notFound: projectId === undefined
            ? `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`
            : `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}, or project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)} in it,`,
        forbidden: projectId === undefined
            ? `only an admin of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)} may create its keys, with the admin's personal key. ` +
                'Other roles (editor, viewer, collaborator, member) may not, and neither may ' +
                "an organization or project-scoped key. Pass an admin's personal key in `api-key`"
            : `only an admin of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)} may create a key scoped to ` +
                `project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}, with the admin's personal key. ` +
                'Other roles (editor, viewer, collaborator, member) may not, and neither may ' +
                "an organization or project-scoped key. Pass an admin's personal key in `api-key`",
        parse: toCreatedApiKey,
    });
}
/** GET /organizations/{org_id}/api_keys: organization and project-scoped keys, never a key's value. */
function listOrgApiKeys(client, orgId) {
    return client.send({
        method: 'GET',
        path: `/organizations/${encodeURIComponent(orgId)}/api_keys`,
        retry: 'read',
        purpose: `list the API keys of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        notFound: `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        forbidden: `the step's key may not list the keys of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}. ` +
            'A project-scoped key cannot manage keys, and an organization key reaches only its own organization. ' +
            'A personal key lists them only if its user has a role there that may, as an admin does. ' +
            `Pass an admin's personal key, or an organization key of ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}, in \`api-key\``,
        parse: toApiKeys,
    });
}
/** DELETE /organizations/{org_id}/api_keys/{id}. A personal key's id gives a 404 here. */
function revokeOrgApiKey(client, orgId, id) {
    return revokeKeyAt(client, id, {
        method: 'DELETE',
        path: `/organizations/${encodeURIComponent(orgId)}/api_keys/${id}`,
        retry: 'read',
        purpose: `revoke API key ${id} of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        notFound: `API key ${id}`,
        notFoundHint: `It is not a key of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}. To revoke a personal key, leave \`org-id\` empty. ` +
            "To revoke another organization's key, set `org-id` to that organization",
        forbidden: `the step's key may not revoke keys of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}. ` +
            `Only an admin's personal key, or an organization key of ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}, may revoke them, ` +
            'project-scoped keys too. ' +
            'Other roles (editor, viewer, collaborator, member) may not, and a project-scoped key cannot manage keys. ' +
            "Pass an admin's personal key in `api-key`",
        parse: toRevokedApiKey,
    });
}
/** Safe to send again. A 404 after an attempt that may have gone through means that attempt revoked the key. */
async function revokeKeyAt(client, id, spec) {
    try {
        return await client.send(spec);
    }
    catch (error) {
        if (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RequestError */ .G && error.status === 404 && error.earlierAttemptUncertain) {
            return { id, revoked: true };
        }
        throw error;
    }
}
/** GET /auth: who the step's key acts for. */
function getAuth(client) {
    return client.send({
        method: 'GET',
        path: '/auth',
        retry: 'read',
        purpose: "find out what kind of key the step's key is",
        parse: (body) => {
            const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response');
            return {
                accountId: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'account_id', 'response'),
                authMethod: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'auth_method', 'response'),
            };
        },
    });
}
/** A personal key's user's organizations, or the one organization that owns any other key. */
function listMyOrganizations(client) {
    return client.send({
        method: 'GET',
        path: '/users/me/organizations',
        retry: 'read',
        purpose: "list the organizations of the step's key",
        parse: (body) => (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YO)((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response').organizations, 'response.organizations').map((item, i) => {
            const where = `response.organizations[${i}]`;
            const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(item, where);
            return { id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'id', where), name: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'name') ?? '' };
        }),
    });
}
function getProject(client, projectId) {
    return client.send({
        method: 'GET',
        path: `/projects/${encodeURIComponent(projectId)}`,
        retry: 'read',
        purpose: `read project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        notFound: `project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        forbidden: describeProjectForbidden(projectId),
        parse: (body) => toProject((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response').project, 'response.project'),
    });
}
function describeProjectForbidden(projectId) {
    return (`the step's key may not reach project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}: a project-scoped key reaches only its own project, ` +
        "an organization key only its organization's projects, " +
        "and a personal key only the projects of its user's organizations. Pass a key that reaches it in `api-key`");
}
function projectListTexts(orgId) {
    if (orgId === undefined)
        return { purpose: 'list projects' };
    return {
        purpose: `list the projects of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        notFound: `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
        forbidden: `the step's key may not list the projects of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}: ` +
            'a personal key reaches only the organizations its user belongs to, and an organization key only its own. ' +
            'Set `org-id` to an organization of the key, or pass a key of that organization in `api-key`',
    };
}
/**
 * GET /projects, every page. A cursor handed out twice, or a full page without a new id, ends the listing with a
 * warning. A list longer than MAX_PROJECT_PAGES fails.
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
            retry: 'read',
            ...projectListTexts(query.orgId),
            parse: (body) => {
                const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response');
                const items = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YO)(record.projects, 'response.projects').map((item, i) => {
                    const project = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(item, `response.projects[${i}]`);
                    (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(project, 'id', `response.projects[${i}]`);
                    (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(project, 'name', `response.projects[${i}]`);
                    return project;
                });
                // Nothing relies on `unavailable_project_ids`, so a bad value there never fails the listing.
                return { items, unavailable: stringsOf(record.unavailable_project_ids), next: cursorOf(record) };
            },
        });
        const known = guard.seen;
        projects.push(...guard.unseen(result.items, (project) => project.id));
        unavailableIds.push(...guard.unseen(result.unavailable, (id) => id));
        // The service sends a cursor even on the last page, so a short page marks the end.
        if (result.items.length + result.unavailable.length < PROJECTS_PAGE_LIMIT || !result.next)
            return { projects, unavailableIds };
        const read = `${guard.seen} project(s) were read`;
        if (guard.repeated(result.next)) {
            return {
                projects,
                unavailableIds,
                warning: `The platform handed out the project list's cursor ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(result.next)} a second time (page ${page}). ` +
                    `The listing stops there and may be incomplete: ${read}.`,
            };
        }
        if (guard.seen === known) {
            return {
                projects,
                unavailableIds,
                warning: `Page ${page} of the project list (cursor ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(cursor ?? '')}) held only projects already read. ` +
                    `The listing stops there and may be incomplete: ${read}.`,
            };
        }
        cursor = result.next;
    }
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(`The project list did not end after ${MAX_PROJECT_PAGES} pages (${guard.seen} projects). ` +
        'The step fails rather than pass off part of the list as the whole list. ' +
        'Check the `api-host` input, or report the endless list to the platform.');
}
/**
 * Every member now, without e-mail addresses (personal data). A member missing from the list would look like someone
 * who left, so the list must be whole or the step fails (docs/offboarding.md).
 */
async function listOrganizationMembers(client, orgId) {
    const members = new Map();
    const guard = new _paging_js__WEBPACK_IMPORTED_MODULE_4__/* .PagingGuard */ .m();
    let cursor;
    for (let page = 1; page <= MAX_MEMBER_PAGES; page++) {
        const result = await client.send({
            method: 'GET',
            path: `/organizations/${encodeURIComponent(orgId)}/members`,
            // Never sort by e-mail: the cursor encodes a place in the sort, and the debug log shows it.
            query: { sort_by: 'joined_at', limit: MEMBERS_PAGE_LIMIT, cursor },
            retry: 'read',
            purpose: `list the members of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
            notFound: `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`,
            forbidden: `the step's key may not read the members of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}. ` +
                'A project-scoped key cannot, and an organization key reaches only its own organization. ' +
                "An admin's personal key may; the platform does not document which other roles may. " +
                `Pass an admin's personal key, or an organization key of ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}, in \`api-key\``,
            parse: (body) => toMembersPage(body, orgId),
        });
        if (result.otherOrg !== undefined) {
            // Only an id is named: any other text there may be a member's personal data.
            const other = _ids_js__WEBPACK_IMPORTED_MODULE_5__/* .PLATFORM_ID */ .Ag.test(result.otherOrg)
                ? `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(result.otherOrg)}`
                : 'another organization';
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(`The platform answered the member list of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)} with a member of ${other}. ` +
                "The step judges no key by another organization's members, and fails. " +
                'Check the `api-host` input, or report this to the platform.');
        }
        const known = guard.seen;
        for (const member of guard.unseen(result.members, (m) => m.user_id.toLowerCase())) {
            members.set(member.user_id.toLowerCase(), member);
        }
        // Deactivated only if every copy says so: a stale copy must not revoke keys.
        for (const member of result.members)
            members.get(member.user_id.toLowerCase()).deactivated &&= member.deactivated;
        if (guard.seen > MAX_MEMBERS) {
            throw incompleteMembers(orgId, `it holds more than ${MAX_MEMBERS.toLocaleString('en-US')} members, the most the action reads`);
        }
        if (result.members.length === 0)
            return [...members.values()];
        if (result.next === undefined) {
            if (result.members.length < MEMBERS_PAGE_LIMIT)
                return [...members.values()];
            throw incompleteMembers(orgId, `page ${page} held as many members as asked for, but no cursor to the next page`);
        }
        if (guard.repeated(result.next) || guard.seen === known) {
            const what = guard.seen === known ? 'held only members already read' : 'handed out a cursor a second time';
            throw incompleteMembers(orgId, `page ${page} of the list ${what}`);
        }
        cursor = result.next;
    }
    throw incompleteMembers(orgId, `the list did not end after ${MAX_MEMBER_PAGES} pages (${guard.seen} members)`);
}
function incompleteMembers(orgId, reason) {
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(`The member list of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)} may be incomplete: ${reason}. ` +
        'A member missing from it would look like someone who left, so the step judges no key by this list and fails. ' +
        'Run the job again. If it fails the same way, report the list to the platform.');
}
/** `otherOrg`: the first organization other than `orgId` that a member's `org_id` names. */
function toMembersPage(body, orgId) {
    const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response');
    let otherOrg;
    const members = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YO)(record.members, 'response.members').map((item, i) => {
        const where = `response.members[${i}]`;
        const entry = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(item, where);
        const member = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(entry.member, `${where}.member`);
        const memberOrg = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(member, 'org_id');
        if (memberOrg !== undefined && memberOrg !== orgId)
            otherOrg ??= memberOrg;
        const user = entry.user;
        const deactivatedAt = typeof user === 'object' && user !== null ? user.deactivated_at : undefined;
        return {
            user_id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(member, 'user_id', `${where}.member`),
            role: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(member, 'role') ?? '',
            // Only a time counts: "null" or "" reads as present.
            deactivated: typeof deactivatedAt === 'string' && isTime(deactivatedAt),
        };
    });
    const pagination = record.pagination;
    const next = typeof pagination === 'object' && pagination !== null ? (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(pagination, 'next') : undefined;
    return { members, next: next || undefined, otherOrg };
}
/** Date.parse alone would read "1" as 2001. */
function isTime(text) {
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text));
}
/** One page, newest first. */
function listOperations(client, projectId, page, retry = 'poll') {
    return client.send({
        method: 'GET',
        path: `/projects/${encodeURIComponent(projectId)}/operations`,
        query: { limit: page.limit, cursor: page.cursor },
        retry,
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
function getOperation(client, projectId, operationId, retry = 'poll') {
    return client.send({
        method: 'GET',
        path: `/projects/${encodeURIComponent(projectId)}/operations/${encodeURIComponent(operationId)}`,
        retry,
        purpose: `read operation ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(operationId)}`,
        notFound: `operation ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(operationId)} in project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        forbidden: describeProjectForbidden(projectId),
        parse: (body) => toOperation((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response').operation, 'response.operation'),
    });
}
/** Checks that the branch exists. A 404 names it. */
function getBranch(client, projectId, branchId, retry = 'poll') {
    return client.send({
        method: 'GET',
        path: `/projects/${encodeURIComponent(projectId)}/branches/${encodeURIComponent(branchId)}`,
        retry,
        purpose: `read branch ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(branchId)} of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        notFound: `branch ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(branchId)} in project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId)}`,
        parse: (body) => {
            const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(body, 'response').branch, 'response.branch');
            return { id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'id', 'response.branch'), name: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'name') };
        },
    });
}
function cursorOf(record) {
    const pagination = record.pagination;
    return typeof pagination === 'object' && pagination !== null
        ? (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(pagination, 'cursor')
        : undefined;
}
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
    return {
        id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .integer */ .nd)(record, 'id', 'response'),
        name: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'name'),
        revoked: record.revoked === true,
    };
}
function toApiKeys(body) {
    return (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YO)(body, 'response').map((item, i) => toApiKey((0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(item, `response[${i}]`), `response[${i}]`));
}
/** Keeps only the fields the action shows, so nothing secret gets through. */
function toApiKey(record, where) {
    const key = {
        id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .integer */ .nd)(record, 'id', where),
        name: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'name', where),
        created_at: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'created_at', where),
        last_used_at: lastUseField(record.last_used_at),
        last_used_from_addr: addressField(record.last_used_from_addr),
    };
    const creator = creatorField(record.created_by);
    if (creator)
        key.created_by = creator;
    const projectId = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'project_id');
    if (projectId)
        key.project_id = projectId;
    return key;
}
/** A record in the description, but the answers to create and revoke give a bare id. */
function creatorField(value) {
    if (typeof value === 'string')
        return value === '' ? undefined : { id: withoutEmailAddress(value) };
    if (typeof value !== 'object' || value === null)
        return undefined;
    const id = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(value, 'id');
    if (!id)
        return undefined;
    const name = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(value, 'name');
    return name ? { id: withoutEmailAddress(id), name: withoutEmailAddress(name) } : { id: withoutEmailAddress(id) };
}
const EMAIL_HIDDEN = '(not shown: it may hold an e-mail address)';
/** `@`, and its full-width and small forms. */
const AT_SIGN = /[@\uff20\ufe6b]/;
/**
 * An e-mail address is personal data, never written. Text with an `@` may hold one, so all of it is replaced: cutting
 * out only the address would miss one written with spaces or other tricks.
 */
function withoutEmailAddress(text) {
    return AT_SIGN.test(text) ? EMAIL_HIDDEN : text;
}
/** A value that is not a string is kept as JSON text: not a time, so it reads as a use now, never as "never used". */
function lastUseField(value) {
    if (value === null || value === undefined)
        return null;
    return typeof value === 'string' ? value : JSON.stringify(value).slice(0, 64);
}
/** A value that is not a string is kept as JSON text: not an address, so the tripwire flags it. */
function addressField(value) {
    if (value === null || value === undefined)
        return '';
    return typeof value === 'string' ? value : JSON.stringify(value).slice(0, 64);
}
function toOperation(value, where) {
    const record = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ik)(value, where);
    const operation = {
        id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'id', where),
        project_id: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'project_id', where),
        action: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'action', where),
        status: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'status', where),
        failures_count: typeof record.failures_count === 'number' ? record.failures_count : 0,
        created_at: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'created_at', where),
        updated_at: (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'updated_at') ?? (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .string */ .Yj)(record, 'created_at', where),
    };
    const branch = (0,_shape_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx)(record, 'branch_id');
    if (branch)
        operation.branch_id = branch;
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

/***/ 7958:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ag: () => (/* binding */ PLATFORM_ID),
/* harmony export */   _T: () => (/* binding */ OPERATION_ID),
/* harmony export */   ih: () => (/* binding */ MAX_KEY_NAME_LENGTH)
/* harmony export */ });
// Ids from the service are checked too: they go into paths, outputs and state.
/** Organization, project and branch ids, like `br-wispy-meadow-a5kd0r2p`. */
const PLATFORM_ID = /^[a-z0-9-]{1,60}$/;
const OPERATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_KEY_NAME_LENGTH = 64;


/***/ }),

/***/ 3551:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FG: () => (/* binding */ revokeKeyIn),
/* harmony export */   I_: () => (/* binding */ listKeysIn),
/* harmony export */   Jp: () => (/* binding */ RevocationUnconfirmed),
/* harmony export */   O$: () => (/* binding */ organizationKeys),
/* harmony export */   Od: () => (/* binding */ scopeOf),
/* harmony export */   Tg: () => (/* binding */ alreadyRevoked),
/* harmony export */   h3: () => (/* binding */ createKeyIn),
/* harmony export */   uV: () => (/* binding */ PERSONAL_KEYS)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8549);
/* harmony import */ var _endpoints_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9214);



const PERSONAL_KEYS = { kind: 'personal' };
function organizationKeys(orgId) {
    return { kind: 'organization', orgId };
}
/** With `projectId`, a project-scoped key, which only an organization can hold. */
function createKeyIn(client, namespace, name, projectId) {
    if (namespace.kind === 'organization')
        return (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_2__/* .createOrgApiKey */ .YU)(client, namespace.orgId, name, projectId);
    if (projectId !== undefined)
        throw new Error('a project-scoped key belongs to an organization');
    return (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_2__/* .createApiKey */ .Iq)(client, name);
}
function listKeysIn(client, namespace) {
    return namespace.kind === 'organization' ? (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_2__/* .listOrgApiKeys */ .jg)(client, namespace.orgId) : (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_2__/* .listApiKeys */ .d5)(client);
}
/** The answer did not confirm the revocation: the key may still be valid. */
class RevocationUnconfirmed extends _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    constructor(message) {
        super(message);
        this.name = 'RevocationUnconfirmed';
    }
}
/**
 * A 404 to revoking a key the step saw listed, or made: someone revoked it meanwhile (a person, a late post step,
 * another run), which is what was wanted. Only a `key-id` no list showed may be missing because the id is wrong.
 */
function alreadyRevoked(error) {
    return error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .RequestError */ .G && error.status === 404;
}
/** Fails unless the answer says `revoked: true` for this key: no key is reported revoked without proof. */
async function revokeKeyIn(client, namespace, id) {
    const answer = await (namespace.kind === 'organization'
        ? (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_2__/* .revokeOrgApiKey */ .C0)(client, namespace.orgId, id)
        : (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_2__/* .revokeApiKey */ .mA)(client, id));
    if (answer.id !== id) {
        throw new RevocationUnconfirmed(`The platform answered the revocation of API key ${id} with a record of API key ${answer.id}. ` +
            `It is not known whether key ${id} was revoked, and key ${answer.id} may have been revoked instead. ` +
            'Check both with list-keys.');
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

/***/ 1258:
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





/** The most organizations an "ambiguous" error names. */
const MAX_NAMED = 10;
/** The organization whose projects to list; undefined if the user has none. */
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
/** A project-scoped key belongs to the organization that owns the project. */
async function keyNamespaceFor(ctx, scope) {
    if (scope.orgId !== undefined)
        return (0,_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .organizationKeys */ .O$)(announce(ctx, scope.orgId, 'from the `org-id` input'));
    if (scope.projectId === undefined)
        return _namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .PERSONAL_KEYS */ .uV;
    const project = await (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .getProject */ .U1)(ctx.client, scope.projectId);
    if (typeof project.org_id !== 'string') {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`The platform's record of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(scope.projectId)} names no organization (org_id), ` +
            'but a project-scoped key belongs to one. Set `org-id` to the organization that owns the project.');
    }
    const orgId = checkedId(project.org_id, `GET /projects/${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(scope.projectId)}`);
    return (0,_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .organizationKeys */ .O$)(announce(ctx, orgId, `the owner of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(scope.projectId)}`));
}
/** Empty for personal keys. */
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

/***/ 6882:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   m: () => (/* binding */ PagingGuard)
/* harmony export */ });
/**
 * Remembers what one paged listing has read, so broken paging ends the listing instead of looping: the service may
 * send a cursor twice (a cycle), or pages of records already read.
 */
class PagingGuard {
    cursors = new Set();
    ids = new Set();
    /** `from`: the cursor the listing starts at, if not the top. */
    constructor(from) {
        if (from !== undefined)
            this.cursors.add(from);
    }
    /** How many different records were read. */
    get seen() {
        return this.ids.size;
    }
    /** Drops the items already read, repeats within the page too, and marks the rest read. */
    unseen(items, idOf) {
        const fresh = [];
        for (const item of items) {
            const id = idOf(item);
            if (this.ids.has(id))
                continue;
            this.ids.add(id);
            fresh.push(item);
        }
        return fresh;
    }
    /** Whether the listing got `cursor` before. From now on, it has. */
    repeated(cursor) {
        if (this.cursors.has(cursor))
            return true;
        this.cursors.add(cursor);
        return false;
    }
}


/***/ }),

/***/ 1989:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ik: () => (/* binding */ object),
/* harmony export */   YO: () => (/* binding */ array),
/* harmony export */   Yj: () => (/* binding */ string),
/* harmony export */   nd: () => (/* binding */ integer),
/* harmony export */   sx: () => (/* binding */ optionalString),
/* harmony export */   ym: () => (/* binding */ ShapeError)
/* harmony export */ });
/** A field the action relies on must be there with the right type, or the request fails with a clear message. */
class ShapeError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ShapeError';
    }
}
function object(value, where) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ShapeError(`${where} is not an object`);
    }
    return value;
}
function array(value, where) {
    if (!Array.isArray(value))
        throw new ShapeError(`${where} is not an array`);
    return value;
}
function string(record, field, where) {
    const value = record[field];
    if (typeof value !== 'string')
        throw new ShapeError(`${where}.${field} is ${describe(value)}, not a string`);
    return value;
}
function integer(record, field, where) {
    const value = record[field];
    // Stryker disable next-line ConditionalExpression: equivalent, isSafeInteger() is false for a non-number
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        throw new ShapeError(`${where}.${field} is ${describe(value)}, not an integer`);
    }
    return value;
}
function optionalString(record, field) {
    const value = record[field];
    return typeof value === 'string' ? value : undefined;
}
function describe(value) {
    if (value === undefined)
        return 'missing';
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    return `a ${typeof value}`;
}


/***/ }),

/***/ 6412:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EZ: () => (/* binding */ fixedTime),
/* harmony export */   VO: () => (/* binding */ CLEANUP_GRACE_MS),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   ml: () => (/* binding */ systemClock)
/* harmony export */ });
/** A clean-up may run this long past the step's timeout: a key left behind is worse than a late step. */
const CLEANUP_GRACE_MS = 30_000;
/** A step's time with no runner signals: nothing is ever cancelled (the post step, and in-process tests). */
function fixedTime(clock, deadline) {
    return {
        clock,
        deadline,
        signal: undefined,
        stopped: new AbortController().signal,
        hold: () => undefined,
        checkpoint: () => undefined,
        cleanupDeadline: () => deadline + CLEANUP_GRACE_MS,
        inFlight: () => () => undefined,
        attemptCut: () => ({ signal: new AbortController().signal, clear: () => undefined }),
    };
}
const systemClock = {
    now: () => Date.now(),
    sleep: (ms, signal) => new Promise((resolve) => {
        if (signal?.aborted)
            return resolve();
        const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        signal?.addEventListener('abort', done, { once: true });
    }),
    deadline: (ms) => {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), Math.max(1, Math.ceil(ms)));
        return { signal: controller.signal, clear: () => clearTimeout(timer) };
    },
};
/** "1.5 s", "2 min 5 s". */
function formatDuration(ms) {
    if (ms < 1000)
        return `${Math.max(0, Math.round(ms))} ms`;
    const s = ms / 1000;
    if (s < 60)
        return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
    const m = Math.floor(s / 60);
    const rest = Math.round(s - m * 60);
    return rest ? `${m} min ${rest} s` : `${m} min`;
}


/***/ }),

/***/ 4758:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EI: () => (/* binding */ StepCancelled),
/* harmony export */   Nj: () => (/* binding */ OwnError),
/* harmony export */   bD: () => (/* binding */ messageOf),
/* harmony export */   dz: () => (/* binding */ InputError),
/* harmony export */   lZ: () => (/* binding */ ActionError),
/* harmony export */   tB: () => (/* binding */ RunnerVariableError)
/* harmony export */ });
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);
// Failures that are not about a request. A request's failure is a RequestError, an OwnError too.

const FOREIGN_MESSAGE_LENGTH = 500;
/** Built from checked text, safe for the log. Expected, so no stack trace is shown, even with debug on. */
class OwnError extends Error {
}
/** Raised before any request goes out. */
class InputError extends OwnError {
    constructor(message) {
        super(message);
        this.name = 'InputError';
    }
}
/** GITHUB_REPOSITORY or GITHUB_API_URL is missing or wrong. It counts as an input. */
class RunnerVariableError extends InputError {
    constructor(message) {
        super(message);
        this.name = 'RunnerVariableError';
    }
}
/** A failure the action found, such as a failed operation. `cause` feeds outputs such as `http-status`. */
class ActionError extends OwnError {
    constructor(message, options) {
        super(message, options);
        this.name = 'ActionError';
    }
}
/** Safe for the log, whatever was thrown: any other error's message may quote a server. */
function messageOf(error) {
    if (error instanceof OwnError)
        return error.message;
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(error instanceof Error ? error.message : String(error), FOREIGN_MESSAGE_LENGTH);
}
/** The step stopped because the runner cancelled it. The message says what was undone. */
class StepCancelled extends ActionError {
    constructor(message) {
        super(message);
        this.name = 'StepCancelled';
    }
}


/***/ }),

/***/ 2054:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ blockList),
/* harmony export */   r: () => (/* binding */ parseBlock)
/* harmony export */ });
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7030);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_net__WEBPACK_IMPORTED_MODULE_0__);
/** Addresses and CIDR blocks, as NO_PROXY and `expected-networks` write them. */

/** Undefined for anything else: a host name is never resolved. */
function parseBlock(entry) {
    const [address = '', prefix, ...more] = entry.split('/');
    const version = (0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(address);
    const max = version === 4 ? 32 : 128;
    const bits = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) && more.length === 0 ? Number(prefix) : Number.NaN;
    return version !== 0 && bits <= max ? { address, prefix: bits, family: version === 4 ? 'ipv4' : 'ipv6' } : undefined;
}
/** Entries that are not addresses or blocks are left out. */
function blockList(entries) {
    const list = new node_net__WEBPACK_IMPORTED_MODULE_0__.BlockList();
    for (const entry of entries) {
        const block = typeof entry === 'string' ? parseBlock(entry) : entry;
        if (block)
            list.addSubnet(block.address, block.prefix, block.family);
    }
    return list;
}


/***/ }),

/***/ 766:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kg: () => (/* binding */ hasControlCharacters),
/* harmony export */   NC: () => (/* binding */ isPrintableToken),
/* harmony export */   TL: () => (/* binding */ quoted),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   bp: () => (/* binding */ untrusted),
/* harmony export */   cl: () => (/* binding */ registerSecret),
/* harmony export */   dV: () => (/* binding */ mayHoldSecret),
/* harmony export */   fp: () => (/* binding */ redactSecrets)
/* harmony export */ });
/* unused harmony export MAX_UNTRUSTED_LENGTH */
/**
 * Text from outside is data, but the runner reads the log as commands: `::` at a line's start, `##[` anywhere.
 * `untrusted()` is the one way such text reaches the log: on one line, without a command, bounded, secrets redacted,
 * invisible characters escaped (docs/audit.md). The lint rule `local/outside-text` enforces it.
 */
const MAX_UNTRUSTED_LENGTH = 200;
// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Shown as escapes: the controls, and the invisible format characters (bidi overrides and isolates, which can show a
 * name reversed, zero-width spaces and joiners, tags), so a reader sees what the server sent.
 */
const SHOWN_ESCAPED = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const ESCAPES = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** Invisible, but enough to stop the runner seeing `::` or `##[`. */
const BREAK = '\u200b';
/** Secrets are redacted before the cut, so a cut never shows a piece of one. Controls show as escapes (`\n`). */
function oneLine(text, max) {
    return cut(redactSecrets(text, { pieces: true }), max).replace(SHOWN_ESCAPED, (c) => ESCAPES[c] ?? escapeOf(c));
}
function escapeOf(c) {
    const hex = c.codePointAt(0).toString(16);
    return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
}
/**
 * Never shown, wherever they come back from. The runner masks only whole values, and a server's echo of one, cut
 * short, would show the rest.
 */
const secrets = [];
/** Replacing shorter values would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;
/** A piece this long, anywhere in a text, counts as the secret: an echo cut short. */
const SECRET_PIECE = 12;
/** At a text's start or end, where it was cut, a piece this long counts too. */
const SECRET_EDGE = 6;
const REDACTED = '***';
/**
 * Credentials by their form, whoever's they are. After `Basic` or `token`, only a value with a digit among letters,
 * which prose never has.
 */
const CREDENTIAL_FORMS = [
    [/\b(Bearer)(\s+)[\x21-\x7e]+/gi, `$1$2${REDACTED}`],
    [
        /\b(Basic|token)(\s+|=|:\s*)(?=[A-Za-z0-9._~+/=-]*\d)(?=[A-Za-z0-9._~+/=-]*[A-Za-z])[A-Za-z0-9._~+/=-]{8,}/gi,
        `$1$2${REDACTED}`,
    ],
    [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, REDACTED],
];
/** Every part that redactSecrets replaces holds one of these, so mayHoldSecret needs only a few searches. */
const tells = [];
/** Every credential form starts with one; most texts have none. */
const CREDENTIAL_WORD = /bearer|basic|token|gh[pousr]_|github_pat_/i;
/** Replaced with `***` in every text the step shows. */
function registerSecret(value) {
    if (value.length < MIN_SECRET_LENGTH || secrets.includes(value))
        return;
    secrets.push(value);
    // Longest first: a secret that holds another is replaced whole.
    secrets.sort((a, b) => b.length - a.length);
    const aligned = [];
    for (let i = 0; i + SECRET_EDGE <= value.length; i += SECRET_EDGE)
        aligned.push(value.slice(i, i + SECRET_EDGE));
    if (value.length % SECRET_EDGE !== 0)
        aligned.push(value.slice(-SECRET_EDGE));
    tells.push({ aligned });
}
/** Runs for every line the step prints, so it does only a few native searches. */
function mayHoldSecret(text) {
    return tells.some(({ aligned }) => aligned.some((tell) => text.includes(tell)));
}
/**
 * With `pieces`, also any part of a secret of SECRET_PIECE characters or more, and a shorter one at the start or end:
 * for texts that the action or a server may have cut (log lines, summaries, outputs).
 */
function redactSecrets(text, options = {}) {
    let out = text;
    if (mayHoldSecret(text)) {
        for (const secret of secrets)
            out = out.split(secret).join(REDACTED);
        if (options.pieces)
            out = redactPieces(out);
    }
    if (CREDENTIAL_WORD.test(out))
        for (const [form, replacement] of CREDENTIAL_FORMS)
            out = out.replace(form, replacement);
    return out;
}
function redactPieces(text) {
    const covered = new Uint8Array(text.length);
    let found = false;
    const mark = (from, length) => {
        covered.fill(1, from, from + length);
        found = true;
    };
    for (const secret of secrets) {
        for (let i = 0; i + SECRET_PIECE <= secret.length; i++) {
            const piece = secret.slice(i, i + SECRET_PIECE);
            for (let at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + 1))
                mark(at, SECRET_PIECE);
        }
        for (let length = Math.min(secret.length - 1, text.length); length >= SECRET_EDGE; length--) {
            if (text.endsWith(secret.slice(0, length))) {
                mark(text.length - length, length);
                break;
            }
        }
        for (let length = Math.min(secret.length - 1, text.length); length >= SECRET_EDGE; length--) {
            if (text.startsWith(secret.slice(-length))) {
                mark(0, length);
                break;
            }
        }
    }
    if (!found)
        return text;
    let out = '';
    for (let i = 0; i < text.length; i++) {
        if (!covered[i])
            out += text[i];
        else if (i === 0 || !covered[i - 1])
            out += REDACTED;
    }
    return out;
}
/** `oneLine()`, then a zero-width space breaks a leading `::` and every `##[`. */
function untrusted(text, max = MAX_UNTRUSTED_LENGTH) {
    return oneLine(text, max)
        .replace(/##\[/g, `#${BREAK}#[`)
        .replace(/^(\s*):(?=:)/, `$1:${BREAK}`);
}
/** For names and messages inside a sentence. */
function quoted(text, max = MAX_UNTRUSTED_LENGTH) {
    return `"${untrusted(text, max).replace(/"/g, '\\"')}"`;
}
/** Counts code points, so it never splits a pair. */
function cut(text, max) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path; the loop gives the same answer
    if (text.length <= max)
        return text;
    let count = 0;
    for (let i = 0; i < text.length; count++) {
        if (count === max)
            return `${text.slice(0, i)}…`;
        i += text.codePointAt(i) > 0xffff ? 2 : 1;
    }
    return text;
}
function hasControlCharacters(text) {
    return CONTROL_CHARACTER.test(text);
}
/** A key or token goes in a header. */
const PRINTABLE_TOKEN = /^[\x21-\x7e]+$/;
function isPrintableToken(text, max = Number.POSITIVE_INFINITY) {
    return text.length <= max && PRINTABLE_TOKEN.test(text);
}


/***/ }),

/***/ 2301:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ ACTION_VERSION),
/* harmony export */   _: () => (/* binding */ USER_AGENT)
/* harmony export */ });
/** Kept equal to package.json's version by a unit test. */
const ACTION_NAME = 'neon-api-action';
const ACTION_VERSION = '1.0.0';
const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION} node/${process.versions.node}`;


/***/ }),

/***/ 8603:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Lo: () => (/* binding */ COMMANDS),
  nZ: () => (/* binding */ COMMAND_NAMES)
});

// UNUSED EXPORTS: COMMON_OUTPUTS

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/inputs/keys.ts
var keys = __webpack_require__(5845);
// EXTERNAL MODULE: ./src/inputs/operations.ts
var operations = __webpack_require__(2151);
// EXTERNAL MODULE: ./src/inputs/secrets.ts
var inputs_secrets = __webpack_require__(3332);
// EXTERNAL MODULE: ./src/inputs/urls.ts
var urls = __webpack_require__(9695);
// EXTERNAL MODULE: ./src/inputs/values.ts
var values = __webpack_require__(8463);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/api/ids.ts
var api_ids = __webpack_require__(7958);
// EXTERNAL MODULE: ./src/github/targets.ts
var targets = __webpack_require__(5617);
;// CONCATENATED MODULE: ./src/keys/rotation-name.ts



/**
 * Unique to the targets and the secret, so two workflows that rotate into different places never revoke each other's
 * keys. GitHub compares names without case, so this does too, and the targets' order does not count (docs/rotation.md).
 */
function defaultRotationKeyName(storage) {
    const secret = storage.name.toUpperCase();
    const texts = storage.targets.map((t) => (0,targets/* targetText */.Z3)(t).toLowerCase()).sort();
    const digest = (text) => (0,external_node_crypto_.createHash)('sha256').update(text).digest('hex').slice(0, 8);
    const full = texts.length === 1
        ? `gha:${texts[0]}:${secret}`
        : `gha:${texts[0]}+${texts.length - 1}:${secret}~${digest([...texts, secret].join('\n'))}`;
    const chars = [...full];
    if (chars.length <= api_ids/* MAX_KEY_NAME_LENGTH */.ih)
        return full;
    return `${chars.slice(0, api_ids/* MAX_KEY_NAME_LENGTH */.ih - 9).join('')}~${digest(full)}`;
}

// EXTERNAL MODULE: ./src/api/organization.ts
var organization = __webpack_require__(1258);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/keys/life.ts
var keys_life = __webpack_require__(3320);
// EXTERNAL MODULE: ./src/keys/expiry.ts
var keys_expiry = __webpack_require__(8121);
// EXTERNAL MODULE: ./src/runner/summary.ts
var summary = __webpack_require__(1070);
;// CONCATENATED MODULE: ./src/commands/create-key.ts





async function runCreateKey(ctx, options) {
    const target = await (0,keys_life/* keyTargetFor */.oZ)(ctx, options);
    const name = options.expiresInMs === undefined
        ? options.keyName
        : (0,keys_expiry/* withExpiry */.MC)(options.keyName, ctx.clock.now() + options.expiresInMs);
    // Read back from the name, so it is rounded up to the minute, as prune-keys reads it.
    const expiresAt = (0,keys_expiry/* expiryOf */.p1)(name);
    const created = await keys_life/* KeyLife */.e1.run(ctx, name, target, async (life) => {
        const key = await life.create();
        if (options.revokeAfterJob)
            life.keepForJob(key.id);
        await life.stopIfCancelled(key.id, 'hand out the new key');
        // From here on the key counts as handed out: main.ts sets the outputs next.
        life.handOut(key.id);
        return key;
    });
    const scope = (0,keys_life/* describeScope */.OI)(target);
    const lifetime = [
        ...(options.revokeAfterJob ? ['it is revoked when the job ends'] : []),
        ...(expiresAt === undefined ? [] : [`it expires ${(0,summary/* formatDate */.Yq)(new Date(expiresAt).toISOString())} by its name`]),
    ];
    ctx.log.info(`Created API key ${created.id} named ${(0,base_text/* quoted */.TL)(name)} (${scope})${lifetime.length ? `; ${(0,base_text/* untrusted */.bp)(lifetime.join('; '), 400)}` : ''}.`);
    (0,keys_life/* adviseScope */.L8)(ctx, target, created.id);
    return {
        outputs: {
            key: created.key,
            'key-id': String(created.id),
            ...(0,keys_expiry/* expiresAtOutput */.d3)(expiresAt),
            ...(0,organization/* organizationOutput */.fI)(target.namespace),
        },
        summary: (0,summary/* heading */.R_)('API key created') +
            (0,summary/* table */.tp)(['id', 'name', 'scope', 'lifetime'], [[{ code: String(created.id) }, name, scope, describeLifetime(options.revokeAfterJob, expiresAt)]]) +
            (0,summary/* paragraph */.FY)('The key value is in the step output ', { code: 'key' }, ', masked in logs. It is shown nowhere else.'),
    };
}
function describeLifetime(revokeAfterJob, expiresAt) {
    const expiry = expiresAt === undefined ? '' : `expires ${(0,base_text/* untrusted */.bp)((0,summary/* formatDate */.Yq)(new Date(expiresAt).toISOString()))}`;
    if (revokeAfterJob)
        return expiry ? `this job (${expiry})` : 'this job';
    return expiry || 'until revoked';
}

// EXTERNAL MODULE: ./src/api/namespace.ts
var api_namespace = __webpack_require__(3551);
// EXTERNAL MODULE: ./src/keys/creators.ts
var creators = __webpack_require__(3495);
// EXTERNAL MODULE: ./src/keys/networks.ts + 1 modules
var networks = __webpack_require__(8292);
// EXTERNAL MODULE: ./src/runner/outputs.ts
var outputs = __webpack_require__(7424);
;// CONCATENATED MODULE: ./src/commands/list-keys.ts







/** The log or a failure names at most this many keys. The outputs hold them all, and the summary its first rows. */
const MAX_NAMED_KEYS = 10;
const NEXT = 'Each may have leaked. Revoke it by its id (revoke-key with `key-id`), and rotate what held it. ' +
    "Look for its other uses in the platform's audit log. ";
const NEXT_CREATORS = 'Each stays valid until someone revokes it. ' +
    'Find what uses it, move that to a key of a present member, then revoke it by its id. ';
/**
 * Lists every key, or those whose names start with `key-name`, without values. `keys-file` always holds them all,
 * and `keys` holds them when they fit. With `expected-networks`, the tripwire flags keys last used from elsewhere.
 * With `expected-creators`, the step flags keys made by someone who left the organization.
 */
async function runListKeys(ctx, options) {
    const expected = options.expectedNetworks && (await (0,networks/* openExpectedNetworks */.mN)(ctx, options.expectedNetworks));
    const namespace = await (0,organization/* keyNamespaceFor */.W7)(ctx, options);
    const members = options.expectedCreators && namespace.kind === 'organization' ? await (0,creators/* openMembers */.Su)(ctx, namespace.orgId) : undefined;
    const prefix = options.keyNamePrefix;
    const keys = (await (0,api_namespace/* listKeysIn */.I_)(ctx.client, namespace))
        .filter((k) => prefix === undefined || k.name.startsWith(prefix))
        .map((k) => ({ ...k, scope: (0,api_namespace/* scopeOf */.Od)(namespace, k) }));
    const where = namespace.kind === 'organization' ? ` of organization ${(0,base_text/* untrusted */.bp)(namespace.orgId)}` : '';
    const whose = prefix === undefined ? '' : ` whose names start with ${(0,base_text/* quoted */.TL)(prefix, 80)}`;
    ctx.log.info(`Found ${keys.length} API key(s)${where}${whose}.`);
    const json = JSON.stringify(keys);
    const path = await (0,outputs/* writeListFile */.ou)(ctx.fileDir, 'keys', json);
    const elsewhere = flag(ctx, {
        keys: expected ? keys.filter((k) => (0,networks/* usedFromElsewhere */.sN)(k, expected.list)) : [],
        fail: options.failOnUnexpectedUse,
        reason: 'were last used from an unexpected network, outside `expected-networks`',
        describe: networks/* describeUnexpectedUse */.Qs,
        warning: 'outside `expected-networks`',
        output: 'unexpected-use-key-ids',
    });
    const departed = flag(ctx, {
        keys: members ? keys.filter((k) => (0,creators/* madeBySomeoneWhoLeft */.Q$)(k, members)) : [],
        fail: options.failOnUnexpectedCreator,
        reason: 'were made by someone who left the organization (`expected-creators`)',
        describe: (k) => (0,creators/* describeUnexpectedCreator */.j7)(k, members),
        warning: 'it stays valid until someone revokes it',
        output: 'unexpected-creator-key-ids',
    });
    if (members)
        (0,creators/* warnUnknownCreators */.yg)(ctx, keys, members, MAX_NAMED_KEYS);
    const failure = elsewhere.failure && departed.failure
        ? `${elsewhere.failure} ${departed.failure}`
        : (elsewhere.failure ?? departed.failure);
    const usedElsewhere = new Set(elsewhere.keys);
    const flagged = new Set([...elsewhere.keys, ...departed.keys]);
    // A flag that fails the step has its advice in the failure note (src/step.ts); one that only warns has it here.
    const advice = nextSteps(ctx, elsewhere.keys.length > 0 && !elsewhere.failure, departed.keys.length > 0 && !departed.failure);
    const found = (n, why) => (n > 0 ? `⚠ ${n} key(s), listed first: ${why}.` : 'none.');
    // A check that fails the step is its verdict, in the heading; the failure below it names the keys.
    const verdicts = [
        ...(elsewhere.failure ? [`${elsewhere.keys.length} of ${keys.length} used from an unexpected network`] : []),
        ...(departed.failure ? [`${departed.keys.length} of ${keys.length} made by someone who left`] : []),
    ];
    return {
        outputs: {
            keys: json,
            'keys-file': path,
            ...(expected && { 'unexpected-use-key-ids': JSON.stringify(elsewhere.keys.map((k) => k.id)) }),
            ...(members && { 'unexpected-creator-key-ids': JSON.stringify(departed.keys.map((k) => k.id)) }),
            ...(0,organization/* organizationOutput */.fI)(namespace),
        },
        summary: (0,summary/* heading */.R_)(`API keys${where}${whose}${verdicts.length ? `: ${verdicts.join(', ')}` : ` (${keys.length})`}`) +
            (expected && !elsewhere.failure
                ? (0,summary/* paragraph */.FY)(`Last used from an unexpected network, outside \`expected-networks\`: ${found(elsewhere.keys.length, 'each may have leaked')}`)
                : '') +
            (members && !departed.failure
                ? (0,summary/* paragraph */.FY)(`Made by someone who left the organization (\`expected-creators\`): ${found(departed.keys.length, 'each stays valid until revoked')}`)
                : '') +
            (advice ? (0,summary/* paragraph */.FY)(...advice) : '') +
            (0,summary/* tableOf */.c_)(['id', 'name', 'scope', 'created', 'created by', 'last used', 'from'], [...flagged, ...keys.filter((k) => !flagged.has(k))], (k) => [
                { code: String(k.id) },
                k.name,
                k.scope === 'project' ? `project ${k.project_id}` : k.scope,
                (0,summary/* formatDate */.Yq)(k.created_at),
                creatorCell(k, members),
                (0,summary/* formatDate */.Yq)(k.last_used_at),
                usedElsewhere.has(k)
                    ? `⚠ unexpected: ${k.last_used_from_addr || 'no address recorded'}`
                    : k.last_used_from_addr,
            ], { rest: '`keys-file`', title: 'The keys, flagged first' }),
        failure,
        next: nextSteps(ctx, elsewhere.failure !== undefined, departed.failure !== undefined),
    };
}
function nextSteps(ctx, elsewhere, departed) {
    const next = [
        ...(elsewhere
            ? [
                NEXT,
                ...(0,summary/* docsPage */.tu)(ctx.docs('docs/tripwire.md#when-it-fires'), 'When the tripwire fires', 'docs/tripwire.md'),
                '.',
            ]
            : []),
        ...(elsewhere && departed ? [' '] : []),
        ...(departed
            ? [
                NEXT_CREATORS,
                ...(0,summary/* docsPage */.tu)(ctx.docs('docs/offboarding.md#when-it-fires'), 'When the offboarding check fires', 'docs/offboarding.md'),
                '.',
            ]
            : []),
    ];
    return next.length > 0 ? next : undefined;
}
/** With `expected-creators`, the name is marked when the creator left or was deactivated. */
function creatorCell(key, members) {
    const status = members ? (0,creators/* creatorStatus */.rR)(key, members) : 'member';
    if (status === 'left')
        return `⚠ left: ${(0,creators/* creatorName */.Sq)(key)}`;
    if (status === 'deactivated')
        return `⚠ deactivated: ${(0,creators/* creatorName */.Sq)(key)}`;
    return (0,creators/* creatorName */.Sq)(key);
}
/**
 * With `fail`, one failure names the first keys. Otherwise a warning names each of the first keys,
 * and one more warning counts the rest, which `output` holds.
 */
function flag(ctx, check) {
    const { keys } = check;
    const named = keys.slice(0, MAX_NAMED_KEYS);
    const more = keys.length > named.length ? `and ${keys.length - named.length} more in \`${check.output}\`` : '';
    if (check.fail && keys.length > 0) {
        const failure = `${keys.length} API key(s) ${check.reason}: ${named.map((k) => check.describe(k)).join('; ')}${more && `; ${more}`}.`;
        return { keys, failure };
    }
    for (const key of named)
        ctx.log.warning(`${check.describe(key)}: ${check.warning}.`);
    if (more)
        ctx.log.warning(`…${more}, and in the job summary.`);
    return { keys };
}

// EXTERNAL MODULE: ./src/api/endpoints.ts
var endpoints = __webpack_require__(9214);
// EXTERNAL MODULE: ./src/base/clock.ts
var clock = __webpack_require__(6412);
// EXTERNAL MODULE: ./src/operations/status.ts
var operations_status = __webpack_require__(9986);
;// CONCATENATED MODULE: ./src/operations/chart.ts

/** The caption counts the rest. */
const MAX_BARS = 30;
const MAX_NAME = 40;
const KIND = { failure: 'failed', pending: 'in-progress', success: 'done' };
const TAG = { failed: 'crit, ', 'in-progress': 'active, ', done: 'done, ', unknown: '' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The date format has four-digit years, and Date puts a year under 100 in the 1900s. */
const FIRST_MS = Date.parse('0100-01-01T00:00:00Z');
const LAST_MS = Date.parse('9999-12-31T23:59:59Z');
/** A NaN time cannot be drawn. */
function drawable(startMs, durationMs) {
    return startMs >= FIRST_MS && startMs + Math.max(0, durationMs) <= LAST_MS;
}
/** '' when there is nothing to draw. Blank lines around the block keep it out of any HTML block. */
function operationsChart(operations, options = {}) {
    const maxBars = Math.max(1, Math.floor(options.maxBars ?? MAX_BARS));
    const placed = place(operations, options.now);
    if (placed.length === 0)
        return '';
    const drawn = mostTelling(placed, maxBars);
    const firstMs = Math.min(...drawn.map((bar) => bar.startMs));
    const lastMs = Math.max(...drawn.map((bar) => bar.startMs + bar.durationMs));
    const spanMs = Math.max(lastMs - firstMs, MINUTE);
    // A few seconds in a day's chart is under a pixel: every bar is this wide at least, its label giving the real time.
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
            const endMs = Math.min(bar.startMs + Math.max(bar.durationMs, minimumMs), LAST_MS);
            lines.push(`    ${label(bar)} :${TAG[bar.kind]}${wallClock(bar.startMs)}, ${wallClock(endMs)}`);
        }
    }
    const scale = { widened: drawn.filter((bar) => bar.durationMs < minimumMs).length, minimumMs };
    const note = caption(placed, drawn, operations.length, options.listed, scale);
    return `\n\`\`\`mermaid\n${lines.join('\n')}\n\`\`\`\n\n${note}`;
}
function place(operations, now) {
    const bars = [];
    let latestMs = -Infinity;
    operations.forEach((op, order) => {
        const startMs = Date.parse(op.created_at);
        const durationMs = Math.max(0, (0,operations_status/* durationOf */.cf)(op));
        if (!drawable(startMs, durationMs))
            return;
        // Keyed by group, not status: a status such as "constructor" cannot match an object's own keys.
        const kind = (0,operations_status/* isKnownStatus */.ih)(op.status) ? KIND[(0,operations_status/* statusGroup */.u9)(op.status)] : 'unknown';
        latestMs = Math.max(latestMs, startMs + durationMs);
        bars.push({ op, kind, startMs, durationMs, order });
    });
    const nowMs = now ?? latestMs;
    for (const bar of bars)
        if (bar.kind === 'in-progress')
            bar.durationMs = Math.max(bar.durationMs, nowMs - bar.startMs);
    return bars;
}
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
/** "Error start_compute 12 s": the action's word first, so no line starts with server text. */
function label(bar) {
    // A status the action does not know is server text, so it is not shown.
    const word = (0,operations_status/* consoleWord */.aN)(bar.op.status) ?? 'Other status';
    return `${word} ${safeName(bar.op.action, 'operation')} ${duration(bar.durationMs)}${bar.kind === 'in-progress' ? ' so far' : ''}`;
}
/** Each run of other characters becomes one `_`; a name over MAX_NAME ends in `…`. */
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
/** Times of day while the title's dates tell the day. Over more than a day or so, the day too. */
function axisFormat(spanMs) {
    if (spanMs <= 26 * HOUR)
        return '%H:%M';
    if (spanMs <= 4 * DAY)
        return '%a %H:%M';
    return '%d %b';
}
/** UTC without a zone: Mermaid shows it as it is, so the axis shows UTC wherever the reader is. */
function wallClock(ms) {
    return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
function range(firstMs, lastMs) {
    const first = wallClock(firstMs).slice(0, 16);
    const last = wallClock(lastMs).slice(0, 16);
    return first.slice(0, 10) === last.slice(0, 10) ? `${first} to ${last.slice(11)}` : `${first} to ${last}`;
}
/** What the chart leaves out, and the bars drawn wider than they are. */
function caption(placed, drawn, given, listed, scale) {
    const total = listed?.total ?? given;
    const left = total - drawn.length;
    const parts = [];
    if (left > 0) {
        const failed = listed?.failed ?? placed.filter((bar) => bar.kind === 'failed').length;
        const failedLeft = failed - drawn.filter((bar) => bar.kind === 'failed').length;
        const notPlaced = listed?.undrawable ?? given - placed.length;
        parts.push(`The chart shows ${drawn.length} of ${total} operations: those that failed, then those in progress, then the longest.`);
        if (failedLeft > 0)
            parts.push(`${failedLeft} more failed.`);
        if (notPlaced > 0)
            parts.push(`${notPlaced} could not be drawn (a creation time it cannot read, or a time outside the years 0100 to 9999).`);
    }
    if (scale.widened > 0) {
        const many = scale.widened > 1;
        const looks = `${scale.widened} operation${many ? 's look' : ' looks'} longer than ${many ? 'they' : 'it'} took`;
        const least = duration(scale.minimumMs);
        parts.push(`The chart is not to scale for short operations. Every bar spans at least ${least}, so ${looks}. ` +
            "Each bar's label says how long it took.");
    }
    return parts.length > 0 ? `<p>${parts.join(' ')}</p>\n` : '';
}

// EXTERNAL MODULE: ./src/api/paging.ts
var paging = __webpack_require__(6882);
// EXTERNAL MODULE: ./src/http/errors.ts
var http_errors = __webpack_require__(8549);
// EXTERNAL MODULE: ./src/http/retry.ts
var retry = __webpack_require__(8902);
;// CONCATENATED MODULE: ./src/operations/listing.ts







/** A million operations. */
const MAX_PAGES_PER_PROJECT = 1000;
/** Enough to hide each answer's time. The pacer, not this, keeps the step within the rate limits. */
const PROJECTS_AT_ONCE = 8;
/** A project that answers one of these is skipped; the rest are listed. */
const UNREADABLE_STATUSES = new Set([403, 404]);
/** Paces every request, waits out congestion, and warns once. */
class OperationsReader {
    ctx;
    congestionWarned = false;
    constructor(ctx) {
        this.ctx = ctx;
    }
    /** A wrong branch id would list nothing, and a health check on it would always pass. */
    async checkBranch(projectId, branchId) {
        await this.throughCongestion(`branch ${(0,base_text/* untrusted */.bp)(branchId)} of project ${(0,base_text/* untrusted */.bp)(projectId)}`, () => (0,endpoints/* getBranch */.d7)(this.ctx.client, projectId, branchId));
    }
    /**
     * Each page goes to `onPage` before the project's next is read. A 404 or 403 skips a project; any other failure is
     * thrown once the projects in flight are read.
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
                    if (error instanceof http_errors/* RequestError */.G && error.kind === 'http' && UNREADABLE_STATUSES.has(error.status ?? 0)) {
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
    /** Until `since`, the end of the list, or one past `max-operations`. */
    async listProject(projectId, filter, onPage) {
        // Remember every id read, so a page the server sends again is never listed twice, however long the cycle.
        const guard = new paging/* PagingGuard */.m();
        const filtered = filter.statuses !== undefined || filter.actions !== undefined || filter.branchId !== undefined;
        let listed = 0;
        let cursor;
        const done = (end) => ({ projectId, listed, end });
        const where = `project ${(0,base_text/* untrusted */.bp)(projectId)}'s operations`;
        for (let page = 1; page <= MAX_PAGES_PER_PROJECT; page++) {
            // Without filters, a page needs only the operations still wanted, and one more to tell whether the list goes on.
            const limit = filtered
                ? endpoints/* OPERATIONS_PAGE_LIMIT */.lZ
                : Math.min(endpoints/* OPERATIONS_PAGE_LIMIT */.lZ, filter.maxOperations + 1 - listed);
            const result = await this.throughCongestion(`a page of ${where}`, () => (0,endpoints/* listOperations */.RT)(this.ctx.client, projectId, { limit, cursor }));
            const fresh = guard.unseen(result.operations, (o) => o.id);
            if (result.operations.length > 0 && fresh.length === 0) {
                return done({
                    kind: 'broken',
                    warning: `The page of ${where} after cursor ${(0,base_text/* quoted */.TL)(cursor ?? '')} holds only operations already read. ` +
                        `The project's listing stops there and may be incomplete (${listed} listed).`,
                });
            }
            const kept = [];
            let end;
            for (const operation of fresh) {
                // The list is newest first, so the first operation older than `since` ends it.
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
            // The service sends a cursor even on the last page. A short page is the end.
            if (result.operations.length < limit || !next)
                return done({ kind: 'complete' });
            if (guard.repeated(next)) {
                return done({
                    kind: 'broken',
                    warning: `The platform handed out cursor ${(0,base_text/* quoted */.TL)(next)} twice while listing the operations of project ` +
                        `${(0,base_text/* untrusted */.bp)(projectId)}. The project's listing stops there and may be incomplete (${listed} listed).`,
                });
            }
            cursor = next;
        }
        return done({
            kind: 'broken',
            warning: `The operations of project ${(0,base_text/* untrusted */.bp)(projectId)} had not ended after ${MAX_PAGES_PER_PROJECT} pages. ` +
                `The project's listing stops there and is incomplete (${listed} listed).`,
        });
    }
    /**
     * Reads again after a 429 or 503, as long as the platform asks, and the pacer holds every other request back as
     * long. The first congestion is a warning, later ones debug lines.
     */
    throughCongestion(where, read) {
        const { client, pacer } = this.ctx;
        return (0,retry/* retrying */.R$)(read, retry/* RETRY_POLICIES */.qW.congested, {
            clock: client.clock,
            deadline: () => client.deadline,
            untilDeadline: true,
            random: this.ctx.random,
            onRetry: (error, _attempt, delay) => {
                pacer.pause(delay);
                const asked = error.retryAfterMs === undefined ? '' : `, Retry-After ${(0,clock/* formatDuration */.a3)(error.retryAfterMs)}`;
                const message = `The platform answered ${error.status} (${error.status === 429 ? 'too many requests' : 'unavailable'}${asked}; request id ` +
                    `${(0,base_text/* untrusted */.bp)(error.requestId ?? '')}) to the read of ${where}. ` +
                    'Every request waits as asked, then the read is sent again.';
                if (this.congestionWarned)
                    this.ctx.log.debug(message);
                else
                    this.ctx.log.warning(message);
                this.congestionWarned = true;
            },
        });
    }
}
function matches(operation, filter) {
    return ((filter.statuses === undefined || filter.statuses.has(operation.status)) &&
        (filter.actions === undefined || filter.actions.has(operation.action)) &&
        (0,operations_status/* concernsBranch */.WO)(operation, filter.branchId));
}

;// CONCATENATED MODULE: ./src/operations/pacing.ts

/** Or `poll-interval`, when that is longer. */
const MAX_CONGESTED_INTERVAL_MS = 60_000;
const WIDENING = 2;
/** Each answered round adds back 1/NARROWING_ROUNDS of the normal rate: slowly, so a fleet stays under the limit. */
const NARROWING_ROUNDS = 16;
/**
 * The waiter's wait between polls. Every job of an account shares its rate limit, so a matrix of waiters must slow
 * down together: a 429, 503 or 423 doubles the interval, and each answered round narrows it back to `poll-interval`.
 * Jitter keeps jobs told the same Retry-After apart (docs/rate-limits.md).
 */
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
    /** Without jitter. */
    get intervalMs() {
        return this.currentMs;
    }
    get widened() {
        return this.currentMs > this.baseMs;
    }
    /** A widened interval narrows by one step. */
    afterAnswer() {
        this.currentMs = Math.max(this.baseMs, 1 / (1 / this.currentMs + 1 / (this.baseMs * NARROWING_ROUNDS)));
        if (!this.widened)
            return this.baseMs;
        // Jitter keeps slowed jobs from falling back into step. The wait is never shorter than poll-interval.
        return Math.max(this.baseMs, Math.round(this.currentMs * (0.75 + 0.5 * this.random())));
    }
    /** Never sooner than Retry-After. */
    afterCongestion(retryAfterMs) {
        this.currentMs = Math.min(this.maxMs, this.currentMs * WIDENING);
        return Math.round(Math.max(retryAfterMs ?? 0, this.currentMs) + (this.random() * this.currentMs) / 2);
    }
}
const SERVICE_RATE_BUDGET = { perMinute: 700, perRoutePerSecond: 40 };

/** One rate-limit window: the requests in flight, and when the finished ones were answered. */
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
    /** 0 for now; undefined when only a request in flight can make room. */
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
        // Requests in flight end later than those ended, so the `over`-th oldest ended one frees the place.
        return over <= inWindow ? this.ended[this.head + over - 1] + this.lengthMs - now : undefined;
    }
    end(at) {
        this.inFlight--;
        // Answers come in any order; waitAt needs ascending times.
        this.ended.push(Math.max(at, this.ended.at(-1) ?? at));
    }
}
/**
 * Keeps a step's requests under the account's rate limits, so reading hundreds of projects costs no 429. A request
 * counts from its answer, not its sending: the service saw it before, so its window never holds more than the limit,
 * whatever the network's delays. A 429 holds every request back as long as it says.
 */
class RequestPacer {
    clock;
    budget;
    account;
    routes = new Map();
    pausedUntil = Number.NEGATIVE_INFINITY;
    queue = Promise.resolve();
    ended = settles();
    /** Requests sent, and answers that asked the step to slow down. */
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
    pause(ms) {
        this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    }
    async admit(route, deadline) {
        const windows = [this.account, this.routeWindow(route)];
        for (;;) {
            const now = this.clock.now();
            // Past the deadline the request goes at once, and fails on the deadline.
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
                this.pause(answer.retryAfterMs ?? retry/* CONGESTION_PAUSE_MS */.Kq);
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
/** `GET /projects/{}/operations`: the API's paths alternate names and ids. */
function routeOf(request) {
    const segments = request.path.split('?')[0].split('/').filter(Boolean);
    return `${request.method} /${segments.map((segment, i) => (i % 2 === 1 ? '{}' : segment)).join('/')}`;
}
function settles() {
    let resolve = () => undefined;
    const promise = new Promise((done) => (resolve = done));
    return { promise, resolve };
}

;// CONCATENATED MODULE: ./src/operations/report.ts


/** Alike operations share a row, and the table shows at most 200 rows. */
const MAX_TABLE_OPERATIONS = 1000;
/** Then by project and place, so the order pages came in does not matter. */
function newestFirst(a, b) {
    return b.createdMs - a.createdMs || a.projectIndex - b.projectIndex || a.position - b.position;
}
function longestFirst(a, b) {
    return b.durationMs - a.durationMs || newestFirst(a, b);
}
/** The first `limit` items by `order`, never holding more than twice that many. */
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
    /** The 8 known ones first, at 0 when none had it. */
    statusCounts = new Map(operations_status/* OPERATION_STATUSES */.xQ.map((status) => [status, 0]));
    projects;
    total = 0;
    failed = 0;
    /** With a status of `fail-on-status`. */
    failingCount = 0;
    /** A creation time the chart cannot read, or a time out of its years. */
    undrawable = 0;
    failedIds;
    positions;
    failOn;
    /** For the summary's table, newest first. */
    failedRows = new TopPicks(MAX_TABLE_OPERATIONS, newestFirst);
    otherRows = new TopPicks(MAX_TABLE_OPERATIONS, newestFirst);
    /** For the chart: failed, pending and unknown newest first, the others longest first. */
    bars = new Map([
        ['failure', new TopPicks(MAX_BARS, newestFirst)],
        ['pending', new TopPicks(MAX_BARS, newestFirst)],
        ['unknown', new TopPicks(MAX_BARS, newestFirst)],
        ['success', new TopPicks(MAX_BARS, longestFirst)],
    ]);
    newestFailingPick = new TopPicks(1, newestFirst);
    now;
    /** `now`: where an operation still in progress runs to. */
    constructor(projects, now, failOn = []) {
        this.now = now;
        this.projects = Array.from({ length: projects }, () => ({ operations: 0, failed: 0, pending: 0 }));
        this.failedIds = Array.from({ length: projects }, () => []);
        this.positions = new Array(projects).fill(0);
        this.failOn = new Set(failOn);
    }
    add(projectIndex, operation) {
        const { status } = operation;
        const group = (0,operations_status/* statusGroup */.u9)(status);
        const parsedMs = Date.parse(operation.created_at);
        const createdMs = parsedMs || 0;
        const item = {
            operation,
            projectIndex,
            position: this.positions[projectIndex]++,
            createdMs,
            // `updated_at` is the last change of status, so one still going has taken until now.
            durationMs: group === 'pending' ? Math.max((0,operations_status/* durationOf */.cf)(operation), this.now - createdMs) : (0,operations_status/* durationOf */.cf)(operation),
        };
        if (!drawable(parsedMs, item.durationMs))
            this.undrawable++;
        this.statusCounts.set(status, (this.statusCounts.get(status) ?? 0) + 1);
        this.total++;
        const project = this.projects[projectIndex];
        project.operations++;
        if (project.longest === undefined || longestFirst(item, project.longest) < 0)
            project.longest = item;
        if (group === 'failure') {
            this.failed++;
            this.failedIds[projectIndex].push(operation.id);
            this.failedRows.add(item);
        }
        else
            this.otherRows.add(item);
        if ((0,operations_status/* consoleWord */.aN)(status) === 'Error')
            project.failed++;
        if (group === 'pending')
            project.pending++;
        this.bars.get((0,operations_status/* isKnownStatus */.ih)(status) ? group : 'unknown').add(item);
        if (this.failOn.has(status)) {
            this.failingCount++;
            this.newestFailingPick.add(item);
        }
    }
    /** Project by project, each newest first. */
    failedOperationIds() {
        return this.failedIds.flat();
    }
    /** The newest with a status of `fail-on-status`, for the error. */
    newestFailing() {
        return this.newestFailingPick.picked()[0];
    }
    /** The failed first, then the others, each newest first. */
    rows() {
        return [...this.failedRows.picked(), ...this.otherRows.picked()].slice(0, MAX_TABLE_OPERATIONS);
    }
    /** Every operation the chart would pick from all of them. */
    chartCandidates() {
        return [...this.bars.values()].flatMap((picks) => picks.picked());
    }
    /** An unknown status counts as `other`, so it never becomes a key a later step prints. */
    statusCountsObject() {
        const counts = {};
        for (const [status, n] of this.statusCounts) {
            const key = (0,operations_status/* isKnownStatus */.ih)(status) ? status : 'other';
            counts[key] = (counts[key] ?? 0) + n;
        }
        return counts;
    }
}

;// CONCATENATED MODULE: ./src/commands/list-operations.ts













/**
 * list-operations: the operations of one project, of a list, or of every project of an organization
 * (operations/listing.ts). `operations-file` gets every record, written as the pages come. The summary uses the
 * console's words, with a chart of when the operations ran. The step fails only on what `fail-on-status` names,
 * and on projects it could not read, after it listed every other project.
 */
/** A warning names at most this many projects. `incomplete-project-ids` has all those cut or unread. */
const MAX_PROJECTS_NAMED = 10;
async function runListOperations(ctx, options) {
    const startedAt = ctx.clock.now();
    const sinceMs = sinceOf(options, startedAt);
    const pacer = new RequestPacer(ctx.clock);
    const client = ctx.client.withPacing(pacer);
    const reader = new OperationsReader({ client, pacer, log: ctx.log });
    const { projectIds, orgId, notes } = await resolveProjects(ctx, client, options.projects);
    const filter = await filterOf(reader, options, sinceMs);
    ctx.log.info(`Listing the operations of ${describeListing(options, projectIds.length, orgId)}${describeFilter(options, sinceMs)}.`);
    const report = new ListingReport(projectIds.length, startedAt, options.failOnStatus);
    const { listings, path, held } = await listIntoSinks(ctx, reader, projectIds, filter, report);
    const ends = sortEnds(listings, options.maxOperations);
    for (const warning of ends.warnings)
        ctx.log.warning(warning);
    warnUndrawable(ctx, report);
    ctx.log.info(describeTotals(report, projectIds.length, pacer));
    return {
        ...outputsOf(report, held, path, ends.incomplete, orgId),
        summary: summaryOf({
            options,
            projectIds,
            listings,
            report,
            orgId,
            sinceMs,
            startedAt,
            notes: [...notes, ...ends.warnings],
            // A project list whose paging went wrong may lack projects that no output can name.
            incomplete: ends.incomplete.length > 0 || notes.length > 0,
        }),
        ...findFailures(report, ends.unreadable, options.failOnStatus, projectIds),
    };
}
function outputsOf(report, held, path, incomplete, orgId) {
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
    };
}
/** The projects to read: the one, the list, or every project of the organization. */
async function resolveProjects(ctx, client, scope) {
    if (scope.kind === 'one')
        return { projectIds: [scope.projectId], notes: [] };
    if (scope.kind === 'list')
        return { projectIds: scope.projectIds, notes: [] };
    const orgId = await (0,organization/* organizationForProjects */.dH)({ client, log: ctx.log }, scope.orgId);
    const found = await (0,endpoints/* listAllProjects */.SB)(client, { orgId });
    const notes = [];
    if (found.warning) {
        ctx.log.warning(found.warning);
        notes.push(found.warning);
    }
    // The platform lists a project by id only when it could not read its record in time. Its operations can still be read.
    const ids = [...found.projects.map((p) => p.id), ...found.unavailableIds];
    // An id goes into paths, outputs and the summary. So an id that is no project id is named, and not read.
    const odd = ids.filter((id) => !api_ids/* PLATFORM_ID */.Ag.test(id));
    if (odd.length > 0) {
        const warning = `The platform listed ${odd.length} project id(s) that are not project ids (1 to 60 lower-case letters, digits or hyphens), ` +
            `so their operations are not read: ${describeSome(odd)}.`;
        ctx.log.warning(warning);
        notes.push(warning);
    }
    return { projectIds: ids.filter((id) => api_ids/* PLATFORM_ID */.Ag.test(id)), orgId, notes };
}
/** What to keep of each list. A `branch-id` that names no branch fails here, before any operation is read. */
async function filterOf(reader, options, sinceMs) {
    const scope = options.projects;
    const branchId = scope.kind === 'one' ? scope.branchId : undefined;
    if (scope.kind === 'one' && branchId !== undefined)
        await reader.checkBranch(scope.projectId, branchId);
    return {
        maxOperations: options.maxOperations,
        ...(sinceMs === undefined ? {} : { sinceMs }),
        ...(options.statuses ? { statuses: new Set(options.statuses) } : {}),
        ...(options.actions ? { actions: new Set(options.actions) } : {}),
        ...(branchId === undefined ? {} : { branchId }),
    };
}
/** Lists every project, each page into the report, the held output and the file as it comes. */
async function listIntoSinks(ctx, reader, projectIds, filter, report) {
    const file = new outputs/* ListFileWriter */.gd(ctx.fileDir, 'operations');
    const held = new HeldOutput(projectIds.length);
    try {
        const listings = await reader.listProjects(projectIds, filter, async (index, operations) => {
            const records = [];
            for (const operation of operations) {
                report.add(index, operation);
                const json = (0,outputs/* recordJson */.ki)(operation);
                held.add(index, json);
                records.push(json);
            }
            await file.add(index, records);
        });
        return { listings, path: await file.finish(), held };
    }
    catch (error) {
        await file.discard();
        throw error;
    }
}
/** How each list ended: the warnings for a list cut or broken, the projects unread, and all those not read in full. */
function sortEnds(listings, maxOperations) {
    const cut = listings.filter((l) => l.end.kind === 'cut');
    const broken = listings.flatMap((l) => (l.end.kind === 'broken' ? [l.end.warning] : []));
    return {
        warnings: [...broken, ...(cut.length > 0 ? [describeCut(cut, maxOperations)] : [])],
        unreadable: listings.flatMap((l) => l.end.kind === 'unreadable' ? [{ projectId: l.projectId, error: l.end.error }] : []),
        incomplete: listings.filter((l) => l.end.kind !== 'complete').map((l) => l.projectId),
    };
}
function warnUndrawable(ctx, report) {
    if (report.undrawable === 0)
        return;
    ctx.log.warning(`${report.undrawable} listed operation(s) have a creation time the chart cannot read, ` +
        'or a time outside the years 0100 to 9999. ' +
        'The chart leaves them out. The outputs and the table have them as the platform gave them.');
}
/** The step fails on projects it could not read, and on what `fail-on-status` names. */
function findFailures(report, unreadable, failOnStatus, projectIds) {
    const failures = [];
    const next = [];
    if (unreadable.length > 0) {
        failures.push(describeUnreadable(unreadable, projectIds.length));
        next.push('Check each project id that could not be read. A 404 means that the platform does not know the project, ' +
            "no longer has it, or hides it from a collaborator's key that was not granted it. " +
            "A 403 means that the project is out of the key's reach. " +
            "A project-scoped key reaches one project, and an organization key reaches its organization's projects.");
    }
    if (failOnStatus && report.failingCount > 0) {
        failures.push(describeFailing(report, failOnStatus, projectIds));
        next.push('The table of operations below lists the failed ones first, and the console has their errors. ' +
            'A later step can read `failed-operation-ids` and `operations-file`.');
    }
    return {
        ...(failures.length > 0
            ? { failure: (0,base_text/* untrusted */.bp)(failures.join(' '), Number.POSITIVE_INFINITY), next: next.join(' ') }
            : {}),
        ...(unreadable[0] ? { failedRequest: unreadable[0].error } : {}),
    };
}
/** In whole seconds, the records' precision. A time in the future is refused before any request. */
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
 * The `operations` output, with each project's records in order, while it fits the output limit.
 * Past the limit only its size is kept. The file has every record.
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
function describeListing(options, projects, orgId) {
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
    // The inputs checked the statuses and actions: they hold only letters, digits and _ . -
    return (0,base_text/* untrusted */.bp)(parts.join(''), Number.POSITIVE_INFINITY);
}
function describeTotals(report, projects, pacer) {
    // Only the action's own words, with `other` for a status the platform invents. So the line stays short.
    const counts = Object.entries(report.statusCountsObject())
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${n} ${(0,base_text/* untrusted */.bp)(status, 40)}`)
        .join(', ');
    const congested = pacer.congested > 0 ? `; ${pacer.congested} answered 429 and were sent again after the wait asked for` : '';
    return `Listed ${report.total} operation(s) of ${projects} project(s) in ${pacer.sent} request(s)${congested}${counts ? `: ${counts}` : ''}.`;
}
function describeCut(cut, max) {
    return (`${cut.length} project(s) have more operations than \`max-operations\` (${max}) lets the step list, so only their newest are listed: ` +
        `${describeSome(cut.map((l) => l.projectId))}. \`incomplete-project-ids\` names them. ` +
        'To list all their operations, raise `max-operations` (up to 100000), or set a later `since`.');
}
/** Names the first, so the error fits a screen; the summary's table names each. */
function describeUnreadable(unreadable, total) {
    const more = unreadable.length > 1 ? ` And ${unreadable.length - 1} more, named in the summary.` : '';
    return (`${unreadable.length} of ${total} project(s) could not be read, so none of their operations are listed. ` +
        `The operations of every other project are listed. \`incomplete-project-ids\` names all the unreadable ones. ` +
        `${(0,base_text/* untrusted */.bp)(unreadable[0].error.message, Number.POSITIVE_INFINITY)}${more}`);
}
/** Fits a screen: the count and the newest. The summary's table and `operations-file` have the rest. */
function describeFailing(report, failOn, projectIds) {
    const newest = report.newestFailing();
    const o = newest.operation;
    const where = `project ${(0,base_text/* untrusted */.bp)(projectIds[newest.projectIndex] ?? '', 60)}, ${(0,operations_status/* describePlace */.df)(o, 60)}`;
    const named = `${(0,base_text/* untrusted */.bp)(o.id, 40)} (${where}, ${(0,base_text/* untrusted */.bp)(o.action, 40)}, ${(0,base_text/* untrusted */.bp)(o.status, 20)}, ${(0,base_text/* untrusted */.bp)((0,summary/* formatDate */.Yq)(o.created_at), 40)})`;
    const others = report.failingCount - 1;
    const more = others > 0 ? `; the job summary and \`operations-file\` have the other ${others}` : '';
    return (`${report.failingCount} listed operation(s) have a status \`fail-on-status\` names (${(0,base_text/* untrusted */.bp)(failOn.join(', '))}), ` +
        `the newest: ${(0,base_text/* untrusted */.bp)(named, Number.POSITIVE_INFINITY)}${more}.`);
}
function describeSome(ids) {
    const named = ids
        .slice(0, MAX_PROJECTS_NAMED)
        .map((id) => (0,base_text/* untrusted */.bp)(id, 80))
        .join(', ');
    return ids.length > MAX_PROJECTS_NAMED ? `${named}, and ${ids.length - MAX_PROJECTS_NAMED} more` : named;
}
const OPERATION_HEADERS = ['operation', 'action', 'branch', 'compute', 'status', 'duration', 'date'];
function summaryOf(parts) {
    const { options, projectIds, report } = parts;
    const several = options.projects.kind !== 'one';
    const rows = alikeInRows(report.rows());
    const candidates = report.chartCandidates().sort(newestFirst);
    return ((0,summary/* heading */.R_)(summaryTitle(parts)) +
        (0,summary/* paragraph */.FY)(describeCounts(report)) +
        parts.notes.map((note) => (0,summary/* paragraph */.FY)(note)).join('') +
        (several && projectIds.length > 0 ? projectTable(parts) : '') +
        (0,summary/* folded */.TM)('When they ran (chart)', operationsChart(candidates.map((c) => c.operation), { now: parts.startedAt, listed: { total: report.total, failed: report.failed, undrawable: report.undrawable } })) +
        (rows.some((row) => row.count > 1)
            ? (0,summary/* paragraph */.FY)('A row marked ×N stands for N operations alike (the same project, action, status, branch and compute): ' +
                'the id of the newest, their shortest and longest durations, and the dates of the first and the last.')
            : '') +
        (rows.length > 0
            ? (0,summary/* tableOf */.c_)(several ? ['project', ...OPERATION_HEADERS] : OPERATION_HEADERS, rows, (row) => several ? [{ code: projectIds[row.newest.projectIndex] ?? '' }, ...operationRow(row)] : operationRow(row), {
                total: report.total,
                rest: 'the `operations-file` output',
                count: (row) => row.count,
                title: 'The operations, failed first',
            })
            : ''));
}
/**
 * Puts operations alike in one row: the same project, action, status, branch and compute. A day of availability
 * checks is then one row, not dozens. Rows keep the order of their newest operation. `listed` holds the failed
 * ones first, then the others, each newest first.
 */
function alikeInRows(listed) {
    const rows = new Map();
    for (const item of listed) {
        const { action, status, branch_id: branch, endpoint_id: compute } = item.operation;
        // JSON of the values as they came, so a field that the platform sent as another type still tells rows apart.
        const key = JSON.stringify([item.projectIndex, action, status, branch ?? null, compute ?? null]);
        const row = rows.get(key);
        if (row === undefined) {
            rows.set(key, { newest: item, oldest: item, count: 1, shortestMs: item.durationMs, longestMs: item.durationMs });
            continue;
        }
        row.count++;
        if (newestFirst(item, row.oldest) > 0)
            row.oldest = item;
        row.shortestMs = Math.min(row.shortestMs, item.durationMs);
        row.longestMs = Math.max(row.longestMs, item.durationMs);
    }
    return [...rows.values()];
}
/** Its verdict when the step fails: what `fail-on-status` found, and the projects it could not read. */
function summaryTitle(parts) {
    const { options, projectIds, report, orgId, sinceMs } = parts;
    const scope = options.projects;
    const whose = scope.kind === 'one'
        ? `project ${scope.projectId}${scope.branchId === undefined ? '' : `, branch ${scope.branchId}`}`
        : scope.kind === 'all' && orgId !== undefined
            ? `the ${projects(projectIds.length)} of organization ${orgId}`
            : projects(projectIds.length);
    const since = sinceMs === undefined ? '' : ` since ${(0,summary/* formatDate */.Yq)(new Date(sinceMs).toISOString())}`;
    const unread = parts.listings.filter((l) => l.end.kind === 'unreadable').length;
    const verdicts = [
        ...(report.failingCount > 0
            ? [`${report.failingCount} operation(s) with status ${oneOf(options.failOnStatus ?? [])}`]
            : []),
        ...(unread > 0 ? [`${unread} project(s) could not be read`] : []),
    ];
    if (verdicts.length > 0)
        return `${verdicts.join(', ')}: ${whose}${since}`;
    return `Operations of ${whose}${since} (${report.total}${parts.incomplete ? ', incomplete' : ''})`;
}
/** "failed, error or cancelled". */
function oneOf(words) {
    return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words.join('');
}
/**
 * "143 operation(s): 120 OK (finished), 7 Error (5 failed, 2 error), …". Each of the console's words comes once,
 * with the statuses it stands for when they differ from the word.
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
            unknown.push(`${n} of a status the action does not know (${(0,base_text/* untrusted */.bp)(status, 40)})`);
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
/** The summary names at most this many projects with no operation, and counts the rest. */
const MAX_IDLE_NAMED = 50;
/**
 * A row per project that has operations or was not listed in full, with the ones to look at first on top.
 * The projects with no operation follow in one line.
 */
function projectTable(parts) {
    const { listings, report } = parts;
    const all = listings.map((listing, index) => ({ listing, index, tally: report.projects[index] }));
    const idle = all.filter(({ listing, tally }) => listing.end.kind === 'complete' && tally.operations === 0);
    const rows = all.filter(({ listing, tally }) => listing.end.kind !== 'complete' || tally.operations > 0);
    // Unreadable projects first, then the most failed, then the most pending. Ties keep the listing's order.
    rows.sort((a, b) => Number(b.listing.end.kind === 'unreadable') - Number(a.listing.end.kind === 'unreadable') ||
        b.tally.failed - a.tally.failed ||
        b.tally.pending - a.tally.pending ||
        a.index - b.index);
    const table = rows.length === 0
        ? ''
        : (0,summary/* tableOf */.c_)(['project', 'operations', 'failed', 'pending', 'longest'], rows, ({ listing, tally }) => {
            const { end } = listing;
            const operations = end.kind === 'unreadable'
                ? `could not be read (${end.error.status ?? end.error.kind})`
                : end.kind === 'cut'
                    ? `${tally.operations} (the newest; more not listed)`
                    : end.kind === 'broken'
                        ? `${tally.operations} (may be incomplete)`
                        : tally.operations;
            const longest = tally.longest && `${(0,clock/* formatDuration */.a3)(tally.longest.durationMs)} (${tally.longest.operation.action})`;
            return [{ code: listing.projectId }, operations, tally.failed, tally.pending, longest];
        }, { title: 'The projects' });
    return table + idleLine(idle.map(({ listing }) => listing.projectId));
}
/** "No operations (3 projects): a, b, c.", with the ids in monospace. Empty when every project has some. */
function idleLine(projectIds) {
    if (projectIds.length === 0)
        return '';
    const named = projectIds.slice(0, MAX_IDLE_NAMED).flatMap((id, i) => [i > 0 ? ', ' : '', { code: id }]);
    const more = projectIds.length > MAX_IDLE_NAMED ? `, and ${projectIds.length - MAX_IDLE_NAMED} more` : '';
    return (0,summary/* paragraph */.FY)(`No operations (${projects(projectIds.length)}): `, ...named, `${more}.`);
}
/**
 * Eight columns make a narrow table, so the operation's id is shortened, as commit hashes are. The outputs have it
 * whole. A row of operations alike counts them after the action, and gives the range of their durations and dates.
 */
function operationRow({ newest, oldest, count, shortestMs, longestMs }) {
    const o = newest.operation;
    const status = (0,operations_status/* consoleWord */.aN)(o.status) ?? o.status;
    const action = count > 1 ? `${typeof o.action === 'string' ? o.action : JSON.stringify(o.action)} ×${count}` : o.action;
    const [shortest, longest] = [(0,clock/* formatDuration */.a3)(shortestMs), (0,clock/* formatDuration */.a3)(longestMs)];
    const durations = shortest === longest ? longest : `${shortest} to ${longest}`;
    const duration = `${durations}${(0,operations_status/* isTerminal */.Hd)(o.status) ? '' : ' so far'}`;
    const date = count > 1 ? dateRange(oldest.operation.created_at, o.created_at) : (0,summary/* formatDate */.Yq)(o.created_at);
    return [{ code: o.id.slice(0, SHORT_ID) }, action, o.branch_id, o.endpoint_id, status, duration, date];
}
/** The table shows the first group of an operation's UUID. */
const SHORT_ID = 8;
/** "2026-11-20 06:23 to 2026-11-21 06:05 UTC". A date that is no time shows as it came. */
function dateRange(first, last) {
    const [from, to] = [(0,summary/* formatDate */.Yq)(first), (0,summary/* formatDate */.Yq)(last)];
    return from === to ? to : `${from.endsWith(' UTC') && to.endsWith(' UTC') ? from.slice(0, -4) : from} to ${to}`;
}
function projects(n) {
    return n === 1 ? '1 project' : `${n} projects`;
}

;// CONCATENATED MODULE: ./src/commands/list-projects.ts





/** The most ids of unreadable projects one warning names. */
const MAX_UNAVAILABLE_NAMED = 20;
/** `projects-file` always holds every project. `projects` and `project-ids` hold them when they fit. */
async function runListProjects(ctx, options) {
    const orgId = await (0,organization/* organizationForProjects */.dH)(ctx, options.orgId);
    const { projects, unavailableIds, warning } = await (0,endpoints/* listAllProjects */.SB)(ctx.client, { orgId, search: options.search });
    if (warning)
        ctx.log.warning(warning);
    // A partial list is never passed off as complete: the heading says so, not only the log.
    const incomplete = unavailableIds.length > 0 ? ', incomplete' : warning !== undefined ? ', may be incomplete' : '';
    ctx.log.info(`Found ${projects.length} project(s)${options.search === undefined ? '' : ` matching ${(0,base_text/* quoted */.TL)(options.search)}`}.`);
    const partial = unavailableIds.length > 0 ? describeUnavailable(unavailableIds) : undefined;
    if (partial)
        ctx.log.warning(partial);
    const json = JSON.stringify(projects);
    const path = await (0,outputs/* writeListFile */.ou)(ctx.fileDir, 'projects', json);
    return {
        outputs: {
            projects: json,
            'project-ids': JSON.stringify(projects.map((p) => p.id)),
            'projects-file': path,
            ...(orgId === undefined ? {} : { 'org-id': orgId }),
        },
        summary: (0,summary/* heading */.R_)(`Projects (${projects.length}${incomplete})`) +
            (warning ? (0,summary/* paragraph */.FY)(warning) : '') +
            (0,summary/* tableOf */.c_)(['id', 'name', 'region', 'Postgres', 'created'], projects, (p) => [{ code: p.id }, p.name, p.region_id, p.pg_version, (0,summary/* formatDate */.Yq)(p.created_at)], { rest: '`projects-file`', title: 'The projects' }) +
            (partial ? (0,summary/* paragraph */.FY)(partial) : ''),
    };
}
function describeUnavailable(ids) {
    const named = ids
        .slice(0, MAX_UNAVAILABLE_NAMED)
        .map((id) => (0,base_text/* untrusted */.bp)(id, 80))
        .join(', ');
    const more = ids.length > MAX_UNAVAILABLE_NAMED ? `, and ${ids.length - MAX_UNAVAILABLE_NAMED} more` : '';
    return (`The list is incomplete: the platform could not read ${ids.length} project(s) in time (unavailable_project_ids: ${named}${more}). ` +
        'They are not in the outputs. Run the step again for a complete list.');
}

// EXTERNAL MODULE: ./src/keys/usage.ts
var usage = __webpack_require__(2811);
;// CONCATENATED MODULE: ./src/keys/pruning.ts






/** A key used or made within this long counts as in use. It is never pruned, whatever its name or age says. */
const IN_USE_WINDOW_MS = 10 * 60_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** `keys` has one record per key. */
function judgeKeys(keys, options, now, own, checks = {}) {
    const { expected, members } = checks;
    const verdicts = [];
    for (const key of keys) {
        if (options.keyNamePrefix !== undefined && !key.name.startsWith(options.keyNamePrefix))
            continue;
        const reasons = reasonsToPrune(key, options.unusedForMs, now);
        const elsewhere = expected !== undefined && (0,networks/* usedFromElsewhere */.sN)(key, expected.list);
        if (elsewhere)
            reasons.push(`last used from an unexpected network (${(0,base_text/* untrusted */.bp)(key.last_used_from_addr || 'no address recorded', 64)})`);
        if (members && (0,creators/* madeBySomeoneWhoLeft */.Q$)(key, members))
            reasons.push((0,creators/* describeDeparture */.Y$)(key, (0,creators/* creatorStatus */.rR)(key, members)));
        if (reasons.length === 0)
            continue;
        const verdict = { key, reasons };
        const onlyElsewhere = elsewhere && reasons.length === 1;
        const kept = own.kind === 'found' && own.ids.includes(key.id)
            ? ownKeyText(own)
            : (inUse(key, now) ?? (onlyElsewhere ? cannotPlace(key, expected) : undefined));
        if (kept !== undefined)
            verdict.kept = kept;
        verdicts.push(verdict);
    }
    // Least recently used first, the order in which they are revoked.
    return verdicts.sort((a, b) => (0,usage/* lastTouched */.Pf)(a.key) - (0,usage/* lastTouched */.Pf)(b.key) || a.key.id - b.key.id);
}
function reasonsToPrune(key, unusedForMs, now) {
    const reasons = [];
    const expiry = (0,keys_expiry/* expiryOf */.p1)(key.name);
    if (expiry !== undefined && expiry <= now)
        reasons.push(`expired ${(0,summary/* formatDate */.Yq)(new Date(expiry).toISOString())} (by its name)`);
    if (unusedForMs !== undefined) {
        const before = now - unusedForMs;
        const used = (0,usage/* lastUseOf */.xk)(key);
        const created = (0,usage/* readTime */.aQ)(key.created_at);
        if (used === null) {
            if (created <= before)
                reasons.push(`never used, created ${describeSpan(now - created)} ago`);
        }
        else if (used <= before) {
            reasons.push(`not used for ${describeSpan(now - used)}`);
        }
    }
    return reasons;
}
/** Why a key counts as in use, or undefined. Times the action cannot read count as now. */
function inUse(key, now) {
    const since = now - IN_USE_WINDOW_MS;
    const used = (0,usage/* lastUseOf */.xk)(key) ?? undefined;
    const created = (0,usage/* readTime */.aQ)(key.created_at);
    if (key.last_used_at === null && used !== undefined)
        return 'the platform gave no time for its last use, only the address';
    if (Number.isNaN(created) || (used !== undefined && Number.isNaN(used))) {
        return 'its created_at or last_used_at is not a time the action can read';
    }
    if (used !== undefined && used > since)
        return `used ${ago(now - used)}, within the last ${describeSpan(IN_USE_WINDOW_MS)}`;
    if (created > since)
        return `created ${ago(now - created)}, within the last ${describeSpan(IN_USE_WINDOW_MS)}`;
    return undefined;
}
/** Keeps a key selected only for where it was last used, when the action cannot place the address: a person looks. */
function cannotPlace(key, expected) {
    if (!key.last_used_from_addr)
        return 'the platform recorded no address for its last use';
    if (!(0,networks/* hasReadableAddress */.$1)(key))
        return 'the address of its last use is no IP address the action can read';
    const { unreadableRanges: n } = expected;
    return n > 0
        ? `GitHub's meta API lists ${n} runner range(s) the action cannot read, and this address may be in one`
        : undefined;
}
function ownKeyText(own) {
    return own.ids.length === 1 ? "the step's own key" : "the step's own key, or used within the same minute";
}
/** "3 min", "5 h", "45 days": how long, to the unit that matters. */
function describeSpan(ms) {
    if (ms >= 2 * DAY_MS)
        return `${Math.floor(ms / DAY_MS)} days`;
    if (ms >= 2 * HOUR_MS)
        return `${Math.floor(ms / HOUR_MS)} h`;
    return `${Math.max(0, Math.floor(ms / MINUTE_MS))} min`;
}
function ago(ms) {
    return ms < MINUTE_MS ? 'just now' : `${describeSpan(ms)} ago`;
}

;// CONCATENATED MODULE: ./src/keys/revocation.ts



/**
 * One by one, until one fails. From the first key on, a cancel lets the revocation in flight finish, and starts no
 * other.
 */
async function revokeInTurn(ctx, ids, namespace, options = {}) {
    const { time } = ctx;
    if (ids.length > 0)
        time.hold();
    const run = { revoked: [], alreadyRevoked: [], notTried: [] };
    for (const [i, id] of ids.entries()) {
        let settled = () => undefined;
        try {
            time.checkpoint(`revoke API key ${id}`);
            settled = time.inFlight(`the revocation of API key ${id}`);
            await (0,api_namespace/* revokeKeyIn */.FG)(ctx.client, namespace, id);
            run.revoked.push(id);
            if (options.revoked)
                options.revoked(id);
            else
                ctx.log.info(`Revoked API key ${id}.`);
        }
        catch (error) {
            if ((0,api_namespace/* alreadyRevoked */.Tg)(error) && !options.unlisted?.includes(id)) {
                run.alreadyRevoked.push(id);
                if (options.alreadyRevoked)
                    options.alreadyRevoked(id);
                else
                    ctx.log.info(`API key ${id} was already revoked.`);
                continue;
            }
            return { ...run, failed: { id, error, uncertain: mayHaveTakenEffect(error) }, notTried: ids.slice(i + 1) };
        }
        finally {
            settled();
        }
    }
    return run;
}
function mayHaveTakenEffect(error) {
    if (error instanceof api_namespace/* RevocationUnconfirmed */.Jp)
        return true;
    return error instanceof http_errors/* RequestError */.G && (error.mayHaveReachedServer || error.earlierAttemptUncertain);
}
/** On a failure, the message also names the keys revoked before it. */
async function revokeKeyIds(ctx, ids, namespace, unlisted) {
    const run = await revokeInTurn(ctx, ids, namespace, { unlisted });
    const done = { revoked: run.revoked, alreadyRevoked: run.alreadyRevoked };
    if (!run.failed)
        return done;
    return { ...done, failure: describeRevocationFailure(run), failedRequest: (0,http_errors/* requestErrorIn */.p)(run.failed.error) };
}
function describeRevocationFailure(run) {
    const done = run.revoked.length ? ` Already revoked: ${run.revoked.join(', ')}.` : '';
    return `${(0,errors/* messageOf */.bD)(run.failed?.error)}${done}`;
}
function revocationRows(ids, run) {
    return ids.map((id) => {
        let outcome = 'not revoked';
        if (run.revoked.includes(id))
            outcome = 'revoked';
        else if (run.alreadyRevoked.includes(id))
            outcome = 'revoked by someone else meanwhile';
        else if (run.failed?.id === id && run.failed.uncertain)
            outcome = 'may or may not be revoked: check it with list-keys';
        return [{ code: String(id) }, outcome];
    });
}

;// CONCATENATED MODULE: ./src/commands/prune-keys.ts










/**
 * No selector gets round prune-keys' guards (docs/prune.md):
 * - a dry run unless `dry-run: false`;
 * - never the step's own key, and nothing when it cannot tell which key that is;
 * - never a key used or made within IN_USE_WINDOW_MS;
 * - nothing when more than `max-revoke` keys are selected.
 */
/** The log names at most this many keys; the summary and the outputs hold more. */
const MAX_LOGGED_KEYS = 100;
/** Warnings name at most this many keys whose creator is not known. */
const MAX_NAMED_UNKNOWN = 10;
async function runPruneKeys(ctx, options) {
    const expected = options.expectedNetworks && (await (0,networks/* openExpectedNetworks */.mN)(ctx, options.expectedNetworks));
    const namespace = await (0,organization/* keyNamespaceFor */.W7)(ctx, { orgId: options.orgId });
    const members = options.expectedCreators && namespace.kind === 'organization' ? await (0,creators/* openMembers */.Su)(ctx, namespace.orgId) : undefined;
    // A key listed twice is judged, counted and revoked once.
    const { keys, own } = await (0,usage/* readKeysAndOwnKey */.Z2)(ctx.client, ctx.clock, namespace);
    const now = ctx.clock.now();
    const verdicts = judgeKeys(keys, options, now, own, { expected, members });
    const selected = verdicts.filter((v) => v.kept === undefined);
    const kept = verdicts.filter((v) => v.kept !== undefined);
    const where = namespace.kind === 'organization'
        ? `the keys of organization ${(0,base_text/* untrusted */.bp)(namespace.orgId)}`
        : "the personal keys of the step's user";
    ctx.log.info(`Pruning ${where}: ${keys.length} key(s) listed; selecting ${describeSelectors(options)}.` +
        (options.dryRun ? ' Dry run: nothing is revoked.' : ''));
    ctx.log.info(describeOwnKey(own));
    if (members) {
        const prefix = options.keyNamePrefix;
        const named = keys.filter((k) => prefix === undefined || k.name.startsWith(prefix));
        (0,creators/* warnUnknownCreators */.yg)(ctx, named, members, MAX_NAMED_UNKNOWN);
    }
    logVerdicts(ctx, verdicts, options.dryRun, namespace);
    const reason = describeWhyNothingIsRevoked(selected.length, options.maxRevoke, own, where);
    const revoked = [];
    let failure;
    if (selected.length === 0) {
        ctx.log.info('No key is selected: there is nothing to revoke.');
    }
    else if (options.dryRun) {
        if (reason)
            ctx.log.warning(`A run with \`dry-run: false\` would revoke nothing: ${reason}`);
        else
            ctx.log.info(`Dry run: ${selected.length} key(s) would be revoked. Set \`dry-run: false\` to revoke them.`);
    }
    else if (reason) {
        failure = `Nothing was revoked: ${reason}`;
    }
    else {
        failure = (await revokeSelected(ctx, selected, namespace, revoked)).failure;
    }
    return {
        outputs: {
            'prunable-key-ids': JSON.stringify(selected.map((v) => v.key.id)),
            'revoked-key-ids': JSON.stringify(revoked),
            ...(expected && {
                'unexpected-use-key-ids': JSON.stringify(verdicts.filter((v) => (0,networks/* usedFromElsewhere */.sN)(v.key, expected.list)).map((v) => v.key.id)),
            }),
            ...(members && {
                'unexpected-creator-key-ids': JSON.stringify(verdicts.filter((v) => (0,creators/* madeBySomeoneWhoLeft */.Q$)(v.key, members)).map((v) => v.key.id)),
            }),
            ...(0,organization/* organizationOutput */.fI)(namespace),
        },
        summary: summarize({ where, options, selected, kept, revoked, blocked: reason, failure, namespace }),
        failure,
    };
}
/**
 * Past `max-revoke` the selector is likely wrong: revoking the oldest would still revoke that many keys, and as many
 * on every run. Revoking none makes a person look.
 */
function describeWhyNothingIsRevoked(count, maxRevoke, own, where) {
    if (count > maxRevoke) {
        return (`${count} keys are selected, more than \`max-revoke\` (${maxRevoke}). ` +
            'Check the selectors against the list in the job summary. ' +
            `If every key there should go, set \`max-revoke\` to ${count} or more for one run.`);
    }
    if (own.kind === 'unknown' && count > 0) {
        return (`the step's key is one of ${where}, and none of them shows a use by this step (last_used_at), so the action cannot tell which key is its own. ` +
            'The platform may record key use late, so run the step again in a few minutes.');
    }
    return undefined;
}
async function revokeSelected(ctx, selected, namespace, revoked) {
    const byId = new Map(selected.map((v) => [v.key.id, v]));
    const ids = selected.map((v) => v.key.id);
    const run = await revokeInTurn(ctx, ids, namespace, {
        revoked: (id) => {
            const { key, reasons } = byId.get(id);
            ctx.log.info(`Revoked API key ${key.id} ${(0,base_text/* quoted */.TL)(key.name, 80)}: ${(0,base_text/* untrusted */.bp)(reasons.join('; '), 1000)}.`);
        },
    });
    revoked.push(...run.revoked);
    if (!run.failed)
        return {};
    const { id, error, uncertain } = run.failed;
    const before = run.revoked.length > 0 ? ` Revoked before it: ${run.revoked.join(', ')}.` : '';
    const maybe = uncertain ? ` API key ${id} may or may not be revoked: check it with list-keys.` : '';
    const done = `${maybe}${before || (uncertain ? ' No other key was.' : ' No key was revoked.')}`;
    return { failure: `${(0,errors/* messageOf */.bD)(error)}${done}` };
}
function describeSelectors(options) {
    const unused = options.unusedForMs === undefined
        ? ''
        : ` and keys not used for ${describeSpan(options.unusedForMs)} (or never used and older)`;
    const named = options.keyNamePrefix === undefined
        ? ''
        : `, among keys whose names start with ${(0,base_text/* quoted */.TL)(options.keyNamePrefix, 80)}`;
    const elsewhere = options.expectedNetworks ? ' and keys last used from outside `expected-networks`' : '';
    const departed = options.expectedCreators ? ' and keys made by someone who left the organization' : '';
    return `keys whose names say they have expired${unused}${elsewhere}${departed}${named}`;
}
function describeOwnKey(own) {
    switch (own.kind) {
        case 'elsewhere':
            return `The step's key is ${own.where}.`;
        case 'found':
            return own.ids.length === 1
                ? `The step's own key is API key ${own.ids[0]} (its last use is this step). It is never pruned.`
                : `The step's own key is one of API keys ${own.ids.join(', ')} (each used within a minute of this step). ` +
                    'None of them is pruned.';
        case 'unknown':
            return "The step's key is among these keys, but none shows a use by this step: the action cannot tell which one is its own.";
    }
}
function logVerdicts(ctx, verdicts, dryRun, namespace) {
    for (const verdict of verdicts.slice(0, MAX_LOGGED_KEYS)) {
        const { key, reasons, kept } = verdict;
        const message = `API key ${key.id} ${(0,base_text/* quoted */.TL)(key.name, 80)} (${(0,base_text/* untrusted */.bp)(scopeText(namespace, key), 80)}): ${(0,base_text/* untrusted */.bp)(reasons.join('; '), 1000)}`;
        if (kept !== undefined)
            ctx.log.info(`Kept ${message}; but ${(0,base_text/* untrusted */.bp)(kept, 1000)}.`);
        else if (dryRun)
            ctx.log.info(`Would revoke ${message}.`);
    }
    if (verdicts.length > MAX_LOGGED_KEYS) {
        ctx.log.info(`…and ${verdicts.length - MAX_LOGGED_KEYS} more: every one is in the job summary and in \`prunable-key-ids\`.`);
    }
}
function scopeText(namespace, key) {
    const scope = (0,api_namespace/* scopeOf */.Od)(namespace, key);
    return scope === 'project' ? `project ${key.project_id}` : scope;
}
function summarize(parts) {
    const { options, selected, kept, revoked, blocked, failure, namespace } = parts;
    const title = options.dryRun
        ? `API keys to prune, dry run (${selected.length})`
        : `API keys pruned (${revoked.length} of ${selected.length})`;
    const rows = (verdicts, why) => verdicts.map((v) => [
        { code: String(v.key.id) },
        v.key.name,
        scopeText(namespace, v.key),
        (0,summary/* formatDate */.Yq)(v.key.created_at),
        (0,creators/* creatorName */.Sq)(v.key),
        (0,summary/* formatDate */.Yq)(v.key.last_used_at),
        v.key.last_used_from_addr,
        why(v),
    ]);
    const headers = ['id', 'name', 'scope', 'created', 'created by', 'last used', 'from', 'why'];
    // A failure is the outcome, and main.ts adds it below the summary.
    let outcome = '';
    if (selected.length === 0)
        outcome = 'No key is selected: nothing was revoked.';
    else if (options.dryRun) {
        outcome = blocked
            ? `Dry run: nothing was revoked. A run with dry-run: false would revoke none of them: ${blocked}`
            : `Dry run: nothing was revoked. A run with dry-run: false revokes these ${selected.length} key(s).`;
    }
    else if (!failure)
        outcome = `Revoked ${revoked.length} key(s).`;
    return ((0,summary/* heading */.R_)(title) +
        (0,summary/* paragraph */.FY)(`Looked at ${parts.where}, selecting ${describeSelectors(options)}.`) +
        (selected.length > 0
            ? (0,summary/* table */.tp)(headers, rows(selected, (v) => v.reasons.join('; ')))
            : '') +
        (outcome ? (0,summary/* paragraph */.FY)(outcome) : '') +
        (kept.length > 0
            ? (0,summary/* heading */.R_)(`Selected, but kept by a guard (${kept.length})`, 4) +
                (0,summary/* table */.tp)(headers, rows(kept, (v) => `${v.reasons.join('; ')}; kept: ${v.kept}`))
            : ''));
}

;// CONCATENATED MODULE: ./src/commands/revoke-key.ts







async function runRevokeKey(ctx, target) {
    const namespace = await (0,organization/* keyNamespaceFor */.W7)(ctx, { orgId: target.orgId });
    const plan = target.keyId !== undefined
        ? { ids: [target.keyId] }
        : await planRevocationByName(ctx, target.keyName, namespace);
    // A `key-id` that is not found may be a wrong id. A key listed by name and then not found was revoked meanwhile.
    const run = await revokeInTurn(ctx, plan.ids, namespace, { unlisted: plan.byName ? [] : plan.ids });
    let failure = run.failed && describeRevocationFailure(run);
    if (plan.byName && refusedStepKey(run))
        failure = describeLockedOut(run, plan.byName.name, plan.byName.own);
    return {
        outputs: { 'revoked-key-ids': JSON.stringify(run.revoked), ...(0,organization/* organizationOutput */.fI)(namespace) },
        summary: (0,summary/* heading */.R_)(verdictOf(plan.ids, run)) +
            (plan.ids.length
                ? (0,summary/* table */.tp)(['id', 'outcome'], revocationRows(plan.ids, run))
                : (0,summary/* paragraph */.FY)(`${describeNoKeyNamed(namespace, target.keyName ?? '')}.`)),
        failure,
        failedRequest: run.failed && (0,http_errors/* requestErrorIn */.p)(run.failed.error),
    };
}
/** What happened, never a success when a revocation failed. */
function verdictOf(ids, run) {
    if (ids.length === 0)
        return 'No API key to revoke';
    const gone = run.revoked.length + run.alreadyRevoked.length;
    if (ids.length === 1 && run.failed)
        return `API key ${ids[0]} ${run.failed.uncertain ? 'may or may not be revoked' : 'not revoked'}`;
    if (ids.length === 1)
        return `API key ${ids[0]} revoked`;
    return gone === ids.length ? `${gone} API keys revoked` : `${gone} of ${ids.length} API keys revoked`;
}
function describeNoKeyNamed(namespace, name) {
    const where = namespace.kind === 'organization' ? ` of organization ${(0,base_text/* untrusted */.bp)(namespace.orgId)}` : '';
    return `No API key${where} is named ${(0,base_text/* quoted */.TL)(name)}`;
}
/**
 * The keys of a name, in the order they are revoked. The step's key may be one of them. It goes last, so the
 * platform does not refuse the others for want of it. The platform may record key use late, and then no key shows
 * a use by this step. Then the keys that may be the step's go last, and the one most recently used or made goes
 * last of all. (The platform lists newest first, the step's key is in use, and it was made before the step began.)
 */
async function planRevocationByName(ctx, name, namespace) {
    const { keys, own, stepStarted } = await (0,usage/* readKeysAndOwnKey */.Z2)(ctx.client, ctx.clock, namespace);
    const named = keys.filter((k) => k.name === name);
    const ids = orderForRevocation(named, own, stepStarted);
    if (ids.length === 0)
        ctx.log.warning(`${describeNoKeyNamed(namespace, name)}; nothing was revoked.`);
    const mine = ids.filter((id) => own.kind === 'found' && own.ids.includes(id));
    if (mine.length === 1)
        ctx.log.info(`The step's own key is among them (its last use is this step): API key ${mine[0]} goes last.`);
    if (mine.length > 1)
        ctx.log.info(`The step's own key is one of ${(0,keys_life/* describeIds */.Sh)(mine)} (each used within a minute of this step): they go last.`);
    const likeliest = named.find((k) => k.id === ids.at(-1));
    if (own.kind === 'unknown' && ids.length > 1 && likeliest && (0,usage/* mayBeOwnKey */.c$)(likeliest, own, stepStarted)) {
        ctx.log.info('No key shows a use by this step (the platform may record key use late), ' +
            "so the step's own key cannot be told apart. The keys that may be it go last. " +
            `API key ${likeliest.id}, the most recently used or made, goes last of all.`);
    }
    return { ids, byName: { name, own } };
}
/**
 * First the keys that cannot be the step's own, least recently used first, and never used before that. Then the
 * keys that may be, least recently used or made first, so the likeliest goes last. Ties go by id.
 * `keys` has one record per key.
 */
function orderForRevocation(keys, own, stepStarted) {
    // A time that cannot be read counts as now, so such a key goes late.
    const time = (at) => at === null ? Number.NEGATIVE_INFINITY : Number.isNaN(at) ? Number.POSITIVE_INFINITY : at;
    const rank = (k) => {
        if (!(0,usage/* mayBeOwnKey */.c$)(k, own, stepStarted))
            return [0, time((0,usage/* lastUseOf */.xk)(k))];
        return [1, time((0,usage/* lastUseOf */.xk)(k) ?? (0,usage/* readTime */.aQ)(k.created_at))];
    };
    return keys
        .map((k) => ({ id: k.id, rank: rank(k) }))
        .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.id - b.id)
        .map((k) => k.id);
}
/** A 401 after at least one key of the name was revoked: most likely the step's key was one of them. */
function refusedStepKey(run) {
    const request = (0,http_errors/* requestErrorIn */.p)(run.failed?.error);
    return request?.status === 401 && run.revoked.length > 0;
}
function describeLockedOut(run, name, own) {
    const last = run.revoked.at(-1);
    const why = own.kind === 'unknown'
        ? "that was most likely the step's own key (no key of the name showed a use by this step, so the action could not tell)"
        : "the step's key was revoked meanwhile, or was that key";
    const left = [run.failed.id, ...run.notTried];
    return (`The platform refused the step's key (401) after API key ${last} was revoked: ${why}. ` +
        `Keys named ${(0,base_text/* quoted */.TL)(name)} still valid: ${(0,base_text/* untrusted */.bp)(left.join(', '), Number.POSITIVE_INFINITY)}. Already revoked: ${run.revoked.join(', ')}. ` +
        `Run revoke-key again with \`key-name: ${(0,base_text/* untrusted */.bp)(name)}\` and an \`api-key\` of another name to revoke them.`);
}

// EXTERNAL MODULE: ./src/api/client.ts
var client = __webpack_require__(7085);
;// CONCATENATED MODULE: ./src/commands/rotate-key.ts













/**
 * Rotation never locks the user out: every target is prepared before a key is made, and the keys it replaced (of
 * the first list, and `key-id`) are revoked only once every target holds the new key. A new key of that name that
 * appears meanwhile is another rotation's: then no old key is revoked. docs/rotation.md has every case.
 */
async function runRotateKey(ctx, options) {
    const target = await (0,keys_life/* keyTargetFor */.oZ)(ctx, options);
    const stores = options.secrets && (await prepareStores(ctx, options.secrets, { apiUrl: options.githubApiUrl }));
    if (stores && stores.problems.length > 0)
        return notPrepared(options, stores, target);
    return keys_life/* KeyLife */.e1.run(ctx, options.keyName, target, (life) => new Rotation(ctx, options, life, stores).run());
}
/**
 * Reads what each target needs before anything is written. The secret stores and the sealed box are a chunk of the
 * bundle of their own, loaded only here.
 */
async function prepareStores(ctx, secrets, github) {
    const { SecretStores } = await Promise.all(/* import() */[__webpack_require__.e(235), __webpack_require__.e(468)]).then(__webpack_require__.bind(__webpack_require__, 4468));
    const stores = await SecretStores.prepare(secrets, github, ctx.time, ctx.client.connections);
    for (const note of stores.accessNotes())
        ctx.log.info(note.message);
    return stores;
}
/** One rotation: created, proven, stored, then the replaced keys revoked. A failure before the store revokes the new key.
 */
class Rotation {
    ctx;
    options;
    life;
    stores;
    time;
    constructor(ctx, options, life, stores) {
        this.ctx = ctx;
        this.options = options;
        this.life = life;
        this.stores = stores;
        this.time = ctx.time;
    }
    async run() {
        const { ctx, life } = this;
        const created = await life.create();
        ctx.log.info(`Created API key ${created.id} named ${(0,base_text/* quoted */.TL)(life.name)} (${(0,keys_life/* describeScope */.OI)(life.target)}).`);
        (0,keys_life/* adviseScope */.L8)(ctx, life.target, created.id);
        // The new key proves that it works. It also lists and revokes the old keys, so they go even if the step's own
        // key is one of them. A project-scoped key may not manage keys, so then the step's key does that.
        const newClient = ctx.client.withApiKey(created.key, client/* PLATFORM_REFUSALS */.gc[401].newKey(created.id));
        const lister = life.target.projectId === undefined ? newClient : ctx.client;
        let latest = await this.prove(created, newClient, lister);
        let outcomes = [];
        let stored = '';
        if (this.stores && this.options.secrets) {
            outcomes = await this.store(created, this.stores);
            if (outcomes.some((o) => o.status !== 'stored'))
                return this.notStoredEverywhere(created, outcomes);
            life.handOut(created.id);
            const many = outcomes.length > 1 ? ` in all ${outcomes.length} targets` : '';
            stored = `Stored the new key in secret ${(0,base_text/* untrusted */.bp)(this.options.secrets.name)}${many}`;
            try {
                // Storing took a while, and another rotation may have begun: list again.
                latest = await (0,usage/* listKeysMerged */.PT)(lister, life.target.namespace);
            }
            catch (error) {
                const reason = `${(0,base_text/* untrusted */.bp)(stored, 400)}, but listing the keys again failed, so no old key was revoked: ${(0,errors/* messageOf */.bD)(error)}`;
                return this.rotated(created, NOTHING_REVOKED, outcomes, reason);
            }
        }
        return this.revokeReplaced(created, latest, lister, outcomes, stored);
    }
    /**
     * created → proven: the new key reads with itself, and no other new key of that name appeared. Any failure, or a
     * cancel, revokes the new key. Returns the keys the proof listed.
     */
    async prove(created, newClient, lister) {
        try {
            this.time.checkpoint('prove the new key');
            const proof = await proveKey(this.ctx, newClient, lister, this.life.target);
            this.ctx.log.info(`The new key works: ${proof.message}.`);
            const appeared = this.life.strangers(proof.keys);
            if (appeared.length > 0)
                throw new errors/* ActionError */.lZ(describeConcurrentRun(this.life.name, appeared, 'when the new key proved itself'));
            this.time.checkpoint(this.stores ? 'store the new key' : 'revoke the old keys');
            return proof.keys;
        }
        catch (error) {
            const undo = await this.life.revokeNew(created.id);
            const message = `Rotation stopped: ${(0,errors/* messageOf */.bD)(error)} ${undo.message} No old key was revoked.`;
            throw error instanceof errors/* StepCancelled */.EI ? new errors/* StepCancelled */.EI(message) : new errors/* ActionError */.lZ(message, { cause: error });
        }
    }
    /** proven → storing: from the first write on, a target may hold the key, so the post step never revokes it. */
    store(created, stores) {
        const { ctx, time } = this;
        this.life.storing(created.id);
        return stores.storeEverywhere(created.key, time, (message) => ctx.log.warning(message), (outcome) => ctx.log.info(outcome.message));
    }
    /**
     * Some targets did not take the new key. If none may hold it, it is revoked. If some may, it stays valid, and so do
     * the old keys the other targets hold. No old key is revoked; a second run converges.
     */
    async notStoredEverywhere(created, outcomes) {
        const { life, options } = this;
        const outputs = {
            'revoked-key-ids': '[]',
            'secret-results': secretResults(outcomes),
            ...(0,organization/* organizationOutput */.fI)(life.target.namespace),
        };
        const tables = (0,summary/* table */.tp)(['', 'id', 'name'], [['new', { code: String(created.id) }, options.keyName]]) + targetsTable(outcomes);
        if (outcomes.some((o) => o.status === 'stored' || o.status === 'uncertain')) {
            // Some targets may hold it, and the step's error names it: it is handed out.
            life.handOut(created.id);
            return storedInSome(created.id, outcomes, outputs, tables);
        }
        life.notStored(created.id);
        const undo = await life.revokeNew(created.id);
        return {
            outputs,
            summary: (0,summary/* heading */.R_)('API key not rotated') +
                tables +
                (0,summary/* paragraph */.FY)(`No target took the new key, so it ${undo.revoked ? 'was revoked' : 'could not be revoked'}; no old key was revoked.`),
            failure: `Rotation stopped: ${describeTargetProblems(outcomes)} ${undo.message} No old key was revoked.`,
            next: NEXT_AFTER_TARGETS,
        };
    }
    /**
     * handed out → replaced keys revoked. Revokes what `chooseReplaced` picks, unless a new key of that name appeared
     * meanwhile (another rotation is running: then none).
     */
    async revokeReplaced(created, latest, lister, outcomes, stored) {
        const { ctx, life, options } = this;
        const appeared = life.strangers(latest);
        if (appeared.length > 0) {
            const reason = describeConcurrentRun(options.keyName, appeared, 'after storing the new key');
            return this.rotated(created, NOTHING_REVOKED, outcomes, reason);
        }
        const { doomed, kept, names } = chooseReplaced(options, created.id, life.listed, latest.filter((k) => life.sameKind(k)));
        const unlisted = doomed.filter((id) => !names.has(id));
        const { revoked, alreadyRevoked, failure, failedRequest } = await revokeKeyIds({ ...ctx, client: lister }, doomed, life.target.namespace, unlisted);
        for (const id of kept)
            ctx.log.info(`Kept API key ${id} valid until the next rotation (keep-previous: ${options.keepPrevious}).`);
        if (doomed.length === 0 && kept.length === 0)
            ctx.log.info('No old key to revoke.');
        const named = (ids) => ids.map((id) => ({ id, name: names.get(id) ?? '' }));
        const replacedKeys = { revoked: named(revoked), kept: named(kept), alreadyRevoked: named(alreadyRevoked) };
        const reason = failure &&
            `The new key ${created.id} is valid${stored ? ' and stored' : ''}, but revoking the old keys failed: ${failure}`;
        return this.rotated(created, replacedKeys, outcomes, reason, failedRequest);
    }
    /** The result hands the new key out: main.ts writes the `key` output next. */
    rotated(created, { revoked, kept, alreadyRevoked }, outcomes, failure, failedRequest) {
        const { life, options } = this;
        life.handOut(created.id);
        const secrets = options.secrets;
        const only = secrets?.targets.length === 1 ? secrets.targets[0] : undefined;
        const place = only ? ` of ${(0,targets/* targetText */.Z3)(only)}` : ` in all ${outcomes.length} targets`;
        return {
            outputs: {
                key: created.key,
                'key-id': String(created.id),
                ...(0,keys_expiry/* expiresAtOutput */.d3)((0,keys_expiry/* expiryOf */.p1)(options.keyName)),
                'revoked-key-ids': JSON.stringify(revoked.map((k) => k.id)),
                ...(secrets ? { 'secret-results': secretResults(outcomes) } : {}),
                ...(0,organization/* organizationOutput */.fI)(life.target.namespace),
            },
            summary: 
            // A new key stored while old keys stay valid is no success: the heading says what is left.
            (0,summary/* heading */.R_)(failure ? 'Old API keys not revoked' : 'API key rotated') +
                (0,summary/* table */.tp)(['', 'id', 'name'], [
                    ['new', { code: String(created.id) }, options.keyName],
                    ...kept.map((k) => [`kept (keep-previous: ${options.keepPrevious})`, { code: String(k.id) }, k.name]),
                    ...revoked.map((k) => ['revoked', { code: String(k.id) }, k.name]),
                    ...alreadyRevoked.map((k) => ['revoked by someone else meanwhile', { code: String(k.id) }, k.name]),
                ]) +
                (secrets
                    ? (only ? '' : targetsTable(outcomes)) + (0,summary/* paragraph */.FY)(`The new key is stored in secret ${secrets.name}${place}.`)
                    : (0,summary/* paragraph */.FY)('The new key is in the step output ', { code: 'key' }, ', masked in logs; no secret was written.')),
            failure,
            failedRequest,
        };
    }
}
/**
 * Which keys the rotation revokes (`doomed`, in the order to revoke them) and keeps: the keys of the first list that
 * the latest list still shows, less the newest `keepPrevious`, and the `key-id` it was given. `names`: each key's
 * name as the platform listed it.
 */
function chooseReplaced(options, createdId, snapshot, latest) {
    const inSnapshot = new Set(snapshot.map((k) => k.id));
    const replaced = latest.filter((k) => inSnapshot.has(k.id));
    // `key-id` is revoked as asked, whatever keep-previous keeps.
    const kept = newestKeys(replaced, options.keepPrevious).filter((id) => id !== options.keyId);
    const doomed = replaced.filter((k) => !kept.includes(k.id)).map((k) => k.id);
    if (options.keyId !== undefined && options.keyId !== createdId && !doomed.includes(options.keyId))
        doomed.push(options.keyId);
    // Least recently used first, and ids that no list showed before all. The step's own key is in use now, so it
    // goes last: a step cancelled part way then leaves the post step its key.
    const touched = new Map(latest.map((k) => [k.id, (0,usage/* lastTouched */.Pf)(k)]));
    doomed.sort((a, b) => (touched.get(a) ?? -Infinity) - (touched.get(b) ?? -Infinity) || a - b);
    // Names as the platform listed them: `key-id` may name a key of another name, or one no list showed.
    const names = new Map([...snapshot, ...latest].map((k) => [k.id, k.name]));
    return { doomed, kept, names };
}
/** A failure names at most this many targets. The summary and `secret-results` have them all. */
const MAX_TARGETS_NAMED = 5;
function describeTargetProblems(outcomes) {
    const problems = outcomes.filter((o) => o.status !== 'stored');
    const more = problems.length - MAX_TARGETS_NAMED;
    const rest = more > 0 ? ` And ${more} more target(s): see the job summary and the \`secret-results\` output.` : '';
    return `${problems
        .slice(0, MAX_TARGETS_NAMED)
        .map((o) => o.message)
        .join(' ')}${rest}`;
}
/** A target could not be prepared: no key was made, nothing was written. */
function notPrepared(options, stores, target) {
    const failed = new Set(stores.problems.map((o) => o.target));
    const outcomes = (options.secrets?.targets ?? []).map((t) => stores.problems.find((o) => o.target === t) ?? {
        target: t,
        status: 'skipped',
        message: `Skipped ${(0,base_text/* untrusted */.bp)((0,targets/* targetText */.Z3)(t))}: another target could not be prepared.`,
    });
    const count = failed.size;
    return {
        outputs: {
            'revoked-key-ids': '[]',
            'secret-results': secretResults(outcomes),
            ...(0,organization/* organizationOutput */.fI)(target.namespace),
        },
        summary: (0,summary/* heading */.R_)('API key not rotated') +
            targetsTable(outcomes) +
            (0,summary/* paragraph */.FY)(`${count} of ${outcomes.length} secret target(s) could not be prepared, so no key was created and none was revoked.`),
        failure: `Rotation stopped before creating a key: ${describeTargetProblems(stores.problems)} ` +
            'No key was created and none was revoked; fix what failed and run rotate-key again.',
        next: NEXT_AFTER_TARGETS,
    };
}
/** The result when some targets hold the new key (or may) and others do not: nothing is revoked. */
function storedInSome(id, outcomes, outputs, tables) {
    const stored = outcomes.filter((o) => o.status === 'stored').length;
    const uncertain = outcomes.filter((o) => o.status === 'uncertain').length;
    const problems = describeTargetProblems(outcomes);
    const failure = outcomes.length === 1
        ? `Rotation stopped: ${problems} Nothing was revoked: the new key ${id} stays valid, as do the old keys. ` +
            `Run rotate-key again once GitHub answers (it replaces both), or revoke key ${id} once you know the secret does not hold it.`
        : `Rotation stopped: the new key ${id} is stored in ${stored} of ${outcomes.length} targets` +
            `${uncertain ? ` and may be in ${uncertain} more (GitHub did not answer)` : ''}. ${problems} ` +
            `Nothing was revoked: the new key ${id} stays valid, as do the old keys, so every target still holds a valid key. ` +
            'Fix what failed and run rotate-key again: it stores a newer key in every target, then revokes the keys it replaced.';
    return {
        outputs: { 'key-id': String(id), ...outputs },
        summary: (0,summary/* heading */.R_)('API key not rotated everywhere') +
            tables +
            (0,summary/* paragraph */.FY)(`The new key is in ${stored} of ${outcomes.length} target(s)${uncertain ? ` and may be in ${uncertain} more` : ''}: ` +
                'it stays valid, and so do the keys it was to replace. Run rotate-key again once the failures are fixed.'),
        failure,
        next: NEXT_AFTER_TARGETS,
    };
}
/** `secret-results`: each target, what became of it, and GitHub's status and request id when a request failed. */
function secretResults(outcomes) {
    return JSON.stringify(outcomes.map((o) => ({
        target: (0,targets/* targetText */.Z3)(o.target),
        status: o.status,
        ...(o.httpStatus === undefined ? {} : { 'http-status': o.httpStatus }),
        ...(o.requestId === undefined ? {} : { 'request-id': o.requestId }),
    })));
}
function targetsTable(outcomes) {
    return (0,summary/* table */.tp)(['secret target', 'result', 'why', 'HTTP status', 'request id'], outcomes.map((o) => [
        { code: (0,targets/* targetText */.Z3)(o.target) },
        o.status === 'uncertain' ? 'may hold it (no answer)' : o.status,
        o.reason,
        o.httpStatus,
        o.requestId === undefined ? undefined : { code: o.requestId },
    ]));
}
const NEXT_AFTER_TARGETS = 'Fix what failed for each target in the table below (the token, its permissions, the name of the target), then run rotate-key again: ' +
    'it stores a newer key in every target before it revokes the keys it replaced.';
const NOTHING_REVOKED = { revoked: [], kept: [], alreadyRevoked: [] };
function describeConcurrentRun(name, appeared, where) {
    return (`${(0,keys_life/* describeIds */.Sh)(appeared.map((k) => k.id))} named ${(0,base_text/* quoted */.TL)(name)} appeared during this run, ` +
        `after its list from before the create (seen ${where}). ` +
        'So another rotation of the same keys is running at the same time, and this run revoked no old key. ' +
        'Give the workflow a `concurrency:` group (with cancel-in-progress: false), so rotations never overlap. ' +
        'The next rotation revokes what is left.');
}
/**
 * The ids of the `count` newest keys by `created_at`. When in doubt, a key stays valid: a key whose date cannot be
 * read counts as newest, and keys tied with the last one kept are kept too.
 */
function newestKeys(keys, count) {
    if (count <= 0)
        return [];
    const time = (k) => {
        const parsed = (0,usage/* readTime */.aQ)(k.created_at);
        return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
    };
    const ordered = [...keys].sort((a, b) => time(b) - time(a));
    // Stryker disable next-line EqualityOperator: a fast path, as the filter below gives the same ids in the same order
    if (ordered.length <= count)
        return ordered.map((k) => k.id);
    const boundary = time(ordered[count - 1]);
    return ordered.filter((k, i) => i < count || time(k) === boundary).map((k) => k.id);
}
/**
 * Proves the new key with a read, and lists the keys with `lister`. A personal or organization key lists the keys
 * itself. A project-scoped key may not, so it reads its project, and the step's key lists the keys.
 */
async function proveKey(ctx, newClient, lister, target) {
    const proof = (read) => (0,retry/* retrying */.R$)(read, retry/* RETRY_POLICIES */.qW.keyProof, {
        clock: ctx.clock,
        deadline: newClient.deadline,
        interrupt: {
            signal: ctx.time.stopped,
            stop: (error, _n, delay) => new errors/* StepCancelled */.EI(`The runner cancelled the step while the new key waited ${(0,clock/* formatDuration */.a3)(delay)} to prove itself again: ${(0,errors/* messageOf */.bD)(error)}`),
        },
    });
    const { projectId } = target;
    if (projectId === undefined) {
        const keys = await proof(() => (0,usage/* listKeysMerged */.PT)(newClient, target.namespace));
        return { keys, message: `it listed ${keys.length} key(s)` };
    }
    await proof(() => (0,endpoints/* getProject */.U1)(newClient, projectId));
    return { keys: await (0,usage/* listKeysMerged */.PT)(lister, target.namespace), message: `it read project ${(0,base_text/* untrusted */.bp)(projectId)}` };
}

;// CONCATENATED MODULE: ./src/operations/waiter.ts









/** A poll round after the first sends at most this many requests (docs/rate-limits.md). */
const ROUND_REQUEST_BUDGET = 10;
const LIST_PAGES_PER_ROUND = 3;
const PAGE_SIZE = 100;
/**
 * How far back the idle gate reads, once. The list has no status filter, so a pending operation can sit behind
 * thousands of finished ones (docs/deploy-gates.md).
 */
const IDLE_WINDOW = { days: 7, records: 25_000, pages: 50 };
const waiter_DAY_MS = 86_400_000;
/** The latest record of each awaited operation. It logs a change of status, not each poll. */
class OperationTracker {
    records = new Map();
    /** Of two copies read in one round, the least settled wins, so a gate never passes on the other. */
    thisRound = new Set();
    /** With `on-failed: wait`: ids seen `failed`. */
    retried = new Set();
    warned = new Set();
    ctx;
    onFailed;
    constructor(ctx, onFailed) {
        this.ctx = ctx;
        this.onFailed = onFailed;
    }
    isEnd(status) {
        return (0,operations_status/* gateGroup */.v3)(status, this.onFailed) !== 'pending';
    }
    has(id) {
        return this.records.has(id);
    }
    update(operation) {
        const previous = this.records.get(operation.id);
        const { onFailed } = this;
        if (previous &&
            this.thisRound.has(operation.id) &&
            (0,operations_status/* settling */.Ni)(operation.status, onFailed) >= (0,operations_status/* settling */.Ni)(previous.status, onFailed))
            return;
        this.thisRound.add(operation.id);
        this.records.set(operation.id, operation);
        const waitedThrough = onFailed === 'wait' && operation.status === 'failed';
        if (waitedThrough)
            this.retried.add(operation.id);
        const failedAgain = waitedThrough && previous?.status === 'failed';
        if (previous?.status === operation.status && !(failedAgain && operation.failures_count > previous.failures_count))
            return;
        const change = failedAgain
            ? 'failed again'
            : previous
                ? `${(0,base_text/* untrusted */.bp)(previous.status)} → ${(0,base_text/* untrusted */.bp)(operation.status)}`
                : (0,base_text/* untrusted */.bp)(operation.status);
        const took = this.isEnd(operation.status) && previous ? ` after ${(0,clock/* formatDuration */.a3)((0,operations_status/* durationOf */.cf)(operation))}` : '';
        const failures = operation.failures_count > 0 && !waitedThrough
            ? ` (${operation.failures_count} failure${operation.failures_count > 1 ? 's' : ''})`
            : '';
        const retry = waitedThrough
            ? `. It ${describeFailureCount(operation)}, and ${describeRetry(operation)}: the gate waits until it ends.`
            : '';
        this.ctx.log.info(`${describeOperation(operation)}: ${change}${took}${failures}${retry}`);
        if (!(0,operations_status/* isKnownStatus */.ih)(operation.status) && !this.warned.has(operation.status)) {
            this.warned.add(operation.status);
            this.ctx.log.warning(`Operation ${(0,base_text/* untrusted */.bp)(operation.id)} has status ${(0,base_text/* quoted */.TL)(operation.status)}, which the action does not ` +
                'know. It counts as pending.');
        }
    }
    isDone(id) {
        const record = this.records.get(id);
        return record !== undefined && this.isEnd(record.status);
    }
    get(id) {
        return this.records.get(id);
    }
    all() {
        return [...this.records.values()];
    }
    pendingIds() {
        return this.all()
            .filter((o) => !this.isEnd(o.status))
            .map((o) => o.id);
    }
}
function waitForOperations(ctx, options) {
    return new Waiter(ctx, options).run();
}
class Waiter {
    ctx;
    options;
    tracker;
    pace;
    /** The awaited ids; undefined for `pending`. */
    awaited;
    branchId;
    /** The round each awaited operation was last read in. */
    lastRead = new Map();
    round = 0;
    started = 0;
    /** `pending`: the window, and every id read, to know where the head's new records end. */
    window = { records: 0, pages: 0, done: false };
    everRead = new Set();
    branchChecked = false;
    /** The log said the waiter slowed down. */
    slowed = false;
    /** Warnings already given, so a problem that lasts is one line, not one a poll. */
    noted = new Set();
    constructor(ctx, options) {
        this.ctx = ctx;
        this.options = options;
        this.tracker = new OperationTracker(ctx, options.onFailed);
        this.pace = new PollPace(options.pollIntervalMs, options.random);
        this.awaited = options.operations.kind === 'ids' ? options.operations.ids : undefined;
        this.branchId = options.operations.kind === 'pending' ? options.operations.branchId : undefined;
    }
    async run() {
        const { log } = this.ctx;
        this.started = this.ctx.clock.now();
        const every = (0,clock/* formatDuration */.a3)(this.options.pollIntervalMs);
        if (this.awaited?.length === 0) {
            log.info('Nothing to wait for: `operation-ids` is an empty list.');
            return this.outcome('finished', 0);
        }
        log.info(this.awaited
            ? `Waiting for ${this.awaited.length} operation(s) in project ${(0,base_text/* untrusted */.bp)(this.options.projectId)}, polling every ${every}.`
            : `Waiting until ${this.describeScope()} has no pending operation, polling every ${every}.`);
        // No wait before the first poll: a gate whose operations are done costs one round.
        for (;;) {
            let conclusive;
            try {
                conclusive = await this.pollThroughCongestion();
            }
            catch (error) {
                if (error instanceof CongestedToTheEnd) {
                    await this.sleep(error.delayMs);
                    return this.timedOut(this.round, error.congestion);
                }
                if (error instanceof OtherRecord)
                    return this.outcome('error', this.round, { failure: error.message });
                if (error instanceof UnreadableList)
                    return this.outcome('error', this.round, { failure: error.message });
                if (!(error instanceof http_errors/* RequestError */.G))
                    throw error;
                if (error.kind === 'deadline')
                    return this.timedOut(this.round, error);
                return this.couldNotFindOut(this.round, error);
            }
            if (conclusive && this.unfinished().length === 0)
                return this.settled(this.round);
            if (!(await this.sleep(this.answered())))
                return this.timedOut(this.round);
        }
    }
    /** After a 429, 503 or 423, polls again at the widened pace. A wait past the deadline ends there, timed out. */
    pollThroughCongestion() {
        const { clock, client } = this.ctx;
        const round = () => {
            this.round++;
            return this.poll();
        };
        return (0,retry/* retrying */.R$)(round, retry/* RETRY_POLICIES */.qW.congestedPoll(this.pace), {
            clock,
            deadline: () => client.deadline,
            onRetry: (error, _n, delay) => this.sayCongested(error, delay),
            outOfTime: (error, _n, delay) => {
                this.sayCongested(error, delay);
                return new CongestedToTheEnd(error, delay);
            },
        });
    }
    /** One poll round; false when it could not tell that nothing more is pending. */
    async poll() {
        const budget = { left: ROUND_REQUEST_BUDGET };
        this.tracker.thisRound.clear();
        if (this.awaited) {
            await this.pollAwaited(budget);
            return true;
        }
        if (this.branchId && !this.branchChecked) {
            // A branch id that names no branch would make an idle gate that always passes.
            budget.left--;
            await (0,endpoints/* getBranch */.d7)(this.ctx.client, this.options.projectId, this.branchId, 'wait');
            this.branchChecked = true;
        }
        return this.pollPending(budget);
    }
    async pollAwaited(budget) {
        let rest = this.unfinished();
        if (rest.length > 1) {
            const wanted = new Set(rest);
            const limit = Math.min(endpoints/* OPERATIONS_PAGE_LIMIT */.lZ, Math.max(PAGE_SIZE, rest.length * 4));
            await this.readPages(limit, undefined, LIST_PAGES_PER_ROUND, budget, (operations) => {
                for (const operation of operations.filter((o) => rest.includes(o.id))) {
                    wanted.delete(operation.id);
                    this.record(operation);
                }
                return wanted.size > 0;
            });
            rest = [...wanted];
        }
        // Older than the pages read, or not listed at all (a 404 then names them).
        rest.sort((a, b) => (this.lastRead.get(a) ?? 0) - (this.lastRead.get(b) ?? 0));
        if (rest.length > budget.left) {
            this.note('older', 'info', `${rest.length} operation(s) are not among the newest ones a poll lists. ` +
                `Each poll reads up to ${budget.left} of them one by one, the longest unread first.`);
        }
        for (const id of rest.slice(0, Math.max(0, budget.left)))
            await this.readOne(id, budget);
    }
    /** Idle only on a round that read the whole window, or the head down to known ground, and found nothing pending. */
    async pollPending(budget) {
        const seen = new Set();
        const conclusive = this.window.done ? await this.readHead(budget, seen) : await this.readWindow(seen);
        const unseen = this.tracker.pendingIds().filter((id) => !seen.has(id));
        unseen.sort((a, b) => (this.lastRead.get(a) ?? 0) - (this.lastRead.get(b) ?? 0));
        for (const id of unseen.slice(0, Math.max(0, budget.left)))
            await this.readOne(id, budget);
        return conclusive;
    }
    /** True only when the read began at the head: only then does it cover the records that arrived since. */
    async readWindow(seen) {
        const window = this.window;
        const fromHead = window.cursor === undefined;
        const end = await this.readPages(endpoints/* OPERATIONS_PAGE_LIMIT */.lZ, window.cursor, Infinity, { left: Infinity }, (page) => this.readWindowPage(page, seen), (cursor) => (window.cursor = cursor));
        if (end.reason === 'broken')
            throw new UnreadableList(`${end.message} ${this.notIdleBecause()}`);
        window.end ??= 'list';
        window.done = true;
        this.ctx.log.info(describeWindow(window, `project ${(0,base_text/* untrusted */.bp)(this.options.projectId)}`));
        return fromHead;
    }
    /** Takes one page of the window; false once the window ends. */
    readWindowPage(page, seen) {
        const window = this.window;
        window.pages++;
        window.records += page.length;
        for (const operation of page)
            this.consider(operation, seen);
        window.oldest = oldestOf(page, window.oldest);
        const times = page.map((o) => Date.parse(o.created_at));
        // The days count back from the newest record, not from the runner's clock, which may be off.
        window.since ??= Math.max(...times.filter(Number.isFinite)) - IDLE_WINDOW.days * waiter_DAY_MS;
        // A record whose date cannot be read counts as inside the window.
        if (page.length > 0 && times.every((t) => t < window.since))
            window.end = 'days';
        else if (window.records >= IDLE_WINDOW.records)
            window.end = 'records';
        else if (window.pages >= IDLE_WINDOW.pages)
            window.end = 'pages';
        return window.end === undefined;
    }
    /** Reads the newest records down to one read before. False when the round's budget ran out first. */
    async readHead(budget, seen) {
        let reachedKnown = false;
        const end = await this.readPages(PAGE_SIZE, undefined, Infinity, budget, (page) => {
            reachedKnown = page.some((o) => this.everRead.has(o.id));
            for (const operation of page)
                this.consider(operation, seen);
            return !reachedKnown;
        });
        if (end.reason === 'broken')
            throw new UnreadableList(`${end.message} ${this.notIdleBecause()}`);
        if (end.reason === 'page-limit') {
            this.note('head', 'warning', `More operations of project ${(0,base_text/* untrusted */.bp)(this.options.projectId)} started since the last poll than a poll reads. ` +
                'The project counts as idle only once a poll reaches operations it read before.');
        }
        return end.reason !== 'page-limit';
    }
    /** Tracks one it waits for already, or a pending one that counts. */
    consider(operation, seen) {
        seen.add(operation.id);
        this.everRead.add(operation.id);
        // An operation waited for stays so, even when a later copy names another branch: its end must be read.
        if (this.tracker.has(operation.id) || (this.counts(operation) && !this.tracker.isEnd(operation.status)))
            this.record(operation);
    }
    notIdleBecause() {
        return `The gate cannot tell whether ${this.describeScope()} is idle, so it does not pass.`;
    }
    /**
     * A short page is not the end: a service may cap the page size. Copies read before are passed on: the tracker
     * keeps the least settled.
     */
    async readPages(limit, from, maxPages, budget, onPage, onCursor = () => undefined) {
        const { projectId } = this.options;
        const guard = new paging/* PagingGuard */.m(from);
        let cursor = from;
        for (let page = 1;; page++) {
            budget.left--;
            const result = await (0,endpoints/* listOperations */.RT)(this.ctx.client, projectId, { limit, cursor }, 'wait');
            const fresh = guard.unseen(result.operations, (o) => o.id);
            if (result.operations.length > 0 && fresh.length === 0) {
                return this.broken('nothing-new', `The page of project ${(0,base_text/* untrusted */.bp)(projectId)}'s operations after cursor ${(0,base_text/* quoted */.TL)(cursor ?? '')} holds only ` +
                    'operations already read.');
            }
            if (!onPage(result.operations))
                return { reason: 'enough' };
            const next = result.cursor;
            if (result.operations.length === 0 || next === undefined || next === '')
                return { reason: 'end' };
            if (guard.repeated(next)) {
                return this.broken('repeated-cursor', `The platform handed out cursor ${(0,base_text/* quoted */.TL)(next)} twice while listing the operations of project ` +
                    `${(0,base_text/* untrusted */.bp)(projectId)}.`);
            }
            onCursor(next);
            if (page >= maxPages || budget.left <= 0)
                return { reason: 'page-limit', cursor: next };
            cursor = next;
        }
    }
    /** Waiting for ids, the poll warns and reads the rest one by one. */
    broken(key, message) {
        if (this.awaited)
            this.note(key, 'warning', `${message} This poll stops listing there.`);
        return { reason: 'broken', message };
    }
    async readOne(id, budget) {
        budget.left--;
        const operation = await (0,endpoints/* getOperation */.eu)(this.ctx.client, this.options.projectId, id, 'wait');
        // A record of another operation says nothing of this one. Waiting on would only end at the timeout.
        if (operation.id !== id) {
            throw new OtherRecord(`The platform answered the read of operation ${(0,base_text/* untrusted */.bp)(id)} with a record of operation ` +
                `${(0,base_text/* untrusted */.bp)(operation.id)}. The status of operation ${(0,base_text/* untrusted */.bp)(id)} is not known, ` +
                'so the gate does not pass. Check the `operation-ids` input, or report this to the platform.');
        }
        this.record(operation);
    }
    record(operation) {
        this.tracker.update(operation);
        this.lastRead.set(operation.id, this.round);
    }
    /** `pending` with `branch-id`: that branch's operations count, and those of the whole project. */
    counts(operation) {
        return (0,operations_status/* concernsBranch */.WO)(operation, this.branchId);
    }
    unfinished() {
        return this.awaited ? this.awaited.filter((id) => !this.tracker.isDone(id)) : this.tracker.pendingIds();
    }
    /** Congestion is no failure: it warns once, when it starts. */
    sayCongested(error, delay) {
        const asked = error.retryAfterMs === undefined ? '' : `, Retry-After ${(0,clock/* formatDuration */.a3)(error.retryAfterMs)}`;
        const line = `The platform answered ${error.status} (${describeAnswer(error.status)}${asked}; ` +
            `request id ${(0,base_text/* untrusted */.bp)(error.requestId ?? '')}). ` +
            `The waiter now polls every ${(0,clock/* formatDuration */.a3)(this.pace.intervalMs)}, ` +
            `and the next poll is in ${(0,clock/* formatDuration */.a3)(delay)}.`;
        if (this.slowed)
            this.ctx.log.debug(line);
        else
            this.ctx.log.warning(line);
        this.slowed = true;
    }
    answered() {
        const delay = this.pace.afterAnswer();
        if (this.slowed && !this.pace.widened) {
            const every = (0,clock/* formatDuration */.a3)(this.pace.baseMs);
            this.ctx.log.info(`The platform answers again, so the waiter polls every ${every} again.`);
            this.slowed = false;
        }
        return delay;
    }
    /** Never past the deadline. False once it is reached. */
    async sleep(ms) {
        const { clock, client } = this.ctx;
        const left = client.deadline - clock.now();
        if (left <= 0)
            return false;
        if (ms > 0)
            await clock.sleep(Math.min(ms, left));
        return clock.now() < client.deadline;
    }
    note(key, level, message) {
        if (this.noted.has(key))
            this.ctx.log.debug(message);
        else
            this.ctx.log[level](message);
        this.noted.add(key);
    }
    describeScope() {
        return this.branchId
            ? `branch ${(0,base_text/* untrusted */.bp)(this.branchId)} of project ${(0,base_text/* untrusted */.bp)(this.options.projectId)}`
            : `project ${(0,base_text/* untrusted */.bp)(this.options.projectId)}`;
    }
    /** The records in the order of `operation-ids`, or as found for `pending`. */
    records() {
        if (!this.awaited)
            return this.tracker.all();
        return this.awaited.flatMap((id) => this.tracker.get(id) ?? []);
    }
    outcome(status, rounds, extra = {}) {
        const operations = this.records();
        const pending = status === 'finished' || status === 'failed' ? [] : this.unfinished();
        const failed = operations.filter((o) => (0,operations_status/* gateGroup */.v3)(o.status, this.options.onFailed) === 'failure');
        const retried = operations.filter((o) => this.tracker.retried.has(o.id));
        const window = this.awaited ? {} : { window: { ...this.window } };
        return { status, operations, failed, retried, pending, rounds, ...window, ...extra };
    }
    settled(rounds) {
        const outcome = this.outcome('finished', rounds);
        if (outcome.failed.length > 0) {
            return { ...outcome, status: 'failed', failure: describeFailures(outcome.failed, outcome.operations.length) };
        }
        const elapsed = (0,clock/* formatDuration */.a3)(this.ctx.clock.now() - this.started);
        this.ctx.log.info(outcome.operations.length === 0
            ? `${(0,base_text/* untrusted */.bp)(capitalised(this.describeScope()))} has no pending operation.`
            : `All ${outcome.operations.length} operation(s) succeeded after ${elapsed}.`);
        return outcome;
    }
    timedOut(rounds, cause) {
        const left = this.unfinished();
        const still = left.slice(0, MAX_NAMED_OPERATIONS).map((id) => {
            const record = this.tracker.get(id);
            if (!record)
                return `operation ${(0,base_text/* untrusted */.bp)(id, 80)} was not read yet`;
            if (record.status === 'failed') {
                return `${describeOperation(record)} is failed: it ${describeFailureCount(record)} and was not finished within \`timeout\`, and ${describeRetry(record)}`;
            }
            return `${describeOperation(record)} is ${(0,base_text/* untrusted */.bp)(record.status, 40)}`;
        });
        if (left.length > still.length)
            still.push(`and ${left.length - still.length} more (\`pending-operation-ids\` has them all)`);
        let hint = '';
        if (cause?.kind === 'deadline')
            hint = ` ${cause.message}`;
        else if (cause) {
            const asked = cause.retryAfterMs === undefined ? '' : ` and asked to wait ${(0,clock/* formatDuration */.a3)(cause.retryAfterMs)}`;
            hint = ` The platform's last answer was ${cause.status}${asked} (request id ${(0,base_text/* untrusted */.bp)(cause.requestId ?? '')}).`;
        }
        const reason = left.length > 0
            ? `${left.length} operation(s) not finished: ${(0,base_text/* untrusted */.bp)(still.join('; '), Number.POSITIVE_INFINITY)}`
            : `${this.describeScope()} not known to be idle: ${this.window.done
                ? 'more operations started than a poll reads'
                : `it read ${this.window.records.toLocaleString('en')} operation(s), not to the end of the window`}`;
        return this.outcome('timed-out', rounds, {
            failure: `The step's \`timeout\` of ${(0,clock/* formatDuration */.a3)(this.options.timeoutMs)} ran out with ${reason}.${hint}`,
            failedRequest: cause?.status === undefined ? undefined : cause,
        });
    }
    /** `error`: a request failed in a way that waiting cannot mend. */
    couldNotFindOut(rounds, error) {
        return this.outcome('error', rounds, { failure: error.message, failedRequest: error });
    }
}
/** An answer the waiter waits out (429, 503, 423), in words. */
function describeAnswer(status) {
    if (status === 429)
        return 'too many requests';
    if (status === 423)
        return 'locked: another operation holds the project';
    return 'unavailable';
}
/** The next poll after congestion would come past the deadline. */
class CongestedToTheEnd {
    congestion;
    delayMs;
    constructor(congestion, delayMs) {
        this.congestion = congestion;
        this.delayMs = delayMs;
    }
}
/** The platform answered the read of one operation with a record of another. */
class OtherRecord extends Error {
}
/** The idle gate's listing repeated a cursor or a page: what it did not read may hold a pending operation. */
class UnreadableList extends Error {
}
function oldestOf(page, known) {
    let oldest = known;
    for (const { created_at } of page)
        if (oldest === undefined || Date.parse(created_at) < Date.parse(oldest))
            oldest = created_at;
    return oldest;
}
function describeWindowEnd(end) {
    if (end === 'days')
        return `the window's ${IDLE_WINDOW.days} days`;
    if (end === 'records')
        return `the window's ${IDLE_WINDOW.records.toLocaleString('en')} records`;
    if (end === 'pages')
        return `the window's ${IDLE_WINDOW.pages} pages`;
    return 'the whole list';
}
/** "Read 2,000 operations of project p-1, back to 2026-12-05 10:00 UTC: the whole list." */
function describeWindow(window, where) {
    const back = window.oldest === undefined ? '' : `, back to ${(0,base_text/* untrusted */.bp)((0,summary/* formatDate */.Yq)(window.oldest))}`;
    const reason = window.done ? describeWindowEnd(window.end) : 'not to the end of the window';
    return `Read ${window.records.toLocaleString('en')} operation(s) of ${where}${back}: ${reason}.`;
}
/** "failed 2 times", or "failed" when the record counts no failure. */
function describeFailureCount(operation) {
    const n = operation.failures_count;
    return n > 0 ? `failed ${n} time${n > 1 ? 's' : ''}` : 'failed';
}
/** "the platform may retry it (retry_at …)" */
function describeRetry(operation) {
    const at = operation.retry_at ? ` (retry_at ${(0,base_text/* untrusted */.bp)(operation.retry_at, 40)})` : '';
    return `the platform may retry it${at}`;
}
/** An error names at most this many; the outputs have them all. Each value is cut too, so it stays about 2 kB. */
const MAX_NAMED_OPERATIONS = 5;
function describeOperation(operation) {
    return `${(0,base_text/* untrusted */.bp)(operation.action, 80)} ${(0,base_text/* untrusted */.bp)(operation.id, 80)} on ${(0,operations_status/* describePlace */.df)(operation, 80)}`;
}
function describeFailures(failed, total) {
    const lines = failed.slice(0, MAX_NAMED_OPERATIONS).map((o) => {
        const what = `${(0,base_text/* untrusted */.bp)(o.id, 80)} (${(0,base_text/* untrusted */.bp)(o.action, 80)}, ${(0,operations_status/* describePlace */.df)(o, 80)})`;
        let text = `${what}: ${(0,base_text/* untrusted */.bp)(o.status, 40)}, failures_count ${o.failures_count}`;
        if (o.error)
            text += `, error ${(0,base_text/* quoted */.TL)(o.error, 120)}`;
        return text;
    });
    if (failed.length > lines.length)
        lines.push(`and ${failed.length - lines.length} more (\`failed-operation-ids\` has them all)`);
    return `${failed.length} of ${total} operation(s) did not succeed: ${(0,base_text/* untrusted */.bp)(lines.join('; '), Number.POSITIVE_INFINITY)}.`;
}
function capitalised(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

;// CONCATENATED MODULE: ./src/commands/wait-for-operations.ts





/**
 * wait-for-operations: the deploy gate. It waits until the operations are done (operations/waiter.ts).
 * It fails naming each one that ended badly, and sets every output before it fails.
 */
const STATUS_LABEL = { success: '✅', failure: '❌', pending: '⏳' };
const TITLES = {
    finished: 'Operations finished',
    failed: 'Operations failed',
    'timed-out': 'Timed out waiting for operations',
    error: 'Could not find out whether the operations finished',
};
async function runWaitForOperations(ctx, options) {
    const outcome = await waitForOperations(ctx, options);
    const rows = outcome.operations.map((o) => [
        { code: o.id },
        o.action,
        o.branch_id,
        o.endpoint_id,
        `${STATUS_LABEL[(0,operations_status/* gateGroup */.v3)(o.status, options.onFailed)]} ${o.status}`,
        (0,clock/* formatDuration */.a3)((0,operations_status/* durationOf */.cf)(o)),
        (0,summary/* formatDate */.Yq)(o.created_at),
    ]);
    const where = options.operations.kind === 'pending' && options.operations.branchId
        ? `branch ${(0,base_text/* untrusted */.bp)(options.operations.branchId)} of project ${(0,base_text/* untrusted */.bp)(options.projectId)}`
        : `project ${(0,base_text/* untrusted */.bp)(options.projectId)}`;
    return {
        outputs: {
            operations: JSON.stringify(outcome.operations),
            status: outcome.status,
            'failed-operation-ids': JSON.stringify(outcome.failed.map((o) => o.id)),
            'pending-operation-ids': JSON.stringify(outcome.pending),
        },
        summary: (0,summary/* heading */.R_)(`${TITLES[outcome.status]}: ${where}`) +
            (0,summary/* paragraph */.FY)(whatHappened(outcome, options)) +
            (outcome.window ? (0,summary/* paragraph */.FY)(describeWindow(outcome.window, `project ${(0,base_text/* untrusted */.bp)(options.projectId)}`)) : '') +
            retriedLines(outcome) +
            (rows.length ? (0,summary/* table */.tp)(['operation', 'action', 'branch', 'compute', 'status', 'duration', 'date'], rows) : ''),
        failure: outcome.failure,
        failedRequest: outcome.failedRequest,
        ...(wait_for_operations_NEXT[outcome.status] === undefined ? {} : { next: wait_for_operations_NEXT[outcome.status] }),
    };
}
/** What to do after a wait that failed on what it found. For `error`, the failed request says what to do. */
const wait_for_operations_NEXT = {
    failed: "The table below gives each operation's last status, and the console gives its error. " +
        'Fix the cause and run the job again. A later step can read `failed-operation-ids`.',
    'timed-out': 'Raise the `timeout` input, or wait on in a later step: `pending-operation-ids` lists the operations still pending.',
};
/** An error or summary names at most this many operations; the outputs have them all. */
const MAX_NAMED = 5;
/**
 * With `on-failed: wait`, one line for each operation the gate saw `failed`: how many times it failed, that the platform
 * may retry it, and where it ended.
 */
function retriedLines(outcome) {
    const lines = outcome.retried.slice(0, MAX_NAMED).map((o) => {
        const what = ` (${(0,base_text/* untrusted */.bp)(o.action, 80)}, ${(0,operations_status/* describePlace */.df)(o, 80)}) ${describeFailureCount(o)}`;
        const end = o.status === 'failed'
            ? `, and ${describeRetry(o)}. It was still failed when the step ended.`
            : `, was retried by the platform, and ended ${(0,base_text/* untrusted */.bp)(o.status, 40)}.`;
        return (0,summary/* paragraph */.FY)('Operation ', { code: o.id }, what + end);
    });
    const more = outcome.retried.length - lines.length;
    return lines.join('') + (more > 0 ? (0,summary/* paragraph */.FY)(`And ${more} more.`) : '');
}
/**
 * The value of `status`. A failed step's summary has the failure and what to do right below its heading, so this
 * line says nothing more for it, and never that all may be well.
 */
function whatHappened(outcome, options) {
    switch (outcome.status) {
        case 'finished':
            if (outcome.operations.length > 0)
                return 'Status finished: every operation succeeded.';
            return options.operations.kind === 'ids'
                ? 'Status finished: no operation to wait for.'
                : 'Status finished: no pending operation.';
        case 'error':
            return outcome.operations.length > 0
                ? 'Status error. The statuses below are the last ones read.'
                : 'Status error.';
        default:
            return `Status ${outcome.status}.`;
    }
}

;// CONCATENATED MODULE: ./src/commands/registry.ts
/**
 * The one table of commands. action.yml, the sub-actions, the dispatch and the docs' tables come from it, or a test
 * checks them against it. Settings are read before any request, so every input error comes first. Adding a command:
 * docs/developing.md.
 */















/** A row of the table, typed by its settings. */
function command(definition) {
    return definition;
}
const NOT_A_SECRET = 'create-key never stores the new key in a secret. To keep a key in a GitHub Actions secret, use rotate-key with `secret-name`; ' +
    'or pass the `key` output on yourself.';
const COMMANDS = {
    'create-key': command({
        outputs: ['key', 'key-id', 'expires-at', 'org-id'],
        postStep: true,
        inputs: ['key-name', 'revoke-after-job', 'expires-in', 'org-id', 'project-id'],
        refused: { 'secret-name': NOT_A_SECRET, 'secret-environment': NOT_A_SECRET, 'secret-targets': NOT_A_SECRET },
        settings: (read) => {
            const keyName = (0,values/* requireInput */.oN)((0,values/* readKeyName */.x9)(read), 'create-key needs `key-name`.');
            const revokeAfterJob = (0,values/* readBoolean */.Vf)(read, 'revoke-after-job');
            const expiresInMs = (0,keys/* readExpiresIn */.eQ)(read, revokeAfterJob);
            if (expiresInMs !== undefined)
                (0,keys/* checkRoomForExpiry */.yc)(keyName, revokeAfterJob && !read('expires-in').trim());
            return {
                keyName,
                revokeAfterJob,
                ...(expiresInMs === undefined ? {} : { expiresInMs }),
                orgId: (0,values/* readOrgId */.cZ)(read),
                projectId: (0,values/* readOptionalProjectId */.Le)(read),
            };
        },
        run: runCreateKey,
    }),
    'revoke-key': command({
        outputs: ['revoked-key-ids', 'org-id'],
        inputs: ['key-id', 'key-name', 'org-id'],
        refused: {
            // A user may expect "by name within a project", but every key of that name would go.
            'project-id': "revoke-key revokes by `key-id` or `key-name` only. Set `org-id` to act on an organization's keys, project-scoped ones included.",
            'unused-for': 'revoke-key revokes the keys it names, whether or not they are used. To revoke only keys unused for a while, use prune-keys.',
            'max-revoke': 'revoke-key revokes every key it names, with no limit. To revoke keys within a limit, use prune-keys.',
            'keep-previous': 'revoke-key keeps none of the keys it names. To keep the newest keys of a name valid, use rotate-key.',
            'expected-creators': 'revoke-key revokes every key it names, whoever made it. To revoke the keys made by someone who left the organization, use prune-keys.',
        },
        settings: (read) => {
            const keyId = (0,values/* readKeyId */.jN)(read);
            const keyName = (0,values/* readKeyName */.x9)(read);
            if (keyId !== undefined && keyName !== undefined) {
                throw new errors/* InputError */.dz('Inputs `key-id` and `key-name` were both given to revoke-key: give one, the id of one key or the name of the keys to revoke.');
            }
            if (keyId === undefined && keyName === undefined) {
                throw new errors/* InputError */.dz('revoke-key needs `key-id` (the id of one key) or `key-name` (revokes every key with exactly that name).');
            }
            return { keyId, keyName, orgId: (0,values/* readOrgId */.cZ)(read) };
        },
        run: runRevokeKey,
    }),
    'list-keys': command({
        outputs: ['keys', 'keys-file', 'unexpected-use-key-ids', 'unexpected-creator-key-ids', 'org-id'],
        inputs: [
            'org-id',
            'key-name',
            'expected-networks',
            'fail-on-unexpected-use',
            'github-token',
            'expected-creators',
            'fail-on-unexpected-creator',
        ],
        settings: keys/* readListKeysSettings */.Uz,
        run: runListKeys,
    }),
    'list-projects': command({
        outputs: ['projects', 'projects-file', 'project-ids', 'org-id'],
        inputs: ['org-id', 'search'],
        settings: (read) => ({ orgId: (0,values/* readOrgId */.cZ)(read), search: (0,values/* readSearch */.j7)(read) }),
        run: runListProjects,
    }),
    'wait-for-operations': command({
        outputs: ['operations', 'status', 'failed-operation-ids', 'pending-operation-ids'],
        inputs: ['project-id', 'operation-ids', 'branch-id', 'poll-interval', 'on-failed'],
        settings: (read) => ({
            projectId: (0,values/* readProjectId */.bS)(read, 'wait-for-operations needs `project-id`: the id of the project whose operations to wait for.'),
            operations: (0,operations/* readOperationSelection */.c1)(read),
            onFailed: (0,operations/* readOnFailed */.lM)(read),
            pollIntervalMs: (0,values/* readSeconds */.UW)(read, 'poll-interval', operations/* DEFAULT_POLL_INTERVAL_SECONDS */.Ou, operations/* MIN_POLL_INTERVAL_SECONDS */.vD, operations/* MAX_POLL_INTERVAL_SECONDS */.Nd) * 1000,
        }),
        run: runWaitForOperations,
    }),
    'rotate-key': command({
        outputs: ['key', 'key-id', 'expires-at', 'revoked-key-ids', 'secret-results', 'org-id'],
        postStep: true,
        inputs: [
            'key-name',
            'key-id',
            'secret-name',
            'secret-environment',
            'secret-targets',
            'secret-visibility',
            'secret-repositories',
            'github-token',
            'keep-previous',
            'org-id',
            'project-id',
        ],
        refused: {
            'revoke-after-job': 'a rotated key stays valid until the next rotation replaces it. `revoke-after-job` is for create-key, whose key lives for one job.',
            'expires-in': 'a rotated key stays valid until the next rotation replaces it. `expires-in` is for create-key.',
        },
        settings: (read, runner) => {
            const secrets = (0,inputs_secrets/* readSecretStorage */.i)(read, runner);
            const githubApiUrl = secrets && (0,urls/* readGitHubApiUrl */.p5)(runner.apiUrl, runner.proxies);
            const keyName = (0,values/* readKeyName */.x9)(read) ?? (secrets && defaultRotationKeyName(secrets));
            if (keyName === undefined) {
                throw new errors/* InputError */.dz('rotate-key without `secret-name` needs `key-name`: the name of the keys to rotate. With `secret-name` it defaults to a name unique to the targets and the secret.');
            }
            return {
                keyName,
                keyId: (0,values/* readKeyId */.jN)(read),
                secrets,
                githubApiUrl,
                keepPrevious: (0,keys/* readKeepPrevious */.$R)(read),
                orgId: (0,values/* readOrgId */.cZ)(read),
                projectId: (0,values/* readOptionalProjectId */.Le)(read),
            };
        },
        run: runRotateKey,
    }),
    'prune-keys': command({
        outputs: ['revoked-key-ids', 'prunable-key-ids', 'unexpected-use-key-ids', 'unexpected-creator-key-ids', 'org-id'],
        inputs: [
            'key-name',
            'unused-for',
            'dry-run',
            'max-revoke',
            'org-id',
            'expected-networks',
            'github-token',
            'expected-creators',
        ],
        refused: {
            'fail-on-unexpected-creator': 'prune-keys never fails on the keys it selects: it lists them, and with `dry-run: false` revokes them. ' +
                'To fail a step on keys made by someone who left, use list-keys with `expected-creators`.',
            'key-id': 'prune-keys selects keys by name, expiry and use, never by id. To revoke one key by its id, use revoke-key.',
            'project-id': "prune-keys works on the personal keys of the step's user, or with `org-id` on an organization's keys, project-scoped ones included. " +
                'Narrow it with `key-name` (a name prefix).',
            'expires-in': 'prune-keys always selects the keys whose names say they have expired. ' +
                'To select keys by how long they have not been used, set `unused-for`.',
        },
        settings: (read, runner) => (0,keys/* readPruneKeysSettings */.AM)(read, runner),
        run: runPruneKeys,
    }),
    'list-operations': command({
        outputs: [
            'operations',
            'operations-file',
            'operation-count',
            'status-counts',
            'incomplete-project-ids',
            'failed-operation-ids',
            'org-id',
        ],
        inputs: [
            'project-id',
            'project-ids',
            'org-id',
            'branch-id',
            'since',
            'max-operations',
            'operation-statuses',
            'operation-actions',
            'fail-on-status',
        ],
        refused: {
            'operation-ids': 'list-operations lists operations by project, `since`, status and action, and never waits. To wait for operations, use wait-for-operations.',
            'poll-interval': 'list-operations reads each list once and never polls. To wait until operations are done, use wait-for-operations.',
        },
        settings: (read) => (0,operations/* readListOperationsSettings */.s8)(read),
        run: runListOperations,
    }),
};
/** The outputs every command may set, whatever it is. */
const COMMON_OUTPUTS = (/* unused pure expression or super */ null && (['http-status', 'error-code', 'request-id', 'outputs-file']));
const COMMAND_NAMES = Object.keys(COMMANDS);


/***/ }),

/***/ 6584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   jh: () => (/* binding */ GitHubClient),
/* harmony export */   xw: () => (/* binding */ DEFAULT_GITHUB_API_URL)
/* harmony export */ });
/* unused harmony export GITHUB */
/* harmony import */ var _base_version_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2301);
/* harmony import */ var _http_answers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5442);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8549);
/* harmony import */ var _http_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8902);
/* harmony import */ var _http_transport_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1517);





/** When the runner does not set GITHUB_API_URL. */
const DEFAULT_GITHUB_API_URL = 'https://api.github.com';
const API_VERSION = '2022-11-28';
/** GitHub's JSON `message`, request id header and rate limits. */
const GITHUB = {
    name: 'GitHub',
    redirectHint: 'the action does not follow redirects with the token. A repository that was renamed or moved must be named as it is now.',
    emptySuccess: true,
    notCarriedOut: new Set(),
    readError: (body, headers, status, now) => {
        const serviceMessage = typeof body?.message === 'string' && body.message !== '' ? body.message : undefined;
        // Quoted in `secret-results` and the summary, so only a short token is kept.
        const requestId = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(headers['x-github-request-id']);
        const reset = Number((0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(headers['x-ratelimit-reset']));
        const exhausted = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(headers['x-ratelimit-remaining']) === '0';
        return {
            serviceMessage,
            requestId: (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .isRequestId */ .hP)(requestId) ? requestId : undefined,
            retryAfterMs: (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)((0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(headers['retry-after']), now) ??
                (exhausted && Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) : undefined),
            rateLimited: status === 429 || (status === 403 && (exhausted || /rate limit/i.test(serviceMessage ?? ''))),
        };
    },
};
class GitHubClient {
    origin;
    basePath;
    token;
    clock;
    connections;
    constructor(options) {
        const base = new URL(options.apiUrl);
        this.origin = base.origin;
        this.basePath = base.pathname.replace(/\/+$/, '');
        this.token = options.token;
        this.clock = options.clock;
        this.connections = options.connections;
    }
    /**
     * `deadline` is a function when a cancel may move it. `stopped` ends a wait to send it again, and `cut` an attempt
     * in flight. `bodyLimit` refuses a larger answer unread.
     */
    get(path, deadline, options = {}) {
        const by = typeof deadline === 'function' ? deadline : () => deadline;
        const { stopped, bodyLimit } = options;
        const attempt = async () => {
            const cut = options.cut?.();
            try {
                return await this.send({ method: 'GET', path, bodyLimit }, by(), cut?.signal);
            }
            finally {
                cut?.clear();
            }
        };
        return (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retrying */ .R$)(attempt, _http_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .RETRY_POLICIES */ .qW.github, {
            clock: this.clock,
            deadline: by,
            ...(stopped ? { interrupt: { signal: stopped } } : {}),
        });
    }
    /** Never sent again here: the caller decides a write's retries. */
    put(path, body, deadline, cut) {
        return this.send({ method: 'PUT', path, body }, deadline, cut);
    }
    /** Cut off after its own 30 s, at `deadline`, or by `cut`. Nothing is sent past `deadline`. */
    async send(call, deadline, cut) {
        const headers = {
            accept: 'application/vnd.github+json',
            'x-github-api-version': API_VERSION,
            'user-agent': _base_version_js__WEBPACK_IMPORTED_MODULE_4__/* .USER_AGENT */ ._,
        };
        if (this.token !== undefined)
            headers.authorization = `Bearer ${this.token}`;
        const body = call.body === undefined ? undefined : JSON.stringify(call.body);
        if (body !== undefined)
            headers['content-type'] = 'application/json';
        const request = { method: call.method, path: this.basePath + call.path, headers, body, bodyLimit: call.bodyLimit };
        const base = { kind: 'network', method: call.method, path: call.path };
        const time = { clock: this.clock, deadline, requestTimeoutMs: _http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .REQUEST_TIMEOUT_MS */ .j2, cut };
        const attempt = await (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .sendAttempt */ .ob)(this.connections, this.origin, request, time);
        if (!attempt.sent)
            throw new _http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .RequestError */ .G("the step's timeout ran out before the request was sent.", { ...base, kind: 'deadline' });
        const answer = (0,_http_answers_js__WEBPACK_IMPORTED_MODULE_0__/* .readAnswer */ .JN)(attempt, base, GITHUB, this.clock.now());
        if (!answer.ok)
            throw answer.error;
        return { status: answer.status, body: answer.body };
    }
}


/***/ }),

/***/ 551:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XL: () => (/* binding */ describeAsSentence),
/* harmony export */   dZ: () => (/* binding */ describeGitHubError),
/* harmony export */   eV: () => (/* binding */ describeRetry),
/* harmony export */   gI: () => (/* binding */ GITHUB_REFUSALS)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _http_answers_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5442);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8549);
// GitHub's answers, in words a user can act on.




/** Why a write is sent again, or would have been. */
function describeRetry(error, target) {
    if (!(error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .RequestError */ .G))
        return (0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(error);
    if (error.rateLimited)
        return `GitHub's rate limit refused it (${error.status} ${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_2__/* .describeServiceWords */ .a2)(error)})`;
    return describeGitHubError(error, target).replace(/\.$/, '');
}
/** For a secret target, a 403 names the permission its token needs. `next` is what the job summary says to do. */
const GITHUB_REFUSALS = {
    401: {
        describe: (error) => {
            const words = (0,_http_answers_js__WEBPACK_IMPORTED_MODULE_2__/* .describeServiceWords */ .a2)(error);
            return `GitHub refused the token (401 ${words}). Check the \`github-token\` input.`;
        },
        next: _http_answers_js__WEBPACK_IMPORTED_MODULE_2__/* .CHANGE_AND_RUN_AGAIN */ .al,
    },
    403: {
        describe: (error, target) => error.rateLimited
            ? `GitHub's secondary rate limit refused it (403 ${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_2__/* .describeServiceWords */ .a2)(error)}). Run the rotation again later.`
            : `${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_2__/* .describeRequestFailure */ .Tp)(error)}. ${target ? describePermission(target) : 'The token may not read that.'}`,
        next: _http_answers_js__WEBPACK_IMPORTED_MODULE_2__/* .CHANGE_AND_RUN_AGAIN */ .al,
    },
    /** `notFound` as the sentence names it: "the repository", "it". */
    404: {
        describe: (notFound) => `GitHub answered 404: ${notFound} does not exist, or the token cannot see it.`,
        next: _http_answers_js__WEBPACK_IMPORTED_MODULE_2__/* .CHANGE_AND_RUN_AGAIN */ .al,
    },
};
function describeGitHubError(error, target) {
    switch ((0,_http_answers_js__WEBPACK_IMPORTED_MODULE_2__/* .refusalOf */ .Of)(error)) {
        case 401:
            return GITHUB_REFUSALS[401].describe(error);
        case 403:
            return GITHUB_REFUSALS[403].describe(error, target);
        case 404:
            return GITHUB_REFUSALS[404].describe(`the ${target ? NEEDS[target.kind][2] : 'resource'}`);
        default:
            return `${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_2__/* .describeRequestFailure */ .Tp)(error)}.`;
    }
}
const NEEDS = {
    repository: ['Secrets', 'repository', 'repository'],
    environment: ['Environments', 'repository', 'repository or environment'],
    dependabot: ['Dependabot secrets', 'repository', 'repository'],
    organization: ['Secrets', 'organization', 'organization'],
    'dependabot-organization': ['Dependabot secrets', 'organization', 'organization'],
};
function describePermission(target) {
    const [permission, on] = NEEDS[target.kind];
    return (`The token needs the ${on} permission "${permission}: read and write" (a fine-grained token, or a GitHub App ` +
        `installed on the ${on}). The default GITHUB_TOKEN cannot write secrets.`);
}
/** For a table cell: capitalised, with a full stop. The clause is already safe text. */
function describeAsSentence(clause) {
    const text = /[.!?]$/.test(clause) ? clause : `${clause}.`;
    return (0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(`${text.charAt(0).toUpperCase()}${text.slice(1)}`, Number.POSITIVE_INFINITY);
}


/***/ }),

/***/ 5617:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z3: () => (/* binding */ targetText),
/* harmony export */   ff: () => (/* binding */ describeTarget),
/* harmony export */   hp: () => (/* binding */ isOrganizationTarget),
/* harmony export */   jZ: () => (/* binding */ VISIBILITIES)
/* harmony export */ });
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);
/**
 * Where rotate-key stores the new key. Only types and names: the inputs read them at every start, and the code that
 * writes secrets loads only when a rotation stores one.
 */

const VISIBILITIES = ['all', 'private', 'selected'];
/** As `secret-targets` spells it and outputs name it. */
function targetText(target) {
    switch (target.kind) {
        case 'repository':
            return `${target.owner}/${target.repo}`;
        case 'environment':
            return `${target.owner}/${target.repo}:${target.environment}`;
        case 'organization':
            return `org:${target.org}`;
        case 'dependabot':
            return `dependabot:${target.owner}/${target.repo}`;
        case 'dependabot-organization':
            return `dependabot:org:${target.org}`;
    }
}
/** For log lines: "repository octo-org/api". */
function describeTarget(target) {
    switch (target.kind) {
        case 'repository':
            return `repository ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(`${target.owner}/${target.repo}`)}`;
        case 'environment':
            return `environment ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .quoted */ .TL)(target.environment, 80)} of ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(`${target.owner}/${target.repo}`)}`;
        case 'organization':
            return `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(target.org)}`;
        case 'dependabot':
            return `Dependabot secrets of ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(`${target.owner}/${target.repo}`)}`;
        case 'dependabot-organization':
            return `Dependabot secrets of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(target.org)}`;
    }
}
/** These say on every write who may read them. */
function isOrganizationTarget(target) {
    return target.kind === 'organization' || target.kind === 'dependabot-organization';
}


/***/ }),

/***/ 5442:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  al: () => (/* binding */ CHANGE_AND_RUN_AGAIN),
  Ng: () => (/* binding */ describeRequest),
  Tp: () => (/* binding */ describeRequestFailure),
  a2: () => (/* binding */ describeServiceWords),
  JN: () => (/* binding */ readAnswer),
  Of: () => (/* binding */ refusalOf)
});

// UNUSED EXPORTS: excerptOf

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
// EXTERNAL MODULE: ./src/base/clock.ts
var clock = __webpack_require__(6412);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/http/proxy.ts
var http_proxy = __webpack_require__(7856);
;// CONCATENATED MODULE: ./src/http/certificates.ts
// Explains a TLS certificate that Node refused in words a user can act on, naming NODE_EXTRA_CA_CERTS where it helps.


/** No authority Node trusts signed it: NODE_EXTRA_CA_CERTS is for this case. */
const UNTRUSTED_CERTIFICATE = new Set([
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'CERT_UNTRUSTED',
    'INVALID_CA',
]);
const OUT_OF_DATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const WRONG_NAME = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH']);
/** OpenSSL's other verification codes, and Node's own. */
const CERTIFICATE_CODE = /^(?:[A-Z_]*CERT[A-Z_]*|ERR_TLS_CERT_[A-Z_]+)$/;
/**
 * Undefined when the error is not about a certificate. After a failed connection to the proxy (a ProxyTunnelError),
 * the certificate is the proxy's own; otherwise the proxy may be the one that inspects TLS.
 */
function describeCertificateError(cause, origin, route, env) {
    const found = certificateCode(cause);
    if (found === undefined)
        return undefined;
    const code = (0,base_text/* untrusted */.bp)(found);
    const proxysOwn = route !== undefined && cause instanceof http_proxy/* ProxyTunnelError */.Ng;
    const url = new URL(origin);
    const host = proxysOwn
        ? `the proxy ${(0,base_text/* untrusted */.bp)(route.display)} (from ${route.variable})`
        : (0,base_text/* untrusted */.bp)(`${url.hostname}:${url.port === '' ? http_proxy/* DEFAULT_PORTS */.J2[url.protocol] : url.port}`);
    const extra = (env.NODE_EXTRA_CA_CERTS ?? '').trim() !== '';
    const through = route && !proxysOwn
        ? ` The connection went through the proxy ${(0,base_text/* untrusted */.bp)(route.display)}, which may be the one that inspects TLS.`
        : '';
    if (UNTRUSTED_CERTIFICATE.has(found)) {
        const fix = extra
            ? 'NODE_EXTRA_CA_CERTS is set, but no certificate in that file signed it. ' +
                'Check that the file holds your network’s root certificate authority in PEM, ' +
                'and that the runner can read it. ' +
                'Node reads the file once, when the step starts.'
            : 'If your network inspects TLS with its own certificate authority, save that authority’s certificate (PEM) ' +
                'on the runner and name the file in NODE_EXTRA_CA_CERTS.';
        const what = `The TLS certificate of ${host} is not signed by a certificate authority Node trusts (${code}).`;
        return `${what} ${fix}${through}`;
    }
    if (OUT_OF_DATE.has(found)) {
        const when = found === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is not valid yet';
        return (`The TLS certificate of ${host} ${when} (${code}). Check the runner's clock, or have the certificate renewed. ` +
            `NODE_EXTRA_CA_CERTS only adds trusted authorities, so it cannot help here.${through}`);
    }
    if (WRONG_NAME.has(found)) {
        const check = proxysOwn ? `the host in ${route.variable}` : 'the host in the URL';
        return (`The TLS certificate of ${host} is not for that host name (${code}). Check ${check}. ` +
            `NODE_EXTRA_CA_CERTS adds trusted authorities, not names.${through}`);
    }
    if (found === 'CERT_REVOKED')
        return `The TLS certificate of ${host} has been revoked (${code}).${through}`;
    return (`The TLS certificate of ${host} could not be verified (${code}). If your network uses its own certificate ` +
        `authority, name its certificate (PEM) in NODE_EXTRA_CA_CERTS.${through}`);
}
/** On the error or its causes. */
function certificateCode(cause) {
    for (let error = cause, depth = 0; depth < 3 && typeof error === 'object' && error !== null; depth++) {
        const { code } = error;
        if (typeof code === 'string' &&
            (UNTRUSTED_CERTIFICATE.has(code) || WRONG_NAME.has(code) || CERTIFICATE_CODE.test(code)))
            return code;
        error = error.cause;
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/http/errors.ts
var errors = __webpack_require__(8549);
// EXTERNAL MODULE: ./src/http/retry.ts
var retry = __webpack_require__(8902);
// EXTERNAL MODULE: ./src/http/transport.ts
var transport = __webpack_require__(1517);
;// CONCATENATED MODULE: ./src/http/answers.ts
/**
 * Reads what an attempt got back: a decoded body, or one RequestError worded for the service. This file decides
 * whether the request may have been carried out; the retry table decides whether to send it again.
 */








/** `base` is the request: method, path, the request id sent. */
function readAnswer(attempt, base, service, now) {
    const { received, route } = attempt;
    const fail = (message, details) => ({
        ok: false,
        error: new errors/* RequestError */.G(message, { ...base, service: service.name, ...details }),
    });
    if (!received.ok || (received.status === 407 && attempt.forwarded)) {
        const proxy = route &&
            (0,http_proxy/* describeProxyFailure */.ex)(received.ok ? { status: 407 } : received, route, !received.ok && received.neverConnected);
        if (proxy)
            return fail(proxy.message, {
                kind: proxy.final ? 'proxy-refused' : 'proxy',
                mayHaveReachedServer: !proxy.notSent,
            });
    }
    if (!received.ok)
        return noAnswer(received, attempt, base, service, fail);
    const { status, headers, text } = received;
    const contentType = (0,transport/* headerValue */.Z)(headers['content-type']) ?? '';
    const answered = `${service.name} answered ${status}`;
    if (status >= 300 && status < 400) {
        const where = describeLocation((0,transport/* headerValue */.Z)(headers.location));
        return fail(`${answered} ${external_node_http_.STATUS_CODES[status] ?? ''} redirecting to ${where}; ${service.redirectHint}`, {
            kind: 'redirect',
            status,
        });
    }
    if (status < 200 || status >= 300) {
        const decoded = decodeJson(text);
        const said = service.readError(decoded.ok && (0,transport/* isRecord */.u4)(decoded.value) ? decoded.value : undefined, headers, status, now);
        return fail(`${answered} ${external_node_http_.STATUS_CODES[status] ?? ''}`.trim(), {
            kind: 'http',
            status,
            code: said.code,
            serviceMessage: said.serviceMessage,
            excerpt: said.serviceMessage === undefined ? excerptOf(text, contentType) : undefined,
            requestId: said.requestId ?? base.requestId,
            retryAfterMs: said.retryAfterMs ?? (0,retry/* parseRetryAfter */.mu)((0,transport/* headerValue */.Z)(headers['retry-after']), now),
            rateLimited: said.rateLimited ?? status === 429,
            mayHaveReachedServer: status >= 500 && !service.notCarriedOut.has(status),
        });
    }
    // From here on the request took effect, even if the answer is unusable (a create made a key).
    const carriedOut = { kind: 'malformed', status, mayHaveReachedServer: true };
    if (received.tooLarge) {
        const over = `with a body over ${describeSize(received.limit)}, more than any answer of the API should be; it was not read`;
        return fail(`${answered} ${over}`, { ...carriedOut, code: 'too-large' });
    }
    if (text === '' && service.emptySuccess)
        return { ok: true, status, body: undefined };
    const decoded = decodeJson(text);
    if (decoded.ok)
        return { ok: true, status, body: decoded.value };
    // JSON that does not decode was cut off on the way, so a read may be sent again.
    // Never quote a successful body: it may hold a new key not masked yet.
    if (/json/i.test(contentType)) {
        return fail(`${answered} with JSON that is cut off or invalid (${received.bytes} bytes)`, {
            ...carriedOut,
            code: 'truncated',
        });
    }
    const kind = (0,base_text/* untrusted */.bp)(contentType.split(';')[0]?.trim() || 'no content type');
    return fail(`${answered} with a body that is not JSON (${kind}, ${received.bytes} bytes)`, carriedOut);
}
function noAnswer(received, attempt, base, service, fail) {
    const { cause, status } = received;
    const code = (0,http_proxy/* errorCode */.CA)(cause);
    const request = describeRequest(base);
    const certificate = describeCertificateError(cause, attempt.origin, attempt.route, process.env);
    if (certificate)
        return fail(certificate, { kind: 'certificate' });
    if (code === 'UND_ERR_INVALID_ARG')
        return fail(`the request could not be sent (${describeCause(cause)})`, { kind: 'invalid' });
    if (attempt.ended === 'deadline' || attempt.ended === 'timeout') {
        const through = attempt.route ? ` (through the proxy ${(0,base_text/* untrusted */.bp)(attempt.route.display)})` : '';
        const message = attempt.ended === 'deadline'
            ? `The step's timeout ran out while ${request} was in flight${through}.`
            : `No answer to ${request} within ${(0,clock/* formatDuration */.a3)(attempt.budgetMs)}${through}.`;
        return fail(message, { kind: attempt.ended, status, mayHaveReachedServer: true });
    }
    if (attempt.ended === 'cut') {
        const cancelled = `the runner cancelled the step, and no answer to ${request}`;
        return fail(`${cancelled} came before the step had to stop waiting`, {
            kind: 'cancelled',
            status,
            mayHaveReachedServer: !received.neverConnected,
        });
    }
    const why = code === undefined ? describeCause(cause) : (0,base_text/* untrusted */.bp)(code);
    if (status !== undefined) {
        return fail(`the body of the ${status} answer was cut off (${code === undefined ? 'connection closed' : why})`, {
            kind: 'malformed',
            status,
            code: 'truncated',
            mayHaveReachedServer: true,
        });
    }
    const sent = !received.neverConnected;
    return fail(`the connection to ${service.name} failed (${why})${sent ? '' : '; nothing was sent'}`, {
        kind: 'network',
        mayHaveReachedServer: sent,
    });
}
function refusalOf(error) {
    const { status } = error;
    return error.kind === 'http' && (status === 401 || status === 403 || status === 404) ? status : undefined;
}
/** After a refusal or a redirect, sending the same request again cannot help: it must change. */
const CHANGE_AND_RUN_AGAIN = 'Change what the failure above names, then run the job again. ' +
    'A later step can branch on the outputs `http-status`, `error-code` and `request-id`.';
/** A clause, without a full stop. */
function describeRequestFailure(error) {
    const what = error.message.replace(/\.$/, '');
    const code = error.code && error.code !== 'truncated' ? ` [${(0,base_text/* untrusted */.bp)(error.code)}]` : '';
    const said = describeServiceWords(error);
    return `${what}${code}${said ? `: ${said}` : ''}`;
}
/** The service's message as data, or an excerpt of the body. */
function describeServiceWords(error) {
    return error.serviceMessage ? (0,base_text/* quoted */.TL)(error.serviceMessage) : (error.excerpt ?? '');
}
/** "GET /projects". The path's ids may come from the service. */
function describeRequest(request) {
    return `${(0,base_text/* untrusted */.bp)(request.method)} ${(0,base_text/* untrusted */.bp)(request.path)}`;
}
function decodeJson(text) {
    try {
        return { ok: true, value: JSON.parse(text) };
    }
    catch {
        return { ok: false };
    }
}
const EXCERPT_LENGTH = 200;
/** Its <title>, or its text without tags, on one line. Linear in the body's length, whatever it holds. */
function excerptOf(text, contentType) {
    const kind = (0,base_text/* untrusted */.bp)(contentType.split(';')[0]?.trim() || 'no content type');
    const flat = (htmlTitle(text) ?? withoutTags(text)).replace(/\s+/g, ' ').trim();
    if (flat === '')
        return `(empty ${kind} body)`;
    return `(${kind}) ${(0,base_text/* quoted */.TL)(flat, EXCERPT_LENGTH)}`;
}
function htmlTitle(text) {
    const lower = text.toLowerCase();
    const open = lower.indexOf('<title');
    if (open < 0)
        return undefined;
    const start = lower.indexOf('>', open);
    if (start < 0)
        return undefined;
    const end = lower.indexOf('<', start + 1);
    if (end < 0 || !lower.startsWith('</title', end))
        return undefined;
    return text.slice(start + 1, end);
}
/** Stops once there is enough for an excerpt. */
function withoutTags(text) {
    const lastClose = text.lastIndexOf('>');
    let out = '';
    let inTag = false;
    for (let i = 0; i < text.length && out.length <= EXCERPT_LENGTH * 4; i++) {
        const c = text[i];
        if (inTag) {
            if (c === '>')
                inTag = false;
        }
        else if (c === '<' && i < lastClose) {
            inTag = true;
            out += ' ';
        }
        else
            out += c;
    }
    return out;
}
function describeLocation(location) {
    if (!location)
        return 'an unnamed location';
    try {
        const url = new URL(location);
        return (0,base_text/* untrusted */.bp)(`${url.origin}${url.pathname}`);
    }
    catch {
        return (0,base_text/* quoted */.TL)(location, 100);
    }
}
/** "64 MiB", "512 KiB". */
function describeSize(bytes) {
    const mib = bytes / 1024 / 1024;
    return mib >= 1 ? `${Math.round(mib * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
function describeCause(cause) {
    return cause instanceof Error ? (0,base_text/* untrusted */.bp)(cause.message) : 'unknown error';
}


/***/ }),

/***/ 8549:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ RequestError),
/* harmony export */   p: () => (/* binding */ requestErrorIn)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/** Messages never hold a secret: only the method, the path, the status, and the server's words made safe. */

class RequestError extends _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .OwnError */ .Nj {
    kind;
    service;
    method;
    path;
    requestId;
    status;
    code;
    serviceMessage;
    excerpt;
    attempts;
    retryAfterMs;
    rateLimited;
    mayHaveReachedServer;
    earlierAttemptUncertain;
    constructor(message, details) {
        super(message);
        this.name = 'RequestError';
        this.kind = details.kind;
        this.service = details.service;
        this.method = details.method;
        this.path = details.path;
        this.requestId = details.requestId;
        this.status = details.status;
        this.code = details.code;
        this.serviceMessage = details.serviceMessage;
        this.excerpt = details.excerpt;
        this.attempts = details.attempts ?? 1;
        this.retryAfterMs = details.retryAfterMs;
        this.rateLimited = details.rateLimited ?? false;
        this.mayHaveReachedServer = details.mayHaveReachedServer ?? false;
        this.earlierAttemptUncertain = details.earlierAttemptUncertain ?? false;
    }
    /** Sending it again cannot help. */
    get final() {
        return ['invalid', 'deadline', 'cancelled', 'proxy-refused', 'certificate'].includes(this.kind);
    }
    /** This attempt or an earlier one may have been carried out: a write is never sent again blindly. */
    get mayHaveTakenEffect() {
        return this.mayHaveReachedServer || this.earlierAttemptUncertain;
    }
    withAttempts(attempts, earlierAttemptUncertain) {
        return new RequestError(this.message, { ...this, attempts, earlierAttemptUncertain });
    }
}
/** The error itself, or the RequestError it was caused by. */
function requestErrorIn(error) {
    for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
        if (cause instanceof RequestError)
            return cause;
    }
    return undefined;
}


/***/ }),

/***/ 7856:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CA: () => (/* binding */ errorCode),
/* harmony export */   J2: () => (/* binding */ DEFAULT_PORTS),
/* harmony export */   Jq: () => (/* binding */ ProxyInClearError),
/* harmony export */   Ng: () => (/* binding */ ProxyTunnelError),
/* harmony export */   Nr: () => (/* binding */ refuseInClear),
/* harmony export */   Tl: () => (/* binding */ ProxySettingError),
/* harmony export */   Wm: () => (/* binding */ proxySecrets),
/* harmony export */   eq: () => (/* binding */ tunnelAgent),
/* harmony export */   ex: () => (/* binding */ describeProxyFailure),
/* harmony export */   iJ: () => (/* binding */ proxyFor),
/* harmony export */   jj: () => (/* binding */ describeProxySettings)
/* harmony export */ });
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7067);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_http__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7030);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_net__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6752);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4758);
/* harmony import */ var _base_networks_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2054);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(766);
/**
 * Proxies, read as curl and the runner read them (docs/compatibility.md), so the action reaches the same hosts as a
 * `curl` step beside it. undici's EnvHttpProxyAgent reads them otherwise (an empty lower-case variable hides the
 * upper-case one, https falls back to `http_proxy`, no CIDR in NO_PROXY), so this module picks each proxy itself.
 * A failure is read from its error class, code, cause and status, never from a library's words.
 */






/** Lower case first. */
const PROXY_VARIABLES = {
    'https:': ['https_proxy', 'HTTPS_PROXY'],
    'http:': ['http_proxy', 'HTTP_PROXY'],
};
const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'];
const DEFAULT_PORTS = { 'http:': 80, 'https:': 443 };
/** The message never quotes the variable's value, which may hold credentials. */
class ProxySettingError extends _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .OwnError */ .Nj {
    constructor(message) {
        super(message);
        this.name = 'ProxySettingError';
    }
}
/** A credential would go to a plain-http origin through a proxy, which could read it. Refused before any request. */
class ProxyInClearError extends ProxySettingError {
    constructor(message) {
        super(message);
        this.name = 'ProxyInClearError';
    }
}
/** Undefined to connect directly. Throws ProxySettingError when the variable that applies is no HTTP(S) proxy URL. */
function proxyFor(url, env) {
    const target = typeof url === 'string' ? new URL(url) : url;
    const variables = PROXY_VARIABLES[target.protocol];
    if (variables === undefined)
        return undefined;
    const named = firstSet(env, variables);
    if (named === undefined)
        return undefined;
    const noProxy = firstSet(env, NO_PROXY_VARIABLES);
    if (noProxy !== undefined && bypasses(target, noProxy.value))
        return undefined;
    const port = target.port === '' ? DEFAULT_PORTS[target.protocol] : Number(target.port);
    return { ...parseProxy(named.name, named.value), target: `${target.hostname}:${port}` };
}
/** Undefined unless `url` is plain http and a proxy variable sends it through a proxy. */
function refuseInClear(url, env, where, credential) {
    const target = new URL(url);
    if (target.protocol !== 'http:')
        return undefined;
    const route = proxyFor(target, env);
    if (route === undefined)
        return undefined;
    const noProxy = firstSet(env, NO_PROXY_VARIABLES)?.name ?? 'NO_PROXY';
    return new ProxyInClearError(`${where} is plain http, and ${route.variable} sends it through the proxy ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(route.display)}, ` +
        `which would read ${credential} in clear. Nothing was sent. ` +
        `Add ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(target.hostname)} to ${noProxy}, or use https.`);
}
/** One line for the log, by host and port only. Throws ProxySettingError, so a step fails before its first request. */
function describeProxySettings(env) {
    const proxies = Object.entries(PROXY_VARIABLES).flatMap(([protocol, names]) => {
        const named = firstSet(env, names);
        return named === undefined ? [] : [{ scheme: protocol.slice(0, -1), proxy: parseProxy(named.name, named.value) }];
    });
    if (proxies.length === 0)
        return undefined;
    const noProxy = firstSet(env, NO_PROXY_VARIABLES);
    const bypass = noProxy === undefined ? '' : `; ${noProxy.name} leaves out ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(noProxy.value.trim())}`;
    return `Proxies: ${proxies.map(describeProxy).join(', ')}${bypass}.`;
}
function describeProxy({ scheme, proxy }) {
    return `${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(scheme)} through ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(proxy.display)} (${proxy.variable}${proxy.authorization ? ', with credentials' : ''})`;
}
function parseProxy(variable, raw) {
    const value = raw.trim();
    // curl takes a value without a scheme as an http proxy.
    const withScheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value) ? value : `http://${value}`;
    let url;
    try {
        url = new URL(withScheme);
    }
    catch {
        throw new ProxySettingError(`${variable} is not a proxy URL the action can read: expected http://[user:password@]host:port.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new ProxySettingError(`${variable} names a ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(url.protocol.slice(0, -1), 20)} proxy: the action speaks to HTTP and HTTPS proxies only (http:// or https://).`);
    }
    if (url.hostname === '')
        throw new ProxySettingError(`${variable} names no proxy host: expected http://[user:password@]host:port.`);
    // Without a port, the scheme's default, as the runner does. curl would try 1080.
    const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
    const route = {
        origin: `${url.protocol}//${url.hostname}:${port}`,
        display: `${url.hostname}:${port}`,
        variable,
    };
    if (url.username !== '' || url.password !== '') {
        let credentials;
        try {
            credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
        }
        catch {
            throw new ProxySettingError(`${variable} holds a user or password that is not percent-encoded correctly: write a % in them as %25.`);
        }
        route.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    return route;
}
/**
 * By curl's rules; nothing is resolved. As the runner reads it, an entry may end in `:port`. As undici and Go read it,
 * `*.example.com` leaves out example.com itself. A `/0` range matches every address (curl's reading is an accident).
 */
function bypasses(target, noProxy) {
    const value = noProxy.trim();
    if (value === '*')
        return true;
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    const family = (0,node_net__WEBPACK_IMPORTED_MODULE_1__.isIP)(host);
    const name = family === 0 ? host.replace(/\.$/, '') : host;
    const port = target.port === '' ? DEFAULT_PORTS[target.protocol] : Number(target.port);
    for (const entry of value.split(/[\s,]+/)) {
        if (entry === '')
            continue;
        const { pattern, port: only } = splitPort(entry);
        if (only !== undefined && only !== port)
            continue;
        if (family === 0 ? nameMatches(name, pattern) : addressMatches(host, family, pattern))
            return true;
    }
    return false;
}
function splitPort(entry) {
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    if (bracketed)
        return { pattern: bracketed[1], port: bracketed[2] === undefined ? undefined : Number(bracketed[2]) };
    // More colons mean an IPv6 address, which needs brackets to carry a port.
    const withPort = /^([^:]+):(\d+)$/.exec(entry);
    return withPort ? { pattern: withPort[1], port: Number(withPort[2]) } : { pattern: entry };
}
function nameMatches(name, pattern) {
    let domain = pattern.toLowerCase().replace(/\.$/, '');
    const subdomainsOnly = domain.startsWith('*.');
    domain = subdomainsOnly ? domain.slice(2) : domain.replace(/^\./, '');
    if (domain === '')
        return false;
    if (name === domain)
        return !subdomainsOnly;
    return name.endsWith(`.${domain}`);
}
function addressMatches(address, family, pattern) {
    const block = (0,_base_networks_js__WEBPACK_IMPORTED_MODULE_4__/* .parseBlock */ .r)(pattern);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    return block?.family === type && (0,_base_networks_js__WEBPACK_IMPORTED_MODULE_4__/* .blockList */ .M)([pattern]).check(address, type);
}
/**
 * What to mask before anything is printed: user and password, as written and decoded, and the Proxy-Authorization
 * value. Read without a URL parser, so a variable the action cannot use is masked too.
 */
function proxySecrets(env) {
    const secrets = new Set();
    for (const name of Object.values(PROXY_VARIABLES).flat()) {
        const value = env[name]?.trim();
        if (!value)
            continue;
        const authority = value.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '');
        const at = authority.lastIndexOf('@');
        if (at < 0)
            continue;
        const userinfo = authority.slice(0, at);
        const colon = userinfo.indexOf(':');
        const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
        const password = colon < 0 ? '' : userinfo.slice(colon + 1);
        const decoded = [percentDecoded(user), percentDecoded(password)];
        for (const secret of [user, password, ...decoded])
            if (secret !== '')
                secrets.add(secret);
        secrets.add(Buffer.from(`${decoded[0]}:${decoded[1]}`).toString('base64'));
    }
    return [...secrets];
}
function percentDecoded(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}
/** An empty variable counts as unset, as for curl and the runner. */
function firstSet(env, names) {
    for (const name of names) {
        const value = env[name];
        if (value !== undefined && value.trim() !== '')
            return { name, value };
    }
    return undefined;
}
// ---- tunnels ----
/** The proxy answered CONNECT with `status`, or its connection failed (`cause`). */
class ProxyTunnelError extends Error {
    status;
    constructor(status, cause) {
        super(status === undefined ? 'the proxy could not be asked for a tunnel' : `the proxy answered CONNECT with ${status}`, { cause });
        this.name = 'ProxyTunnelError';
        this.status = status;
    }
}
/** Where ProxyAgent asks for tunnels. A tunnel that fails to open is a ProxyTunnelError. */
class TunnelPool extends undici__WEBPACK_IMPORTED_MODULE_2__/* .Pool */ .bC {
    connect(options, callback) {
        const opened = super.connect(options).then((data) => {
            if (data.statusCode === 200)
                return data;
            data.socket.destroy();
            throw new ProxyTunnelError(data.statusCode);
        }, (cause) => {
            throw new ProxyTunnelError(undefined, cause);
        });
        if (callback === undefined)
            return opened;
        opened.then((data) => callback(null, data), (error) => callback(error, undefined));
    }
}
/**
 * A CONNECT tunnel, so the API key and the GitHub token travel inside TLS and the proxy sees only host and port.
 * `onPool` hears of each pool to a server: the transport listens for failed connects.
 */
function tunnelAgent(route, options, tunnelTimeoutMs, onPool) {
    const tls = typeof options.connect === 'object' ? options.connect : undefined;
    return new undici__WEBPACK_IMPORTED_MODULE_2__/* .ProxyAgent */ .kT({
        ...options,
        uri: route.origin,
        token: route.authorization,
        requestTls: tls,
        proxyTls: tls,
        clientFactory: (origin, poolOptions) => new TunnelPool(origin, { ...poolOptions, headersTimeout: tunnelTimeoutMs }),
        factory: (origin, poolOptions) => {
            const pool = new undici__WEBPACK_IMPORTED_MODULE_2__/* .Pool */ .bC(origin, poolOptions);
            onPool(pool);
            return pool;
        },
    });
}
/** The connection to the proxy never opened: nothing was sent. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN']);
/** Closed under the request, before the tunnel opened or an answer came. */
const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
/**
 * Undefined when the failure is not the proxy's (a certificate, a timeout, the server's answer). `got` is the error,
 * or a forwarded request's status. The message names the proxy by host:port, never with credentials.
 */
function describeProxyFailure(got, route, neverConnected) {
    const tunnel = got.cause instanceof ProxyTunnelError ? got.cause : undefined;
    const status = got.status ?? tunnel?.status;
    const code = errorCode(tunnel ? tunnel.cause : got.cause);
    const named = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(code ?? '');
    const proxy = `The proxy ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(route.display)} (from ${route.variable})`;
    const target = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(route.target);
    const describeNotSent = (message, final = false) => ({ message, notSent: true, final });
    if (status === 407) {
        return describeNotSent(route.authorization
            ? `${proxy} refused the credentials in ${route.variable} (407 Proxy Authentication Required): check the user name and password there, percent-encoded, and that the proxy takes Basic authentication.`
            : `${proxy} asks for credentials (407 Proxy Authentication Required): give them in ${route.variable} as http://user:password@${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(route.display)}, percent-encoded.`, true);
    }
    if (status !== undefined && tunnel) {
        const answer = `${status} ${node_http__WEBPACK_IMPORTED_MODULE_0__.STATUS_CODES[status] ?? ''}`.trim();
        if (status >= 500) {
            return describeNotSent(`${proxy} could not open a tunnel to ${target} (${answer}): check that the proxy can reach ${target}, or add the host to NO_PROXY if the runner reaches it directly.`);
        }
        return describeNotSent(`${proxy} refused a tunnel to ${target} (${answer}): check that the proxy allows HTTPS to ${target}, or add the host to NO_PROXY if the runner reaches it directly.`, true);
    }
    if (!tunnel && !neverConnected) {
        if (code === undefined || !CLOSED.has(code))
            return undefined;
        const message = `The connection through the proxy ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_5__/* .untrusted */ .bp)(route.display)} (from ${route.variable}) closed before an answer came (${named}): check the proxy's log.`;
        return { message, notSent: false, final: false };
    }
    if (code !== undefined && UNREACHABLE.has(code)) {
        return describeNotSent(`${proxy} could not be reached (${named}): check the host and port in ${route.variable}, and that the proxy runs and the runner may connect to it.`);
    }
    if (code !== undefined && UNRESOLVED.has(code))
        return describeNotSent(`${proxy} could not be found (${named}): check the host name in ${route.variable}.`);
    if (code === 'UND_ERR_HEADERS_TIMEOUT') {
        return describeNotSent(`${proxy} did not answer the request for a tunnel to ${target}: check that the proxy runs, and its log.`);
    }
    if (code === undefined || CLOSED.has(code)) {
        return describeNotSent(`${proxy} closed the connection before the tunnel to ${target} was open (${named || 'closed'}): check the proxy's log; it may refuse HTTPS to that host or port.`);
    }
    // Anything else, such as a certificate, is for the caller to explain. Nothing was sent.
    return undefined;
}
/** `UND_ERR_…`, `ECONNRESET`: on the error or its causes. */
function errorCode(error) {
    for (let cause = error, depth = 0; depth < 3 && typeof cause === 'object' && cause !== null; depth++) {
        const { code } = cause;
        if (typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code))
            return code;
        cause = cause.cause;
    }
    return undefined;
}


/***/ }),

/***/ 8902:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kq: () => (/* binding */ CONGESTION_PAUSE_MS),
/* harmony export */   R$: () => (/* binding */ retrying),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   qW: () => (/* binding */ RETRY_POLICIES),
/* harmony export */   rM: () => (/* binding */ NOT_CARRIED_OUT_STATUSES)
/* harmony export */ });
/* unused harmony export backoff */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8549);

/** After these, a platform read may be sent again. */
const RETRYABLE_STATUSES = new Set([423, 429, 500, 502, 503, 504]);
/** With these the platform says it did not carry the request out, so even a write may be sent again. */
const NOT_CARRIED_OUT_STATUSES = new Set([423, 429, 503]);
/** Rate limited or overloaded: congestion, not a failure. */
const CONGESTION_STATUSES = new Set([429, 503]);
/** A waiter waits these out: congestion, and 423 Locked while another operation holds the project. */
const WAITED_STATUSES = new Set([423, ...CONGESTION_STATUSES]);
/** GitHub asks for at least a minute after a secondary rate limit with no Retry-After. */
const GITHUB_RATE_LIMIT_WAIT_MS = 60_000;
/** A paced listing's wait after a 429 without Retry-After. Its pacer holds back every request as long. */
const CONGESTION_PAUSE_MS = 1000;
/** About 1 s, 2 s, 4 s… up to 20 s. The jitter keeps parallel jobs out of step. */
function backoff(n, random = Math.random) {
    const ceiling = Math.min(20_000, 1000 * 2 ** (n - 1));
    return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
const status = (error) => (error.kind === 'http' ? (error.status ?? 0) : undefined);
const congested = (error) => CONGESTION_STATUSES.has(status(error) ?? 0);
const waited = (error) => WAITED_STATUSES.has(status(error) ?? 0);
/** No answer, or a body cut off on the way: the network is at fault, not the request. */
const noAnswer = (error) => ['network', 'timeout', 'proxy'].includes(error.kind) || (error.kind === 'malformed' && error.code === 'truncated');
const afterBackoff = (error, n, random) => error.retryAfterMs ?? backoff(n, random);
function readDelay(error, n, random) {
    return RETRYABLE_STATUSES.has(status(error) ?? 0) || noAnswer(error) ? afterBackoff(error, n, random) : undefined;
}
function githubDelay(error, n) {
    if (error.final)
        return undefined;
    if (error.status === undefined || error.status >= 500)
        return 1000 * n;
    return error.rateLimited ? (error.retryAfterMs ?? GITHUB_RATE_LIMIT_WAIT_MS) : undefined;
}
const rule = (attempts, delay) => ({ attempts, delay });
const RETRY_POLICIES = {
    /** A platform read, or a write harmless to repeat (a revoke). */
    read: rule(5, readDelay),
    /** A key's create: retried only when the platform surely did not carry it out. */
    once: rule(5, (error, n, random) => NOT_CARRIED_OUT_STATUSES.has(status(error) ?? 0) ||
        (noAnswer(error) && error.kind !== 'malformed' && !error.mayHaveReachedServer)
        ? afterBackoff(error, n, random)
        : undefined),
    /**
     * A key's create after a lost answer: once more, only after the clean-up revoked the key that answer may have made,
     * or found none. Never after a cancel or the timeout.
     */
    recreate: rule(2, (error) => (error.mayHaveTakenEffect && !error.final ? 0 : undefined)),
    /** Like `read`, but a 429 or 503 goes back to list-operations at once, for its `congested` row. */
    poll: rule(5, (error, n, random) => (congested(error) ? undefined : readDelay(error, n, random))),
    /** Like `read`, but a 423, 429 or 503 goes back to the waiter at once, for its `congestedPoll` row. */
    wait: rule(5, (error, n, random) => (waited(error) ? undefined : readDelay(error, n, random))),
    /** A waiter's round refused as busy or locked: polled again while the timeout lasts. */
    congestedPoll: (pace) => rule(Number.POSITIVE_INFINITY, (error) => {
        if (!waited(error))
            return undefined;
        return pace.afterCongestion(error.retryAfterMs);
    }),
    /** A paced listing's page refused as busy: its pacer holds back every other request as long. */
    congested: rule(10, (error, n, random) => {
        if (!congested(error))
            return undefined;
        return error.retryAfterMs ?? (error.status === 429 ? CONGESTION_PAUSE_MS : backoff(n, random));
    }),
    /** A GitHub read or secret write, after no answer, a 5xx, or a rate limit. The same sealed value is harmless to send again. */
    github: rule(3, githubDelay),
    /** A new key's first read: a 401 while the platform makes the key known everywhere. */
    keyProof: rule(3, (error, n) => (error.kind === 'http' && error.status === 401 ? 1000 * n : undefined)),
};
/** Delta-seconds or an HTTP date. */
function parseRetryAfter(value, now) {
    if (value === undefined)
        return undefined;
    const trimmed = value.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed))
        return Math.round(Number(trimmed) * 1000);
    const date = Date.parse(trimmed);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - now);
}
/** A failure that is not a RequestError is never sent again. */
async function retrying(attempt, policy, options) {
    const giveUp = options.giveUp ?? ((error) => error);
    const deadline = typeof options.deadline === 'function' ? options.deadline : () => options.deadline;
    const { clock, interrupt } = options;
    const outOfTime = options.outOfTime ?? giveUp;
    for (let n = 1;; n++) {
        try {
            return await attempt(n);
        }
        catch (error) {
            const retry = error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RequestError */ .G && n < policy.attempts && !options.cancelled?.();
            let delay = retry ? policy.delay(error, n, options.random ?? Math.random) : undefined;
            if (delay === undefined)
                throw giveUp(error, n);
            const failed = error;
            if (interrupt?.signal.aborted && interrupt.stop)
                throw interrupt.stop(failed, n, delay);
            if (delay > 0 && clock.now() + delay >= deadline()) {
                if (!options.untilDeadline)
                    throw outOfTime(failed, n, delay);
                delay = Math.max(0, deadline() - clock.now());
            }
            options.onRetry?.(failed, n, delay);
            if (delay === 0)
                continue;
            const due = clock.now() + delay;
            // A signal from before the wait cannot end it: the deadline above already counts it.
            const listening = interrupt !== undefined && !interrupt.signal.aborted;
            await clock.sleep(delay, listening ? interrupt.signal : undefined);
            if (listening && interrupt.signal.aborted && clock.now() < due) {
                if (interrupt.stop)
                    throw interrupt.stop(failed, n, delay);
                if (due >= deadline())
                    throw outOfTime(failed, n, delay);
                await clock.sleep(due - clock.now());
            }
        }
    }
}


/***/ }),

/***/ 1517:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   UQ: () => (/* binding */ Connections),
/* harmony export */   Z: () => (/* binding */ headerValue),
/* harmony export */   _L: () => (/* binding */ queryString),
/* harmony export */   hP: () => (/* binding */ isRequestId),
/* harmony export */   j2: () => (/* binding */ REQUEST_TIMEOUT_MS),
/* harmony export */   ob: () => (/* binding */ sendAttempt),
/* harmony export */   u4: () => (/* binding */ isRecord)
/* harmony export */ });
/* unused harmony exports WASM_TIERING_FLAG, ERROR_BODY_LIMIT, SUCCESS_BODY_LIMIT, sendRequest, readBody */
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8877);
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_v8__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6752);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(766);
/* harmony import */ var _proxy_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7856);
/**
 * The step's one HTTP transport, on undici's public API. It never sends a credential in clear through a proxy. Each
 * attempt stays within its own time limit and the step's deadline, and bodies are read within bounds.
 */




// A deliberate departure (docs/audit.md). Without it, V8 optimizes undici's WebAssembly parser on another thread,
// and the step waits for that at exit.
const WASM_TIERING_FLAG = '--wasm-tiering-budget=2000000000';
(0,node_v8__WEBPACK_IMPORTED_MODULE_0__.setFlagsFromString)(WASM_TIERING_FLAG);
/** Pools stay alive, so a waiter's polls reuse the connection. */
const POOL_OPTIONS = { keepAliveTimeout: 30_000, connections: 4 };
/** One attempt's wait for an answer, or a proxy's for a tunnel. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Enough for any JSON error, and bounded for a hostile server. */
const ERROR_BODY_LIMIT = 64 * 1024;
/** A larger successful body is refused, not retried: no answer of the API is that big. */
const SUCCESS_BODY_LIMIT = 64 * 1024 * 1024;
/**
 * One pool per origin, direct or through its proxy. A request that never connected never left. undici ends a connect
 * only when it fails, so every socket gets a signal that `close()` aborts.
 */
class Connections {
    env;
    closing = new AbortController();
    options = { ...POOL_OPTIONS, connect: { signal: this.closing.signal } };
    direct;
    lines = new Map();
    tunnels = new Map();
    failedConnects = new WeakSet();
    constructor(env = {}, direct) {
        this.env = env;
        this.direct = this.watched(direct ?? new undici__WEBPACK_IMPORTED_MODULE_1__/* .Agent */ .g6(this.options));
    }
    /** Throws ProxySettingError for a proxy variable the action cannot use. */
    lineTo(origin) {
        let line = this.lines.get(origin);
        if (line === undefined) {
            const route = (0,_proxy_js__WEBPACK_IMPORTED_MODULE_3__/* .proxyFor */ .iJ)(origin, this.env);
            const forward = route !== undefined && new URL(origin).protocol === 'http:';
            line = { dispatcher: route === undefined || forward ? this.direct : this.tunnelThrough(route), route, forward };
            this.lines.set(origin, line);
        }
        return line;
    }
    /** Refuses a credential on its way to `origin` in clear (plain http) through a proxy. */
    inClear(origin) {
        if (!this.lineTo(origin).forward)
            return undefined;
        return (0,_proxy_js__WEBPACK_IMPORTED_MODULE_3__/* .refuseInClear */ .Nr)(origin, this.env, `A request to ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(origin)}`, 'its credential');
    }
    /** A failed connect: the request never left. */
    neverConnected(error) {
        return typeof error === 'object' && error !== null && this.failedConnects.has(error);
    }
    async close() {
        this.closing.abort();
        await Promise.all([this.direct, ...this.tunnels.values()].map((dispatcher) => dispatcher.destroy()));
    }
    tunnelThrough(route) {
        const key = `${route.origin} ${route.authorization ?? ''}`;
        let agent = this.tunnels.get(key);
        if (agent === undefined) {
            agent = (0,_proxy_js__WEBPACK_IMPORTED_MODULE_3__/* .tunnelAgent */ .eq)(route, this.options, REQUEST_TIMEOUT_MS, (pool) => this.watched(pool));
            this.tunnels.set(key, agent);
        }
        return agent;
    }
    watched(dispatcher) {
        dispatcher.on('connectionError', (_origin, _targets, error) => this.failedConnects.add(error));
        return dispatcher;
    }
}
/**
 * A short token without `::`, so a later step that echoes the output prints no runner command. Anything else is left
 * out, never cut.
 */
const REQUEST_ID = /^(?!.*::)[A-Za-z0-9_.:-]{1,128}$/;
/** Safe to quote and set as an output: a short token with no piece of a secret. */
function isRequestId(value) {
    return typeof value === 'string' && REQUEST_ID.test(value) && (0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .redactSecrets */ .fp)(value, { pieces: true }) === value;
}
/**
 * Throws only before anything is sent: for a proxy variable the action cannot use, or a credential a proxy would read
 * in clear.
 */
async function sendRequest(connections, origin, request, signal) {
    const line = connections.lineTo(origin);
    refuseCredentialInClear(connections, origin, request);
    let status;
    try {
        const { route } = line;
        const sent = line.forward && route
            ? {
                origin: route.origin,
                path: origin + request.path,
                headers: {
                    ...request.headers,
                    host: new URL(origin).host,
                    ...(route.authorization ? { 'proxy-authorization': route.authorization } : {}),
                },
            }
            : { origin, path: request.path, headers: request.headers };
        const response = await untilAborted(line.dispatcher.request({ ...sent, method: request.method, body: request.body, signal }), signal);
        status = response.statusCode;
        const success = status >= 200 && status < 300;
        const limit = Math.min(request.bodyLimit ?? SUCCESS_BODY_LIMIT, SUCCESS_BODY_LIMIT);
        const declared = Number(headerValue(response.headers['content-length']));
        if (success && declared > limit) {
            // Destroying the unread body emits an abort error; nothing else listens for it.
            response.body.on('error', () => { }).destroy();
            return { ok: true, status, headers: response.headers, text: '', bytes: declared, tooLarge: true, limit };
        }
        const { text, bytes, tooLarge } = await readBody(response.body, success, limit);
        return { ok: true, status, headers: response.headers, text, bytes, tooLarge, limit };
    }
    catch (cause) {
        return { ok: false, cause, status, neverConnected: connections.neverConnected(cause) };
    }
}
/** The settings refuse such a URL before the first request; this covers every request, whatever sends it. */
function refuseCredentialInClear(connections, origin, request) {
    const credential = Object.keys(request.headers).some((name) => name.toLowerCase() === 'authorization');
    const refusal = credential ? connections.inClear(origin) : undefined;
    if (refusal)
        throw refusal;
}
/**
 * undici ends a request aborted during its connect only once the connect is over, and a silent proxy or server can
 * hold that for minutes.
 */
function untilAborted(work, signal) {
    return new Promise((resolve, reject) => {
        const abort = () => reject(signal.reason);
        if (signal.aborted)
            abort();
        signal.addEventListener('abort', abort, { once: true });
        work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
}
/**
 * An error body only to ERROR_BODY_LIMIT; a successful body whole, or not at all past `successLimit`. Leaving the loop
 * destroys the body, so the rest is never downloaded.
 */
async function readBody(body, success, successLimit = SUCCESS_BODY_LIMIT) {
    const limit = success ? successLimit : ERROR_BODY_LIMIT;
    const chunks = [];
    let bytes = 0;
    for await (const chunk of body) {
        chunks.push(chunk);
        bytes += chunk.length;
        if (success && bytes > limit)
            return { text: '', bytes, tooLarge: true };
        if (!success && bytes >= limit)
            break;
    }
    return { text: Buffer.concat(chunks).subarray(0, limit).toString('utf8'), bytes, tooLarge: false };
}
/** Throws only before anything is sent, as sendRequest does. */
async function sendAttempt(connections, origin, request, time, 
/** Not called past the deadline. */
onSend) {
    const { route, forward } = connections.lineTo(origin);
    refuseCredentialInClear(connections, origin, request);
    const remaining = time.deadline - time.clock.now();
    if (remaining <= 0)
        return { sent: false };
    onSend?.();
    const budgetMs = Math.min(time.requestTimeoutMs, remaining);
    const timer = time.clock.deadline(budgetMs);
    let received;
    try {
        received = await sendRequest(connections, origin, request, time.cut ? AbortSignal.any([timer.signal, time.cut]) : timer.signal);
    }
    finally {
        timer.clear();
    }
    let ended;
    if (!received.ok && timer.signal.aborted)
        ended = remaining < time.requestTimeoutMs ? 'deadline' : 'timeout';
    else if (!received.ok && time.cut?.aborted)
        ended = 'cut';
    return { sent: true, origin, received, route, forwarded: forward, ended, budgetMs };
}
/** The first, when the header came more than once. */
function headerValue(value) {
    return Array.isArray(value) ? value[0] : value;
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Undefined values left out: `?limit=400&cursor=…`, or ''. */
function queryString(query) {
    if (!query)
        return '';
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
        if (value !== undefined)
            params.set(name, String(value));
    const text = params.toString();
    return text ? `?${text}` : '';
}


/***/ }),

/***/ 5845:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $R: () => (/* binding */ readKeepPrevious),
/* harmony export */   AM: () => (/* binding */ readPruneKeysSettings),
/* harmony export */   SF: () => (/* binding */ DEFAULT_MAX_REVOKE),
/* harmony export */   Uz: () => (/* binding */ readListKeysSettings),
/* harmony export */   eQ: () => (/* binding */ readExpiresIn),
/* harmony export */   u$: () => (/* binding */ DEFAULT_KEEP_PREVIOUS),
/* harmony export */   yc: () => (/* binding */ checkRoomForExpiry)
/* harmony export */ });
/* harmony import */ var _api_ids_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7958);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _keys_creators_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3495);
/* harmony import */ var _keys_expiry_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8121);
/* harmony import */ var _keys_networks_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8292);
/* harmony import */ var _urls_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9695);
/* harmony import */ var _secrets_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3332);
/* harmony import */ var _values_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8463);
// The key commands' inputs.









/**
 * GitHub's default job timeout, so an older job key belongs to a job that has ended. If its post step never revoked
 * it, the next prune-keys finds it.
 */
const DEFAULT_JOB_KEY_EXPIRY = '6h';
const DEFAULT_MAX_REVOKE = 50;
/** The vendor advises fewer than 10,000 keys per account. */
const MAX_MAX_REVOKE = 10_000;
const EXPIRES_IN_RANGE = { min: '1m', max: '365d' };
const UNUSED_FOR_RANGE = { min: '1h', max: '3650d' };
const DEFAULT_KEEP_PREVIOUS = 1;
const MAX_KEEP_PREVIOUS = 100;
function readExpiresIn(read, revokeAfterJob) {
    const given = (0,_values_js__WEBPACK_IMPORTED_MODULE_7__/* .readDuration */ .$7)(read, 'expires-in', EXPIRES_IN_RANGE);
    if (given !== undefined || !revokeAfterJob)
        return given;
    return (0,_values_js__WEBPACK_IMPORTED_MODULE_7__/* .parseDuration */ .E9)(DEFAULT_JOB_KEY_EXPIRY);
}
/** The expiry goes at the end of the name, which the service bounds. */
function checkRoomForExpiry(keyName, byDefault) {
    const length = [...keyName].length;
    const room = _api_ids_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_KEY_NAME_LENGTH */ .ih - _keys_expiry_js__WEBPACK_IMPORTED_MODULE_3__/* .EXPIRY_SUFFIX_LENGTH */ .DA;
    if (length <= room)
        return;
    const why = byDefault
        ? `A \`revoke-after-job\` key expires after ${DEFAULT_JOB_KEY_EXPIRY} unless \`expires-in\` says otherwise, and`
        : 'With `expires-in`,';
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`key-name\` is ${length} characters long, but it may be at most ${room}. ` +
        `${why} create-key ends the name with the expiry (\`~exp-\` and the UTC time to the minute, ` +
        `${_keys_expiry_js__WEBPACK_IMPORTED_MODULE_3__/* .EXPIRY_SUFFIX_LENGTH */ .DA} characters). The platform takes at most ${_api_ids_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_KEY_NAME_LENGTH */ .ih} characters.`);
}
function readListKeysSettings(read, runner) {
    const selection = readKeySelection(read, runner);
    const failOnUnexpectedUse = (0,_values_js__WEBPACK_IMPORTED_MODULE_7__/* .readBoolean */ .Vf)(read, 'fail-on-unexpected-use');
    // An expression that came out empty must not leave a tripwire that never fires.
    if (failOnUnexpectedUse && !selection.expectedNetworks) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz("Input `fail-on-unexpected-use` is true, but `expected-networks` is empty: name the networks the keys are expected to be used from (e.g. github-actions and an office's CIDR block).");
    }
    const failOnUnexpectedCreator = (0,_values_js__WEBPACK_IMPORTED_MODULE_7__/* .readBoolean */ .Vf)(read, 'fail-on-unexpected-creator');
    if (failOnUnexpectedCreator && !selection.expectedCreators) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`fail-on-unexpected-creator\` is true, but \`expected-creators\` is empty: set it to \`${_keys_creators_js__WEBPACK_IMPORTED_MODULE_2__/* .MEMBERS */ .kH}\` (with \`org-id\`) to check who made the keys.`);
    }
    return { ...selection, failOnUnexpectedUse, failOnUnexpectedCreator };
}
/** Only for an organization's keys. */
function readExpectedCreators(read, orgId) {
    const raw = read('expected-creators').trim();
    if (!raw)
        return undefined;
    if (raw !== _keys_creators_js__WEBPACK_IMPORTED_MODULE_2__/* .MEMBERS */ .kH) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`expected-creators\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it takes \`${_keys_creators_js__WEBPACK_IMPORTED_MODULE_2__/* .MEMBERS */ .kH}\` (the keys are expected to be made by present members of the organization), or nothing for no check.`);
    }
    if (orgId === undefined) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `expected-creators` is set, but `org-id` is empty: it checks the keys of an organization against its members. ' +
            'Set `org-id`. (A personal key needs no check: it stops reaching an organization when its user leaves it.)');
    }
    return raw;
}
function readKeySelection(read, runner) {
    const keyNamePrefix = (0,_values_js__WEBPACK_IMPORTED_MODULE_7__/* .readKeyName */ .x9)(read);
    const entries = read('expected-networks').match(/[^\s,]+/g) ?? [];
    for (const entry of entries) {
        const why = entry === _keys_networks_js__WEBPACK_IMPORTED_MODULE_4__/* .GITHUB_ACTIONS */ .Q_ ? {} : (0,_keys_networks_js__WEBPACK_IMPORTED_MODULE_4__/* .parseNetwork */ .MO)(entry);
        if (typeof why === 'string')
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`expected-networks\` holds ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(entry, 80)}, which is not a network: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(why, Infinity)}.`);
    }
    const blocks = entries.filter((entry) => entry !== _keys_networks_js__WEBPACK_IMPORTED_MODULE_4__/* .GITHUB_ACTIONS */ .Q_);
    const token = (0,_secrets_js__WEBPACK_IMPORTED_MODULE_6__/* .readGitHubToken */ .n)(read);
    // Without a token, the read of the ranges carries no credential, so a proxy may carry it over plain http.
    const proxies = token ? runner.proxies : {};
    const github = blocks.length < entries.length && { apiUrl: (0,_urls_js__WEBPACK_IMPORTED_MODULE_5__/* .readGitHubApiUrl */ .p5)(runner.apiUrl, proxies), token };
    const orgId = (0,_values_js__WEBPACK_IMPORTED_MODULE_7__/* .readOrgId */ .cZ)(read);
    const expectedCreators = readExpectedCreators(read, orgId);
    return {
        orgId,
        ...(keyNamePrefix === undefined ? {} : { keyNamePrefix }),
        ...(entries.length === 0 ? {} : { expectedNetworks: { blocks, ...(github && { github }) } }),
        ...(expectedCreators && { expectedCreators }),
    };
}
function readPruneKeysSettings(read, runner) {
    const unusedForMs = (0,_values_js__WEBPACK_IMPORTED_MODULE_7__/* .readDuration */ .$7)(read, 'unused-for', UNUSED_FOR_RANGE);
    return {
        ...readKeySelection(read, runner),
        ...(unusedForMs === undefined ? {} : { unusedForMs }),
        // An expression with a typo gives an empty value, which must never revoke.
        dryRun: (0,_values_js__WEBPACK_IMPORTED_MODULE_7__/* .readBoolean */ .Vf)(read, 'dry-run', true),
        maxRevoke: readMaxRevoke(read),
    };
}
function readMaxRevoke(read) {
    const raw = read('max-revoke').trim();
    if (!raw)
        return DEFAULT_MAX_REVOKE;
    const value = /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value <= MAX_MAX_REVOKE)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`max-revoke\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it must be a whole number from 1 to ${MAX_MAX_REVOKE} ` +
            `(default ${DEFAULT_MAX_REVOKE}). To revoke nothing, leave \`dry-run\` true.`);
    }
    return value;
}
function readKeepPrevious(read) {
    const raw = read('keep-previous').trim();
    if (!raw)
        return DEFAULT_KEEP_PREVIOUS;
    const value = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value <= MAX_KEEP_PREVIOUS)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`keep-previous\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it must be a whole number from 0 to ${MAX_KEEP_PREVIOUS}, how many of the replaced keys stay valid (default ${DEFAULT_KEEP_PREVIOUS}).`);
    }
    return value;
}


/***/ }),

/***/ 2151:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Nd: () => (/* binding */ MAX_POLL_INTERVAL_SECONDS),
/* harmony export */   Ou: () => (/* binding */ DEFAULT_POLL_INTERVAL_SECONDS),
/* harmony export */   c1: () => (/* binding */ readOperationSelection),
/* harmony export */   lM: () => (/* binding */ readOnFailed),
/* harmony export */   s8: () => (/* binding */ readListOperationsSettings),
/* harmony export */   vD: () => (/* binding */ MIN_POLL_INTERVAL_SECONDS),
/* harmony export */   y1: () => (/* binding */ DEFAULT_MAX_OPERATIONS)
/* harmony export */ });
/* unused harmony exports MAX_OPERATION_IDS, parseOperationIds */
/* harmony import */ var _api_ids_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7958);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _operations_status_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9986);
/* harmony import */ var _values_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8463);
// The inputs of wait-for-operations and list-operations.





const DEFAULT_POLL_INTERVAL_SECONDS = 5;
const MIN_POLL_INTERVAL_SECONDS = 1;
const MAX_POLL_INTERVAL_SECONDS = 3600;
/** Bounded by the waiter's request budget. */
const MAX_OPERATION_IDS = 1000;
const PENDING = 'pending';
/** An empty value is an error: a mistyped expression gives one, and a gate must not pass on a typo. */
function readOperationSelection(read) {
    const raw = read('operation-ids').trim();
    const branchId = read('branch-id').trim() || undefined;
    if (!raw) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `operation-ids` is empty. Say what to wait for: the operation ids, or the `operations` array of ' +
            'the response that started them. Write `[]` when there is nothing to wait for, or the word `pending` to ' +
            'wait until the project (or `branch-id`) has no pending operation. A mistyped expression gives an empty ' +
            'value too, so the step does not guess.');
    }
    if (raw.toLowerCase() === PENDING) {
        if (branchId !== undefined && !_api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .PLATFORM_ID */ .Ag.test(branchId)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`branch-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(branchId, 80)}: it must be 1 to 60 lower-case letters, digits or hyphens (e.g. br-wispy-meadow-a5kd0r2p).`);
        }
        return { kind: 'pending', branchId };
    }
    if (branchId !== undefined) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `branch-id` only applies to `operation-ids: pending`. The operations named in `operation-ids` ' +
            'are waited for whatever their branch. Remove `branch-id`, or set `operation-ids: pending` to wait for ' +
            'every pending operation of that branch.');
    }
    return { kind: 'ids', ids: parseOperationIds(raw) };
}
/** Ids separated by commas or blanks, or a JSON array of ids or of operation records. Separators alone are refused. */
function parseOperationIds(raw) {
    const text = raw.trim();
    const items = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .jsonArrayItems */ .Ur)(text, 'operation-ids', 'pass a JSON array of ids or of operation records, or ids separated by commas.');
    const candidates = items === undefined
        ? text.split(/[\s,]+/).filter(Boolean)
        : items.map((item, i) => {
            if (typeof item === 'string')
                return item.trim();
            if (typeof item === 'object' && item !== null && typeof item.id === 'string') {
                return item.id.trim();
            }
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`operation-ids\`: item ${i + 1} of the JSON array is neither an id nor an operation record with an "id".`);
        });
    if (items === undefined && candidates.length === 0) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `operation-ids` holds separators but no id. Write `[]` when there is nothing to wait for; ' +
            'a mistyped expression gives an empty piece, so the step does not guess.');
    }
    const ids = new Set();
    for (const id of candidates) {
        if (!_api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .OPERATION_ID */ ._T.test(id)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`operation-ids\` holds ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(id, 80)}, which is not an operation id (a UUID).`);
        }
        ids.add(id.toLowerCase());
    }
    if (ids.size > MAX_OPERATION_IDS) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`operation-ids\` holds ${ids.size} different ids: one step waits for at most ${MAX_OPERATION_IDS}. ` +
            'Split them over several steps, or use `operation-ids: pending` to wait until nothing is pending.');
    }
    return [...ids];
}
/** `wait` by default: the platform's reference says the control plane may retry a `failed` operation. */
function readOnFailed(read) {
    const raw = read('on-failed').trim();
    const value = raw.toLowerCase();
    if (value === '' || value === 'wait')
        return 'wait';
    if (value === 'fail')
        return 'fail';
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`on-failed\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it must be \`wait\` (a \`failed\` operation may be retried by the ` +
        'platform: wait until it ends, within `timeout`) or `fail` (fail at the first `failed`).');
}
/** For each project. */
const DEFAULT_MAX_OPERATIONS = 1000;
const MAX_MAX_OPERATIONS = 100_000;
const ALL_PROJECTS = 'all';
const SINCE_RANGE = { min: '1m', max: '3650d' };
/** Any such name is taken: the service has more actions than the spec lists. */
const ACTION = /^[A-Za-z0-9_.-]{1,64}$/;
/** 2026-11-20, 2026-11-20T06:00Z, 2026-11-20T06:00:00.5+01:00. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
function readListOperationsSettings(read) {
    const statuses = readStatuses(read, 'operation-statuses');
    const actions = readActions(read);
    const failOnStatus = readStatuses(read, 'fail-on-status');
    const since = readSince(read);
    if (statuses && failOnStatus && !failOnStatus.some((status) => statuses.includes(status))) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Inputs \`operation-statuses\` (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(statuses.join(', '))}) and \`fail-on-status\` ` +
            `(${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(failOnStatus.join(', '))}) share no status. Only operations with a status of ` +
            '`operation-statuses` are listed, so the step could never fail on `fail-on-status`. ' +
            'Add the statuses of `fail-on-status` to `operation-statuses`, or remove `operation-statuses`.');
    }
    return {
        projects: readProjectScope(read),
        ...(since === undefined ? {} : { since }),
        maxOperations: readMaxOperations(read),
        ...(statuses === undefined ? {} : { statuses }),
        ...(actions === undefined ? {} : { actions }),
        ...(failOnStatus === undefined ? {} : { failOnStatus }),
    };
}
/** Neither `project-id` nor `project-ids` is an error: a mistyped expression gives an empty value. */
function readProjectScope(read) {
    const projectId = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .readOptionalProjectId */ .Le)(read);
    const rawIds = read('project-ids').trim();
    const branchId = read('branch-id').trim() || undefined;
    const orgId = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .readOrgId */ .cZ)(read);
    if (projectId !== undefined && rawIds) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Inputs `project-id` and `project-ids` were both given to list-operations. Give one: `project-id` for one ' +
            'project, or `project-ids` for a list (or `all`).');
    }
    if (projectId === undefined && !rawIds) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('list-operations needs `project-id` (one project) or `project-ids`, and neither was given. ' +
            '`project-ids` takes a JSON array of project ids (as the `project-ids` output of list-projects gives it), ' +
            'one id a line, or the word `all` for every project of the organization. A mistyped expression gives an ' +
            'empty value too, so the step does not guess.');
    }
    if (branchId !== undefined && projectId === undefined) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `branch-id` applies to one project: set `project-id` to the project of that branch, in place of `project-ids`.');
    }
    if (branchId !== undefined && !_api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .PLATFORM_ID */ .Ag.test(branchId)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`branch-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(branchId, 80)}: it must be 1 to 60 lower-case letters, digits or hyphens (e.g. br-wispy-meadow-a5kd0r2p).`);
    }
    const all = rawIds.toLowerCase() === ALL_PROJECTS;
    if (orgId !== undefined && !all) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `org-id` chooses the organization of `project-ids: all`. With `project-id` or a list of project ids it ' +
            'has no effect. Remove it, or set `project-ids: all` to list every project of that organization.');
    }
    if (projectId !== undefined)
        return { kind: 'one', projectId, ...(branchId === undefined ? {} : { branchId }) };
    if (all)
        return { kind: 'all', ...(orgId === undefined ? {} : { orgId }) };
    const ids = [];
    for (const id of (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .listEntries */ .fi)(rawIds, 'project-ids')) {
        if (!_api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .PLATFORM_ID */ .Ag.test(id)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`project-ids\` holds ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(id, 80)}, which is not a project id (1 to 60 lower-case letters, digits or hyphens): ` +
                'pass a JSON array of ids, one id a line, or `all`.');
        }
        if (!ids.includes(id))
            ids.push(id);
    }
    return { kind: 'list', projectIds: ids };
}
/** A span back from now (`24h`, `7d`), or an ISO 8601 time with its zone. A date alone means its midnight UTC. */
function readSince(read) {
    const text = read('since').trim();
    if (!text)
        return undefined;
    const span = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseDuration */ .E9)(text);
    if (span !== undefined) {
        if (span < (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseDuration */ .E9)(SINCE_RANGE.min) || span > (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseDuration */ .E9)(SINCE_RANGE.max))
            throw sinceError(text);
        return { kind: 'ago', ms: span, text };
    }
    const match = ISO_TIME.exec(text);
    if (!match)
        throw sinceError(text);
    const [, year, month, day, hour, minute, second, zone] = match;
    if (hour !== undefined && zone === undefined) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`since\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(text, 80)}, a time without a zone: end it with Z for UTC (e.g. ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(`${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}Z`)}).`);
    }
    const ms = Date.parse(hour === undefined ? `${text}T00:00:00Z` : text);
    // Date.parse reads 2026-02-30 as 2 March, but a day the month does not have is a mistake.
    // Not Date.UTC: it reads year 0 as 1900.
    const calendar = new Date(Date.parse(`${year}-${month}-${day}T00:00:00Z`));
    if (Number.isNaN(ms) || calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day))
        throw sinceError(text);
    return { kind: 'at', ms, text };
}
function sinceError(text) {
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`since\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(text, 80)}: it must be a span back from now, a whole number and a unit (m, h, d or w, from ` +
        `${SINCE_RANGE.min} to ${SINCE_RANGE.max}, e.g. 24h or 7d), or an ISO 8601 time in UTC (e.g. 2026-11-20T06:00:00Z, or 2026-11-20 for its midnight).`);
}
function readMaxOperations(read) {
    const raw = read('max-operations').trim();
    if (!raw)
        return DEFAULT_MAX_OPERATIONS;
    const value = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value <= MAX_MAX_OPERATIONS)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`max-operations\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it must be a whole number from 1 to ${MAX_MAX_OPERATIONS}, ` +
            `the most operations listed of each project, the newest (default ${DEFAULT_MAX_OPERATIONS}).`);
    }
    return value;
}
function readStatuses(read, input) {
    const raw = read(input).trim();
    if (!raw)
        return undefined;
    const statuses = [];
    for (const word of listWords(raw, input)) {
        const status = word.toLowerCase();
        if (!_operations_status_js__WEBPACK_IMPORTED_MODULE_2__/* .OPERATION_STATUSES */ .xQ.includes(status)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` holds ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(word, 80)}, which is not an operation status: use ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(_operations_status_js__WEBPACK_IMPORTED_MODULE_2__/* .OPERATION_STATUSES */ .xQ.join(', '))}.`);
        }
        if (!statuses.includes(status))
            statuses.push(status);
    }
    return statuses;
}
function readActions(read) {
    const raw = read('operation-actions').trim();
    if (!raw)
        return undefined;
    const actions = [];
    for (const action of listWords(raw, 'operation-actions')) {
        if (!ACTION.test(action)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`operation-actions\` holds ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(action, 80)}, which is not an action: letters, digits and _ . - (e.g. start_compute, apply_config).`);
        }
        if (!actions.includes(action))
            actions.push(action);
    }
    return actions;
}
/** Words separated by commas or blanks, or a JSON array of strings; at least one. */
function listWords(raw, input) {
    const items = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .jsonArrayItems */ .Ur)(raw, input, 'pass a JSON array of strings, or words separated by commas.');
    const words = items === undefined
        ? raw.split(/[\s,]+/).filter(Boolean)
        : items.map((item, i) => {
            if (typeof item !== 'string' || item.trim() === '') {
                throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\`: item ${i + 1} of the JSON array is not a word.`);
            }
            return item.trim();
        });
    // `[]` would keep nothing, and an expression that came out empty can give it.
    if (words.length === 0)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` is an empty list: name at least one, or leave it out.`);
    return words;
}


/***/ }),

/***/ 3332:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ readSecretStorage),
/* harmony export */   n: () => (/* binding */ readGitHubToken)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _github_targets_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5617);
/* harmony import */ var _values_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8463);
// Where rotate-key stores the new key, and `github-token`.




const MAX_ENVIRONMENT_NAME_LENGTH = 255;
/** Each target costs two or three reads and a write; GitHub's secondary rate limit allows about 80 writes a minute. */
const MAX_SECRET_TARGETS = 50;
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** It goes in a header: a bad one could make the request fail in a way that ends the step without an error. */
function readGitHubToken(read) {
    const token = read('github-token').trim();
    if (token && !(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .isPrintableToken */ .NC)(token)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `github-token` must be a single token of printable ASCII characters, without spaces or line breaks.');
    }
    return token || undefined;
}
/** Without `secret-targets`, the workflow's repository, or its `secret-environment`. */
function readSecretStorage(read, runner) {
    const name = read('secret-name').trim();
    const environment = read('secret-environment').trim() || undefined;
    const listed = read('secret-targets').trim();
    if (!name) {
        // A storage input without a name: `secret-name`'s expression came out empty, and the key would go unstored.
        const storageInputs = [
            'secret-environment',
            'secret-targets',
            'secret-visibility',
            'secret-repositories',
            'github-token',
        ];
        for (const input of storageInputs) {
            if (read(input).trim()) {
                throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` was given without \`secret-name\`: name the secret to store the new key in (the same name in every target).`);
            }
        }
        return undefined;
    }
    if (environment !== undefined && !isEnvironmentName(environment)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`secret-environment\` must be the name of an environment of the repository: one line of at most ${MAX_ENVIRONMENT_NAME_LENGTH} characters, as GitHub names environments, and not \`.\` or \`..\`.`);
    }
    if (!SECRET_NAME.test(name) || /^GITHUB_/i.test(name)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`secret-name\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(name)}: a secret name is letters, digits and underscores, does not start with a digit, and does not start with GITHUB_.`);
    }
    if (listed && environment !== undefined) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Inputs `secret-targets` and `secret-environment` were both given: in `secret-targets`, name an environment secret as `owner/repo:environment`.');
    }
    const targets = listed ? readSecretTargets(listed) : [oneTarget(readRepository(runner.repository), environment)];
    const access = readOrganizationAccess(read, targets);
    const token = readGitHubToken(read);
    if (!token) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `secret-name` needs `github-token`: a token that may write the secrets (a fine-grained token or a ' +
            'GitHub App token with the permissions each target needs). The default GITHUB_TOKEN cannot write secrets.');
    }
    return { name, token, targets, ...(access === undefined ? {} : { access }) };
}
function oneTarget(repository, environment) {
    return environment === undefined
        ? { kind: 'repository', ...repository }
        : { kind: 'environment', ...repository, environment };
}
function readSecretTargets(raw) {
    const targets = [];
    const seen = new Set();
    for (const [i, entry] of (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .listEntries */ .fi)(raw, 'secret-targets').entries()) {
        const target = parseSecretTarget(entry, i + 1);
        const id = (0,_github_targets_js__WEBPACK_IMPORTED_MODULE_2__/* .targetText */ .Z3)(target).toLowerCase();
        if (seen.has(id))
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`secret-targets\` names ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(id)} twice: name each target once.`);
        seen.add(id);
        targets.push(target);
    }
    if (targets.length === 0) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `secret-targets` names no target: list `owner/repo`, `owner/repo:environment` or `org:NAME`, one a line.');
    }
    if (targets.length > MAX_SECRET_TARGETS) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`secret-targets\` names ${targets.length} targets: one rotation stores the key in at most ${MAX_SECRET_TARGETS}. ` +
            'Share it through an organization secret (`org:NAME`) with the repositories that read it.');
    }
    return targets;
}
function parseSecretTarget(entry, position) {
    const refuse = (reason) => new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`secret-targets\`, entry ${position} (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(entry, 80)}), is not a target: ${reason}`);
    const usage = 'write `owner/repo`, `owner/repo:environment`, `org:NAME`, `dependabot:owner/repo` or `dependabot:org:NAME`, one a line.';
    const lower = entry.toLowerCase();
    const dependabot = lower.startsWith('dependabot:');
    const rest = dependabot ? entry.slice('dependabot:'.length) : entry;
    if (rest.toLowerCase().startsWith('org:')) {
        const org = rest.slice('org:'.length);
        if (!OWNER.test(org))
            throw refuse(usage);
        return dependabot ? { kind: 'dependabot-organization', org } : { kind: 'organization', org };
    }
    const colon = rest.indexOf(':');
    const repository = parseRepository(colon < 0 ? rest : rest.slice(0, colon));
    if (!repository)
        throw refuse(usage);
    if (colon < 0)
        return dependabot ? { kind: 'dependabot', ...repository } : { kind: 'repository', ...repository };
    if (dependabot)
        throw refuse('Dependabot has no environment secrets; write `dependabot:owner/repo`.');
    const environment = rest.slice(colon + 1);
    if (!environment || !isEnvironmentName(environment))
        throw refuse(usage);
    return { kind: 'environment', ...repository, environment };
}
function parseRepository(text) {
    const [owner = '', repo = '', ...more] = text.split('/');
    return OWNER.test(owner) && REPO.test(repo) && repo !== '.' && repo !== '..' && more.length === 0
        ? { owner, repo }
        : undefined;
}
/** In a URL, `.` and `..` would name another path. */
function isEnvironmentName(name) {
    return [...name].length <= MAX_ENVIRONMENT_NAME_LENGTH && !(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .hasControlCharacters */ .Kg)(name) && name !== '.' && name !== '..';
}
/** Who may read the organization secrets. Unset, each keeps its own. */
function readOrganizationAccess(read, targets) {
    const visibility = read('secret-visibility').trim();
    const listed = read('secret-repositories').trim();
    if (!visibility && !listed)
        return undefined;
    const organizations = targets.flatMap((t) => t.kind === 'organization' || t.kind === 'dependabot-organization' ? [t.org] : []);
    if (organizations.length === 0) {
        const input = visibility ? 'secret-visibility' : 'secret-repositories';
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` applies only to organization secrets (\`org:NAME\` or \`dependabot:org:NAME\` in \`secret-targets\`).`);
    }
    if (visibility && !_github_targets_js__WEBPACK_IMPORTED_MODULE_2__/* .VISIBILITIES */ .jZ.includes(visibility)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`secret-visibility\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(visibility, 80)}: it must be all, private or selected (leave it empty to keep each secret's visibility).`);
    }
    if (visibility !== 'selected') {
        if (listed)
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `secret-repositories` applies only with `secret-visibility: selected`.');
        return { visibility: visibility };
    }
    if (!listed) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `secret-visibility` is selected: list the repositories that may read the secret in `secret-repositories`.');
    }
    const repositories = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .listEntries */ .fi)(listed, 'secret-repositories').map((entry, i) => {
        if (REPO.test(entry) && entry !== '.' && entry !== '..')
            return { repo: entry };
        const named = parseRepository(entry);
        if (!named) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`secret-repositories\`, entry ${i + 1} (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(entry, 80)}), is not a repository: write \`repo\` or \`owner/repo\`, one a line.`);
        }
        const outside = organizations.find((org) => org.toLowerCase() !== named.owner.toLowerCase());
        if (outside !== undefined) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`secret-repositories\` names ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(`${named.owner}/${named.repo}`)}, which is not a repository of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(outside)}: ` +
                'an organization secret is read only by its own repositories.');
        }
        return named;
    });
    return { visibility, repositories };
}
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
function readRepository(value) {
    const repository = parseRepository(value ?? '');
    if (!repository) {
        const reason = value ? `is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(value, 150)}, not owner/repo` : 'is not set';
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RunnerVariableError */ .tB(`GITHUB_REPOSITORY ${reason}, so the repository to store the secret in is unknown: run rotate-key with \`secret-name\` as a step of a GitHub Actions job, or name the targets in \`secret-targets\`.`);
    }
    return repository;
}


/***/ }),

/***/ 9695:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   bB: () => (/* binding */ readApiHost),
/* harmony export */   m4: () => (/* binding */ DEFAULT_API_HOST),
/* harmony export */   p5: () => (/* binding */ readGitHubApiUrl)
/* harmony export */ });
/* unused harmony export isLoopback */
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _http_proxy_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7856);
/**
 * The URLs a credential is sent to. Plain http only to a loopback address written as one, and never through a proxy,
 * so the credential crosses no network. A name, `localhost` too, may lead to another machine.
 */



const DEFAULT_API_HOST = 'https://console.neon.tech/api/v2';
const SERVICE_URLS = {
    'api-host': {
        named: 'Input `api-host`',
        refuse: (message) => new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(message),
        notUrl: `Use e.g. ${DEFAULT_API_HOST}.`,
        credentials: 'pass the key in `api-key`',
        sent: 'the API key',
    },
    GITHUB_API_URL: {
        named: 'GITHUB_API_URL',
        refuse: (message) => new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RunnerVariableError */ .tB(message),
        notUrl: "It names GitHub's REST API: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server.",
        credentials: 'the token goes in `github-token`',
        sent: 'the GitHub token',
    },
};
/** No proxy variable may send a plain-http `api-host` through a proxy. */
function readApiHost(raw, proxies = {}) {
    return readServiceUrl(raw.trim() || DEFAULT_API_HOST, SERVICE_URLS['api-host'], proxies);
}
/** Undefined when unset: GitHub's own. `proxies` is given when the token goes there. */
function readGitHubApiUrl(raw, proxies = {}) {
    const value = raw?.trim();
    return value ? readServiceUrl(value, SERVICE_URLS.GITHUB_API_URL, proxies) : undefined;
}
/** Without a trailing slash. */
function readServiceUrl(value, rules, proxies) {
    let url;
    try {
        url = new URL(value);
    }
    catch {
        throw rules.refuse(`${rules.named} is not a URL: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(value)}. ${rules.notUrl}`);
    }
    if (url.username || url.password) {
        throw rules.refuse(`${rules.named} must not carry credentials: ${rules.credentials}.`);
    }
    if (url.search || url.hash)
        throw rules.refuse(`${rules.named} must not have a query or a fragment.`);
    if (url.protocol === 'http:') {
        if (LOCALHOST.test(url.hostname)) {
            const literal = new URL(url.href);
            literal.hostname = '127.0.0.1';
            throw rules.refuse(`${rules.named} uses plain http to the name ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(url.hostname)}, which /etc/hosts or DNS may lead to ` +
                `another machine: ${rules.sent} would go there unencrypted. ` +
                `Use the address: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(literal.href.replace(/\/$/, ''))}.`);
        }
        if (!isLoopback(url.hostname)) {
            throw rules.refuse(`${rules.named} uses plain http to ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(url.hostname)}: ${rules.sent} would cross the network unencrypted. ` +
                'Use https (plain http is accepted only for a loopback address: 127.0.0.0/8 or ::1).');
        }
        const inClear = (0,_http_proxy_js__WEBPACK_IMPORTED_MODULE_2__/* .refuseInClear */ .Nr)(url.href, proxies, `${rules.named} (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(url.href)})`, rules.sent);
        if (inClear)
            throw inClear;
    }
    else if (url.protocol !== 'https:') {
        throw rules.refuse(`${rules.named} must be an https URL, not ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(url.protocol.replace(/:$/, ''))}.`);
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
/** Resolvers send these to loopback by custom, not by rule. */
const LOCALHOST = /(?:^|\.)localhost\.?$/i;
/** Never a name. URL parsing already turned `127.1` into `127.0.0.1`. */
function isLoopback(hostname) {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (host === '::1')
        return true;
    const parts = host.split('.');
    return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}


/***/ }),

/***/ 8463:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $7: () => (/* binding */ readDuration),
/* harmony export */   E9: () => (/* binding */ parseDuration),
/* harmony export */   Le: () => (/* binding */ readOptionalProjectId),
/* harmony export */   UW: () => (/* binding */ readSeconds),
/* harmony export */   Ur: () => (/* binding */ jsonArrayItems),
/* harmony export */   Vf: () => (/* binding */ readBoolean),
/* harmony export */   bS: () => (/* binding */ readProjectId),
/* harmony export */   cZ: () => (/* binding */ readOrgId),
/* harmony export */   fi: () => (/* binding */ listEntries),
/* harmony export */   j7: () => (/* binding */ readSearch),
/* harmony export */   jN: () => (/* binding */ readKeyId),
/* harmony export */   oN: () => (/* binding */ requireInput),
/* harmony export */   x9: () => (/* binding */ readKeyName)
/* harmony export */ });
/* harmony import */ var _api_ids_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7958);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
// Each reader throws an InputError naming its input. An empty value never allows more: a mistyped expression gives one.



const MAX_SEARCH_LENGTH = 256;
function readSeconds(read, input, fallback, minimum, maximum) {
    const raw = read(input).trim();
    if (!raw)
        return fallback;
    const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
    const rule = minimum > 0
        ? `a number of seconds from ${minimum} to ${maximum}`
        : `a positive number of seconds, at most ${maximum}`;
    if (!Number.isFinite(value) || value < minimum || value <= 0 || value > maximum) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw)}: it must be ${rule} (default ${fallback}).`);
    }
    return value;
}
function readKeyName(read) {
    const value = read('key-name').trim();
    if (!value)
        return undefined;
    const length = [...value].length;
    if (length > _api_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_KEY_NAME_LENGTH */ .ih) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`key-name\` is ${length} characters long: it must be 1 to ${_api_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_KEY_NAME_LENGTH */ .ih} characters.`);
    }
    if ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .hasControlCharacters */ .Kg)(value)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `key-name` must be a single line without control characters.');
    }
    return value;
}
function readKeyId(read) {
    const raw = read('key-id').trim();
    if (!raw)
        return undefined;
    const value = /^[1-9]\d*$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`key-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw)}: it must be a positive integer, the id of an API key (see list-keys).`);
    }
    return value;
}
/** `message` says what the command needs it for. */
function readProjectId(read, message) {
    const value = readOptionalProjectId(read);
    if (!value)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(message);
    return value;
}
function readOptionalProjectId(read) {
    const value = read('project-id').trim();
    if (!value)
        return undefined;
    if (!_api_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .PLATFORM_ID */ .Ag.test(value)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`project-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(value)}: it must be 1 to 60 lower-case letters, digits or hyphens.`);
    }
    return value;
}
function readOrgId(read) {
    const value = read('org-id').trim();
    if (!value)
        return undefined;
    if (!_api_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .PLATFORM_ID */ .Ag.test(value)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`org-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(value, 80)}: it must be an organization id, 1 to 60 lower-case letters, digits or hyphens (e.g. org-quiet-river-12345678).`);
    }
    return value;
}
/** One line, bounded. */
function readSearch(read) {
    const value = read('search').trim();
    if (!value)
        return undefined;
    const length = [...value].length;
    if (length > MAX_SEARCH_LENGTH) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`search\` is ${length} characters long: it must be 1 to ${MAX_SEARCH_LENGTH} characters.`);
    }
    if ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .hasControlCharacters */ .Kg)(value))
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `search` must be one line without control characters.');
    return value;
}
/** `fallback` when empty: an unset input and an expression that came out empty look the same. */
function readBoolean(read, input, fallback = false) {
    const raw = read(input).trim();
    if (!raw)
        return fallback;
    if (/^(false|False|FALSE)$/.test(raw))
        return false;
    if (/^(true|True|TRUE)$/.test(raw))
        return true;
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw)}: it must be true or false.`);
}
const DURATION_UNITS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
/** `90m`, `2h`, `7d`, `2w` in ms; undefined for anything else. */
function parseDuration(text) {
    const match = /^(\d{1,7})([mhdw])$/.exec(text);
    if (!match)
        return undefined;
    return Number(match[1]) * DURATION_UNITS[match[2]];
}
/** Undefined when empty. */
function readDuration(read, input, range) {
    const raw = read(input).trim();
    if (!raw)
        return undefined;
    const ms = parseDuration(raw);
    if (ms === undefined || ms < parseDuration(range.min) || ms > parseDuration(range.max)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it must be a whole number and a unit, ` +
            `m (minutes), h (hours), d (days) or w (weeks), from ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(range.min)} to ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(range.max)}, e.g. 2h or 7d.`);
    }
    return ms;
}
function requireInput(value, message) {
    if (value === undefined)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(message);
    return value;
}
/** A JSON array of strings (what `toJSON` gives), or one entry a line; a YAML list works too. */
function listEntries(raw, input) {
    const text = raw.trim();
    const items = jsonArrayItems(text, input, 'pass a JSON array of strings, or one entry a line.');
    if (items === undefined) {
        return text
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line !== '' && !line.startsWith('#'))
            .map((line) => line.replace(/^-\s+/, '').trim())
            .map((line) => (/^(["'])(.*)\1$/.exec(line)?.[2] ?? line).trim());
    }
    return items.map((item, i) => {
        if (typeof item !== 'string')
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\`: item ${i + 1} of the JSON array is not a string.`);
        // An expression that came out empty gives an empty item: never skipped, unlike a blank line.
        if (item.trim() === '')
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\`: item ${i + 1} of the JSON array is empty.`);
        return item.trim();
    });
}
/** Undefined when it does not start with `[`. */
function jsonArrayItems(text, input, hint) {
    if (!text.startsWith('['))
        return undefined;
    try {
        // JSON that starts with "[" is an array.
        return JSON.parse(text);
    }
    catch {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` starts with "[" but is not valid JSON: ${hint}`);
    }
}


/***/ }),

/***/ 3495:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q$: () => (/* binding */ madeBySomeoneWhoLeft),
/* harmony export */   Sq: () => (/* binding */ creatorName),
/* harmony export */   Su: () => (/* binding */ openMembers),
/* harmony export */   Y$: () => (/* binding */ describeDeparture),
/* harmony export */   j7: () => (/* binding */ describeUnexpectedCreator),
/* harmony export */   kH: () => (/* binding */ MEMBERS),
/* harmony export */   rR: () => (/* binding */ creatorStatus),
/* harmony export */   yg: () => (/* binding */ warnUnknownCreators)
/* harmony export */ });
/* unused harmony export membersById */
/* harmony import */ var _api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9214);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(766);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1070);
/**
 * Organization keys made by someone who left. A personal key loses its access when its maker leaves; an organization
 * or project-scoped key stays valid until someone revokes it (docs/offboarding.md).
 */




const MEMBERS = 'members';
/** A user id. Anything else names no creator the action can read, and is never taken for someone who left. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The nil and the max UUID stand for no user. */
const NO_USER = /^(?:[0-]{36}|[f-]{36})$/i;
function isUserId(id) {
    return USER_ID.test(id) && !NO_USER.test(id);
}
function creatorStatus(key, members) {
    const id = key.created_by?.id;
    if (id === undefined || !isUserId(id))
        return 'unknown';
    const member = members.get(id.toLowerCase());
    if (!member)
        return 'left';
    return member.deactivated ? 'deactivated' : 'member';
}
function madeBySomeoneWhoLeft(key, members) {
    const status = creatorStatus(key, members);
    return status === 'left' || status === 'deactivated';
}
/**
 * Reads every member before any key is judged. A page that cannot be read fails the step, before any key is
 * revoked. An empty list fails it too, because every organization has an admin.
 */
async function openMembers(ctx, orgId) {
    const members = await (0,_api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .listOrganizationMembers */ .rF)(ctx.client, orgId);
    if (members.length === 0) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(`The platform listed no member of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(orgId)}, and an organization has at least one admin. ` +
            'The action does not take an empty list to mean that everyone left. ' +
            'It judges no key by it, and the step fails. ' +
            'Run it again. If the list is still empty, report it to the platform.');
    }
    const deactivated = members.filter((member) => member.deactivated).length;
    ctx.log.info(`Members of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(orgId)}: ${members.length}, ${deactivated} of them with a deactivated account.`);
    return membersById(members);
}
function membersById(members) {
    return new Map(members.map((member) => [member.user_id.toLowerCase(), member]));
}
function creatorName(key) {
    return key.created_by?.name || key.created_by?.id || 'unknown';
}
/** A clause such as: made by "Ann", who left the organization. */
function describeDeparture(key, status) {
    const who = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quoted */ .TL)(creatorName(key), 80);
    return status === 'deactivated'
        ? `made by ${who}, whose account is deactivated`
        : `made by ${who}, who left the organization`;
}
/** "API key 42 "ci-deploy", created 2026-01-05 10:00 UTC, made by "Ann", who left the organization". */
function describeUnexpectedCreator(key, members) {
    const created = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)((0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDate */ .Yq)(key.created_at), 40);
    return `API key ${key.id} ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quoted */ .TL)(key.name, 80)}, created ${created}, ${describeDeparture(key, creatorStatus(key, members))}`;
}
/** A key whose creator cannot be read is never flagged by its creator, so a warning names it instead. */
function warnUnknownCreators(ctx, keys, members, max) {
    const unknown = keys.filter((key) => creatorStatus(key, members) === 'unknown');
    for (const key of unknown.slice(0, max)) {
        const id = key.created_by?.id;
        const read = id === undefined ? 'created_by' : `created_by: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quoted */ .TL)(id, 80)}, not a user id`;
        ctx.log.warning(`API key ${key.id} ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quoted */ .TL)(key.name, 80)}: ` +
            `the platform's record names no creator the action can read (${read}). ` +
            'So the action cannot tell whether its maker is still a member. ' +
            'It does not flag the key as made by someone who left.');
    }
    if (unknown.length > max)
        ctx.log.warning(`…and ${unknown.length - max} more keys whose creator is not known.`);
}


/***/ }),

/***/ 8121:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DA: () => (/* binding */ EXPIRY_SUFFIX_LENGTH),
/* harmony export */   MC: () => (/* binding */ withExpiry),
/* harmony export */   d3: () => (/* binding */ expiresAtOutput),
/* harmony export */   p1: () => (/* binding */ expiryOf)
/* harmony export */ });
/* unused harmony export expirySuffix */
/**
 * An expiry written into a key's name: the platform's keys never expire, and have no field for it (docs/keys.md).
 *
 *     <name>~exp-YYYYMMDDTHHMMZ        e.g. deploy-42~exp-20261122T1400Z
 *
 * UTC, rounded up to the minute, so a key never expires before the time asked for. Only this exact form, with a real
 * time, counts: a near miss does not.
 */
const EXPIRY_MARK = '~exp-';
/** `~exp-` and `YYYYMMDDTHHMMZ`. */
const EXPIRY_SUFFIX_LENGTH = EXPIRY_MARK.length + 14;
const MINUTE_MS = 60_000;
/** The form has four digits for the year. */
const LAST_YEAR = 9999;
// Stryker disable next-line Regex: equivalent, as expiryOf() writes the time back and compares it
const SUFFIX = /^([\s\S]+)~exp-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/;
/** `expiresAt` in ms since the epoch, rounded up to the minute. */
function withExpiry(name, expiresAt) {
    return `${name}${expirySuffix(expiresAt)}`;
}
function expirySuffix(expiresAt) {
    const minute = new Date(Math.ceil(expiresAt / MINUTE_MS) * MINUTE_MS);
    if (!Number.isFinite(minute.getTime()) || minute.getUTCFullYear() > LAST_YEAR || minute.getUTCFullYear() < 1970) {
        throw new RangeError(`an expiry must fall between 1970 and ${LAST_YEAR}`);
    }
    const iso = minute.toISOString(); // YYYY-MM-DDTHH:MM:00.000Z
    return `${EXPIRY_MARK}${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
}
/** Undefined unless the name ends with the form, naming a real time (not month 13, 25:00, February 30). */
function expiryOf(name) {
    const match = SUFFIX.exec(name);
    if (!match)
        return undefined;
    const [year, month, day, hour, minute] = match.slice(2).map(Number);
    const at = Date.UTC(year, month - 1, day, hour, minute);
    // Date.UTC rolls over: month 13 becomes January. Only a real time writes back as it was read.
    if (Number.isNaN(at) || year < 1970 || expirySuffix(at) !== name.slice(-EXPIRY_SUFFIX_LENGTH))
        return undefined;
    return at;
}
/** So a later step need not parse the name. */
function expiresAtOutput(expiresAt) {
    return expiresAt === undefined ? {} : { 'expires-at': new Date(expiresAt).toISOString().replace('.000Z', 'Z') };
}


/***/ }),

/***/ 3320:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L8: () => (/* binding */ adviseScope),
/* harmony export */   OI: () => (/* binding */ describeScope),
/* harmony export */   Sh: () => (/* binding */ describeIds),
/* harmony export */   e1: () => (/* binding */ KeyLife),
/* harmony export */   gG: () => (/* binding */ cleanUpAfterJob),
/* harmony export */   oZ: () => (/* binding */ keyTargetFor)
/* harmony export */ });
/* unused harmony export describeKeys */
/* harmony import */ var _api_namespace_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3551);
/* harmony import */ var _api_organization_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1258);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6412);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(766);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8549);
/* harmony import */ var _http_retry_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8902);
/* harmony import */ var _ledger_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4299);
/* harmony import */ var _usage_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2811);









/**
 * A key's life: every key the action makes walks these states in one KeyLife. create-key and rotate-key call its
 * methods in order; the post step finishes what it saved (`cleanUpAfterJob`). Each method saves the state before its
 * effect, so the post step finds a known state whatever stops the main step.
 *
 * | state       | method        | what is saved first                            | next                         |
 * | ----------- | ------------- | ---------------------------------------------- | ---------------------------- |
 * | planned     | `run`, open   | the ids of the name's keys: `known`            | requesting                   |
 * | requesting  | `create`      |                                                | arrived, answer-lost, failed |
 * | answer-lost | `create`      | `inFlight`, when a cancel cut the create off   | requesting once more, failed |
 * | arrived     | `create`      | its id: `pending`                              | job key, storing, handed out |
 * | job key     | `keepForJob`  | its id: `jobKey`                               | handed out                   |
 * | storing     | `storing`     | its id: `storing`                              | handed out, pending again    |
 * | handed out  | `handOut`     | its id: `known`                                | settled                      |
 * | revoked     | `revokeNew`   | its id leaves `pending`                        | settled                      |
 * | settled     | `run`, once   | cleared, `finished`, or left for the post step |                              |
 *
 * A lost create is never sent again blindly: `findLostKey` lists the keys, and one key of the name that no list or
 * answer told of, never used, is that create's (nobody else can hold its value), so it is revoked. More than one, or
 * one in use, may be another job's: none is revoked, and the error names them. The promises this keeps, and the
 * cases that once broke them: docs/what-happens-when.md and __tests__/e2e/key-invariants.e2e.test.ts.
 */
/**
 * How long, and how often, the post step looks for the key of a create that was in flight at the cancel.
 * The platform carries out a create within seconds, or not at all.
 */
const LATE_KEY_WATCH_MS = 30_000;
const LATE_KEY_LOOK_EVERY_MS = 5_000;
/** The platform's keys are far shorter. A longer value would make an output and a mask that no step can carry. */
const MAX_KEY_VALUE_LENGTH = 1024;
async function keyTargetFor(ctx, scope) {
    const namespace = await (0,_api_organization_js__WEBPACK_IMPORTED_MODULE_1__/* .keyNamespaceFor */ .W7)(ctx, scope);
    return scope.projectId === undefined ? { namespace } : { namespace, projectId: scope.projectId };
}
class KeyLife {
    name;
    target;
    /** The keys of the namespace listed just before the create. */
    listed;
    ctx;
    time;
    /** Keys the post step leaves alone: those of the name from before, and new keys handed out. */
    known;
    /** Every key listed before the create, whatever its name: none of them can be this step's. */
    existing;
    pending = new Set();
    storingIds = new Set();
    revoked = new Set();
    jobKey;
    /** A create lost its answer, and its key has not been found. */
    lostKeyMissing = false;
    /** The runner's cancel cut that create off while it was in flight. */
    lostInFlight = false;
    /** Keys of lost creates that were revoked, for the messages. */
    lostKeysRevoked = [];
    /** What was saved last: a save that changes nothing is not written again. */
    lastSaved;
    constructor(ctx, name, target, listed) {
        this.ctx = ctx;
        this.time = ctx.time;
        this.name = name;
        this.target = target;
        this.listed = listed;
        this.known = new Set(listed.filter((k) => this.sameKind(k)).map((k) => k.id));
        this.existing = new Set(listed.map((k) => k.id));
    }
    /**
     * Opens a key's life for `name`: lists the keys and saves them before any create, runs `body`, and settles once at
     * the end, however `body` ends. From the list on, the runner's signal no longer ends the step at once: the step
     * finishes or undoes its work.
     */
    static async run(ctx, name, target, body) {
        ctx.time.hold();
        const life = new KeyLife(ctx, name, target, await (0,_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .listKeysMerged */ .PT)(ctx.client, target.namespace));
        if (life.known.size > _ledger_js__WEBPACK_IMPORTED_MODULE_7__/* .MAX_KNOWN_KEYS */ .mb) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ(`${life.known.size} keys are named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(name)} already, more than the ${_ledger_js__WEBPACK_IMPORTED_MODULE_7__/* .MAX_KNOWN_KEYS */ .mb} this step can keep track of ` +
                'to find a new key after a lost answer or a cancellation. Revoke the ones no longer used, or choose another `key-name`.');
        }
        life.save();
        try {
            return await body(life);
        }
        finally {
            life.settle();
        }
    }
    /** A key of this life's name and project: a list holds one namespace. */
    sameKind(key) {
        return key.name === this.name && (key.project_id ?? undefined) === this.target.projectId;
    }
    /** Keys of the name that appeared during the run, that no list or answer told this step of: another job's, or lost. */
    strangers(keys) {
        return keys.filter((k) => this.sameKind(k) &&
            !this.known.has(k.id) &&
            !this.pending.has(k.id) &&
            !this.storingIds.has(k.id) &&
            !this.revoked.has(k.id));
    }
    /**
     * Creates the key, masks it at once, and saves it as pending. After a lost answer, it looks for that create's key
     * and creates once more (RETRY_POLICIES.recreate); it never sends a create again blindly.
     */
    async create() {
        let state = { at: 'requesting', attempt: 1 };
        for (;;) {
            if (state.at === 'requesting')
                state = await this.request(state.attempt);
            else if (state.at === 'answer-lost')
                state = await this.afterLostAnswer(state);
            else if (state.at === 'arrived')
                return this.accept(state.created);
            else
                throw await this.failedToCreate(state);
        }
    }
    /** The key stays valid until the job ends: the post step revokes it. */
    keepForJob(id) {
        this.jobKey = id;
        this.save();
    }
    /** Secret writes of the key are about to leave: from now on a target may hold it, so it is never revoked blindly. */
    storing(id) {
        this.pending.delete(id);
        this.storingIds.add(id);
        this.save();
    }
    /** No secret target took the key: until it is revoked, the post step would revoke it. */
    notStored(id) {
        this.storingIds.delete(id);
        this.pending.add(id);
        this.save();
    }
    /** The key is stored, in an output, or named in the step's error: the post step leaves it alone. */
    handOut(id) {
        this.pending.delete(id);
        this.storingIds.delete(id);
        this.known.add(id);
        this.save();
    }
    /** Revokes a new key not handed out. It counts as revoked only when an answer shows it; a 404 means it is gone. */
    async revokeNew(id) {
        try {
            await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .revokeKeyIn */ .FG)(this.cleanupClient(), this.target.namespace, id);
        }
        catch (error) {
            if (!(0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .alreadyRevoked */ .Tg)(error)) {
                return {
                    revoked: false,
                    message: `Revoking the new key ${id} failed too (${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)}): the post step tries again, or revoke it by hand.`,
                };
            }
        }
        this.gone(id);
        return { revoked: true, message: `The new key ${id} was revoked.` };
    }
    /** Before `work` starts: once the runner cancelled the step, the new key is revoked and the step stops. */
    async stopIfCancelled(id, work) {
        try {
            this.time.checkpoint(work);
        }
        catch (error) {
            const undo = await this.revokeNew(id);
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .StepCancelled */ .EI(`${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)} ${undo.message}`);
        }
    }
    /** requesting → arrived, answer-lost (the create may have made a key) or failed (it certainly made none). */
    async request(attempt) {
        try {
            this.time.checkpoint(`create key ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(this.name)}`);
        }
        catch (error) {
            return { at: 'failed', attempt, error };
        }
        const { namespace, projectId } = this.target;
        try {
            return { at: 'arrived', created: await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .createKeyIn */ .h3)(this.ctx.client, namespace, this.name, projectId) };
        }
        catch (error) {
            if (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .RequestError */ .G && error.mayHaveTakenEffect)
                return { at: 'answer-lost', attempt, error };
            return { at: 'failed', attempt, error };
        }
    }
    /** answer-lost → requesting once more, or failed. A look that cannot tell which key is the step's ends the step. */
    async afterLostAnswer({ attempt, error }) {
        this.lostKeyMissing = true;
        this.lostInFlight = error.kind === 'cancelled';
        if (this.lostInFlight)
            this.save();
        const lost = await this.findLostKey();
        if (lost.found !== 'none' && lost.found !== 'revoked')
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ(`${error.message} Creating key ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(this.name)} may have succeeded without an answer. ${describeLostKey(lost, this.name)}${LOOKS_AGAIN}`);
        const policy = _http_retry_js__WEBPACK_IMPORTED_MODULE_6__/* .RETRY_POLICIES */ .qW.recreate;
        const again = attempt < policy.attempts && policy.delay(error, attempt, Math.random) !== undefined;
        // After the runner's signal or the step's timeout, do not create again: the look was the last work.
        const stopped = this.time.signal !== undefined || this.ctx.clock.now() >= this.ctx.client.deadline;
        if (!again || stopped)
            return { at: 'failed', attempt, error };
        const look = lost.found === 'none' ? 'No key of that attempt is there yet.' : describeLostKey(lost, this.name);
        this.ctx.log.warning(`The answer to creating key ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(this.name)} was lost (${error.kind}). ${look} Creating it once more.`);
        return { at: 'requesting', attempt: attempt + 1 };
    }
    /**
     * arrived → pending, or revoked at once: a key must come back new, scoped as asked, with a printable token as its
     * value. After an earlier lost answer, it looks once more for that create's key.
     */
    async accept(created) {
        if (created.key)
            this.ctx.mask(created.key);
        if (this.existing.has(created.id)) {
            // Do not revoke by that id. If the platform made a key, the look finds it by its name.
            this.lostKeyMissing = true;
            const untrue = new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ(`The platform answered the create with key ${created.id}, which was there before this step: not this step's key.`);
            throw await this.failedToCreate({ at: 'failed', attempt: 2, error: untrue });
        }
        this.pending.add(created.id);
        this.save();
        if (!(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .isPrintableToken */ .NC)(created.key, MAX_KEY_VALUE_LENGTH)) {
            throw await this.revokeAtOnce(created.id, `The platform answered key ${created.id} with a value that is not a printable token.`);
        }
        const { namespace, projectId } = this.target;
        if (projectId !== undefined && created.project_id !== projectId) {
            // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, as every project key is an org key
            const orgId = namespace.kind === 'organization' ? namespace.orgId : '';
            const answered = created.project_id === undefined
                ? `with no project, so it would reach every project of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(orgId)}`
                : `scoped to project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(created.project_id, 80)}`;
            throw await this.revokeAtOnce(created.id, `The platform was asked for a key scoped to project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(projectId)} and answered key ${created.id} ${answered}.`);
        }
        if (this.lostKeyMissing)
            await this.lookForLateKey(created.id);
        return created;
    }
    /** A key arrived after an earlier lost answer, whose key was not found: the platform may make that key late. */
    async lookForLateKey(createdId) {
        const lost = await this.findLostKey();
        if (lost.found === 'none') {
            this.ctx.log.info(`No other new key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(this.name)} is there; the post step looks once more when the job ends.`);
        }
        else if (lost.found === 'revoked') {
            this.ctx.log.info(`Key ${createdId} was created. ${describeLostKey(lost, this.name)}`);
        }
        else {
            this.ctx.log.warning(`Key ${createdId} was created. ${describeLostKey(lost, this.name)}${LOOKS_AGAIN}`);
        }
    }
    /**
     * failed: the step's error. A first create that certainly made no key needs no look. After a lost answer, a new
     * list shows whether a key of this step is left, and the error says so.
     */
    async failedToCreate({ attempt, error }) {
        const lost = error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .RequestError */ .G && error.mayHaveTakenEffect;
        if (attempt === 1 && !lost)
            return error;
        const revoked = this.lostKeysRevoked.length
            ? ` Revoked ${describeIds(this.lostKeysRevoked)}, made by the attempts whose answers were lost.`
            : '';
        const found = await this.findLostKey();
        const late = !this.lostKeyMissing
            ? ''
            : this.lostInFlight
                ? ' (the platform may still carry out the create that the cancel cut off, so the post step looks for its key for ' +
                    `${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(LATE_KEY_WATCH_MS)} and revokes it)`
                : ' (if the platform carries out a lost attempt late, the post step revokes its key)';
        const left = found.found === 'none'
            ? `No new key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(this.name)} is left valid: a list taken after the clean-up shows none${late}.`
            : `${describeLostKey(found, this.name)}${this.lostKeyMissing ? LOOKS_AGAIN : ''}`;
        const message = `${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)}${revoked} ${left}`;
        const cancelled = error instanceof _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .StepCancelled */ .EI || (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .RequestError */ .G && error.kind === 'cancelled');
        return cancelled ? new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .StepCancelled */ .EI(message) : new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ(message);
    }
    /** Revokes a new key that must not stay valid a moment longer, and returns the step's error. */
    async revokeAtOnce(id, reason) {
        const undo = await this.revokeNew(id);
        if (!undo.revoked)
            return new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ(`${reason} ${undo.message}`);
        const left = this.lostKeyMissing
            ? 'an earlier attempt lost its answer, and the post step looks for the key it may have made'
            : 'no new key is left valid';
        return new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ(`${reason} That key was revoked at once, and ${left}. Run the step again, or report it with the key id.`);
    }
    /**
     * Lists the keys. While a lost create's key is missing, one stranger never used is that key, and is revoked. Once it
     * was found, every stranger is another job's.
     */
    async findLostKey() {
        const client = this.cleanupClient();
        let keys;
        try {
            keys = await (0,_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .listKeysMerged */ .PT)(client, this.target.namespace);
        }
        catch (error) {
            return { found: 'list-failed', error, known: [...this.known] };
        }
        const strangers = this.strangers(keys);
        if (!this.lostKeyMissing)
            return strangers.length > 0 ? { found: 'ambiguous', keys: strangers } : { found: 'none' };
        const lost = await revokeLostKey(strangers, (id) => (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .revokeKeyIn */ .FG)(client, this.target.namespace, id));
        if (lost.found === 'revoked') {
            this.lostKeyMissing = false;
            this.lostKeysRevoked.push(lost.id);
            this.gone(lost.id);
        }
        return lost;
    }
    /** A clean-up may run past the step's timeout; a cancel cuts it down to the runner's grace. */
    cleanupClient() {
        return this.ctx.client.withDeadline(() => this.time.cleanupDeadline());
    }
    gone(id) {
        this.pending.delete(id);
        this.storingIds.delete(id);
        this.revoked.add(id);
        if (this.jobKey === id)
            this.jobKey = undefined;
        this.save();
    }
    /** Settles once: with nothing missing, pending or storing, only the job key (if any) is left for the post step. */
    settle() {
        const open = this.lostKeyMissing || this.pending.size > 0 || this.storingIds.size > 0;
        if (!open && this.jobKey === undefined)
            this.write('');
        else
            this.save(!open);
    }
    save(finished = false) {
        const saved = { name: this.name, known: [...this.known], pending: [...this.pending] };
        if (this.target.namespace.kind === 'organization')
            saved.org = this.target.namespace.orgId;
        // Stryker disable next-line ConditionalExpression: equivalent: JSON.stringify leaves out a field set to undefined
        if (this.target.projectId !== undefined)
            saved.project = this.target.projectId;
        if (this.storingIds.size > 0)
            saved.storing = [...this.storingIds];
        if (this.jobKey !== undefined)
            saved.jobKey = this.jobKey;
        if (finished)
            saved.finished = true;
        if (this.lostKeyMissing && this.lostInFlight)
            saved.inFlight = true;
        this.write(JSON.stringify(saved));
    }
    write(value) {
        if (value === this.lastSaved)
            return;
        this.lastSaved = value;
        this.ctx.saveState(_ledger_js__WEBPACK_IMPORTED_MODULE_7__/* .SAVED_LIFE */ .PG, value);
    }
}
const LOOKS_AGAIN = ' The post step looks again when the job ends.';
/** The rule every look follows: one stranger, never used, is the lost create's key, since nobody else has its value. */
async function revokeLostKey(strangers, revoke) {
    if (strangers.length === 0)
        return { found: 'none' };
    const [only] = strangers;
    if (strangers.length > 1 || (0,_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .lastUseOf */ .xk)(only) !== null)
        return { found: 'ambiguous', keys: strangers };
    try {
        await revoke(only.id);
    }
    catch (error) {
        if (!(0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .alreadyRevoked */ .Tg)(error))
            return { found: 'revoke-failed', id: only.id, error };
    }
    return { found: 'revoked', id: only.id };
}
/** What a look for a lost create's key found, for the log. */
function describeLostKey(lost, keyName) {
    const name = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(keyName);
    switch (lost.found) {
        case 'none':
            return `No key named ${name} that this run cannot account for is valid.`;
        case 'revoked':
            return `Revoked key ${lost.id} named ${name}: a create whose answer was lost made it, and nobody can read its value.`;
        case 'ambiguous':
            return (`Keys named ${name} that this run cannot account for are valid: ${describeKeys(lost.keys)}. None was revoked: ` +
                "this step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`), " +
                'and give each job its own `key-name`.');
        case 'list-failed': {
            const others = lost.known.length > 0 ? ` other than ${describeIds(lost.known)}` : '';
            return (`Listing the keys to look for a key named ${name} that a lost create may have made failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(lost.error)} ` +
                `Run list-keys, and revoke a key named ${name}${others} that you do not expect.`);
        }
        case 'revoke-failed':
            return (`A lost create made key ${lost.id} named ${name}, which is valid, and nobody can read its value. ` +
                `Revoking it failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(lost.error)}`);
    }
}
/** "personal", "organization org-x" or "project p-1", for logs and summaries. */
function describeScope(target) {
    if (target.projectId !== undefined)
        return `project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(target.projectId)}`;
    return target.namespace.kind === 'organization' ? `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(target.namespace.orgId)}` : 'personal';
}
function adviseScope(ctx, target, id) {
    if (target.namespace.kind !== 'personal')
        return;
    ctx.notice(`API key ${id} is a personal key: it reaches every project of every organization its user belongs to. ` +
        'A job that works on one project is safer with a project-scoped key, ' +
        "which an organization admin's personal key makes: set `project-id` (and `org-id` if you know it).");
}
/**
 * The post step's part of a key's life: it finishes what the main step saved. It revokes the pending keys and the
 * job key, names the keys a secret may hold, and, unless the main step finished, looks for the key of a lost create
 * by the same rule as the main step. Every problem goes into one error at the end, so each key is still tried.
 */
async function cleanUpAfterJob(client, log, saved) {
    const namespace = saved.org ? (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .organizationKeys */ .O$)(saved.org) : _api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .PERSONAL_KEYS */ .uV;
    const name = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(saved.name);
    const problems = [];
    const revoke = async (id, jobKey) => {
        const key = jobKey ? `the job-scoped API key ${id}` : `API key ${id} named ${name}`;
        try {
            await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .revokeKeyIn */ .FG)(client, namespace, id);
            log.info(jobKey ? `Revoked ${key}.` : `Revoked ${key}: the main step made it and never handed it out.`);
        }
        catch (error) {
            if ((0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .alreadyRevoked */ .Tg)(error))
                log.info(jobKey
                    ? `The job-scoped API key ${id} was already revoked.`
                    : `API key ${id} named ${name} was already revoked.`);
            else
                problems.push(`Revoking ${key} failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)} Revoke it by hand (revoke-key with \`key-id\`).`);
        }
    };
    for (const id of saved.pending)
        if (id !== saved.jobKey)
            await revoke(id, false);
    if (saved.jobKey !== undefined)
        await revoke(saved.jobKey, true);
    if (!saved.finished)
        await lookForLeftKeys(client, log, saved, namespace, problems);
    if (problems.length > 0)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(problems.join(' '), Number.POSITIVE_INFINITY));
}
/** Names the keys a secret write may hold, and revokes the key of a lost create as the main step would. */
async function lookForLeftKeys(client, log, saved, namespace, problems) {
    const name = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(saved.name);
    const accounted = new Set([...saved.known, ...saved.pending, ...(saved.storing ?? [])]);
    if (saved.jobKey !== undefined)
        accounted.add(saved.jobKey);
    const unaccounted = (key) => key.name === saved.name && (key.project_id ?? undefined) === saved.project && !accounted.has(key.id);
    // After a create the cancel cut off, the look may run LATE_KEY_WATCH_MS past the step's timeout.
    const lister = saved.inFlight ? client.withDeadline(client.deadline + LATE_KEY_WATCH_MS) : client;
    const nameStoring = (ids) => {
        if (ids.length === 0)
            return;
        problems.push(`The main step stopped while it wrote ${describeIds(ids)} named ${name} to a secret, ` +
            'before it knew whether the write landed, so that key may still be valid, and a secret may hold it. ' +
            'The post step left it valid, so that no secret holds a revoked key. Run rotate-key again: it stores a newer key ' +
            'and revokes this one. Or revoke it by hand (revoke-key with `key-id`) once no secret holds it.');
    };
    let listed;
    try {
        listed = saved.inFlight
            ? await watchForLateKey(lister, log, saved.name, namespace, (keys) => keys.some(unaccounted))
            : await (0,_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .listKeysMerged */ .PT)(lister, namespace);
    }
    catch (error) {
        // Without a list, name every key a secret may hold: a vague "revoke what you do not expect" could take it.
        nameStoring(saved.storing ?? []);
        problems.push(`The post step could not look for a key named ${name} that the main step may have left valid: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)} ` +
            'Run list-keys and revoke a key of that name you do not expect.');
        return;
    }
    nameStoring(listed.filter((k) => saved.storing?.includes(k.id)).map((k) => k.id));
    const lost = await revokeLostKey(listed.filter(unaccounted), (id) => (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .revokeKeyIn */ .FG)(lister, namespace, id));
    if (lost.found === 'revoked')
        log.info(describeLostKey(lost, saved.name));
    else if (lost.found !== 'none')
        problems.push(describeLostKey(lost, saved.name));
    else if (problems.length === 0 && saved.inFlight) {
        const watched = (0,_base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(LATE_KEY_WATCH_MS);
        log.info(`No key named ${name} appeared in ${watched}, so the create that the cancel cut off made no key.`);
    }
    else if (problems.length === 0) {
        log.info(`No other key named ${name} from the main step is valid: the list taken now shows none.`);
    }
}
/**
 * The runner cancelled the main step while a create was in flight, and the platform may still carry it out. Lists
 * the keys every LATE_KEY_LOOK_EVERY_MS until a key appears that the main step cannot account for, or until
 * LATE_KEY_WATCH_MS (and the client's deadline) runs out. Returns the last list.
 */
async function watchForLateKey(client, log, keyName, namespace, appeared) {
    const { clock } = client;
    const until = Math.min(clock.now() + LATE_KEY_WATCH_MS, client.deadline);
    log.info(`A create of key ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(keyName)} was in flight when the runner cancelled the main step: ` +
        `looking for that key for up to ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(LATE_KEY_WATCH_MS)}.`);
    for (;;) {
        const listed = await (0,_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .listKeysMerged */ .PT)(client, namespace);
        if (appeared(listed) || clock.now() + LATE_KEY_LOOK_EVERY_MS > until)
            return listed;
        await clock.sleep(LATE_KEY_LOOK_EVERY_MS);
    }
}
/** Ids named in one message; the rest are counted. */
const MAX_NAMED_IDS = 10;
/** "keys 1, 2 and 3 more": ids for a message. */
function describeIds(ids) {
    if (ids.length === 0)
        return 'none';
    const shown = ids.slice(0, MAX_NAMED_IDS);
    const more = ids.length > MAX_NAMED_IDS ? ` and ${ids.length - MAX_NAMED_IDS} more` : '';
    return `${shown.length === 1 ? 'key' : 'keys'} ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(shown.join(', '), Number.POSITIVE_INFINITY)}${more}`;
}
/** "100, 101 (in use)": keys for a message, those in use marked. */
function describeKeys(keys) {
    const shown = keys.slice(0, MAX_NAMED_IDS).map((k) => `${k.id}${(0,_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .lastUseOf */ .xk)(k) !== null ? ' (in use)' : ''}`);
    const more = keys.length > MAX_NAMED_IDS ? ` and ${keys.length - MAX_NAMED_IDS} more` : '';
    return `${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(shown.join(', '), Number.POSITIVE_INFINITY)}${more}`;
}


/***/ }),

/***/ 8292:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Q_: () => (/* binding */ GITHUB_ACTIONS),
  Qs: () => (/* binding */ describeUnexpectedUse),
  $1: () => (/* binding */ hasReadableAddress),
  mN: () => (/* binding */ openExpectedNetworks),
  MO: () => (/* binding */ parseNetwork),
  sN: () => (/* binding */ usedFromElsewhere)
});

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
// EXTERNAL MODULE: ./src/base/networks.ts
var networks = __webpack_require__(2054);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/http/answers.ts + 1 modules
var answers = __webpack_require__(5442);
// EXTERNAL MODULE: ./src/http/errors.ts
var http_errors = __webpack_require__(8549);
// EXTERNAL MODULE: ./src/github/client.ts
var github_client = __webpack_require__(6584);
;// CONCATENATED MODULE: ./src/github/meta.ts
/** GET /meta. The ranges of GitHub-hosted runners change often, so every step reads them. */





/**
 * GitHub's answer is a few hundred kB. Building the ranges is work the step's deadline cannot stop, so a larger
 * answer is refused unread and a longer list is not built.
 */
const META_BODY_LIMIT = 4 * 1024 * 1024;
const MAX_RUNNER_RANGES = 50_000;
/** A wider runner range, such as 0.0.0.0/0, would pass every key: it is left out as unreadable. */
const WIDEST_PREFIX = { ipv4: 8, ipv6: 16 };
const UNAUTHENTICATED_LIMIT = ' Reads without a token share a limit of 60 an hour per address, and a GitHub-hosted runner shares its address. ' +
    'Set `github-token` (`${{ github.token }}` will do), and the read counts against the token instead.';
const NAME_THE_NETWORKS = 'name their networks in `expected-networks` instead of `github-actions`';
/** Fails, saying what to do, when GitHub does not answer, answers too much, or lists no range the action can read. */
async function readRunnerRanges(options, deadline) {
    const client = new github_client/* GitHubClient */.jh({ ...options, apiUrl: options.apiUrl ?? github_client/* DEFAULT_GITHUB_API_URL */.xw });
    const meta = await client.get('/meta', deadline, { bodyLimit: META_BODY_LIMIT }).then((answer) => answer.body, (error) => {
        if (!(error instanceof http_errors/* RequestError */.G))
            throw error;
        if (error.code === 'too-large') {
            throw new errors/* ActionError */.lZ(`GitHub's meta API (GET /meta) answered more than ${META_BODY_LIMIT / 1024 / 1024} MiB, ` +
                "but GitHub's answer is a few hundred kB. The answer was not read. " +
                `Check that GITHUB_API_URL leads to GitHub's API, or ${NAME_THE_NETWORKS}.`, { cause: error });
        }
        const hint = error.rateLimited && options.token === undefined ? UNAUTHENTICATED_LIMIT : '';
        throw new errors/* ActionError */.lZ(`Could not read GitHub's runner ranges (GET /meta): ${(0,answers/* describeRequestFailure */.Tp)(error)}.${hint}`, { cause: error });
    });
    if (!Array.isArray(meta?.actions)) {
        throw new errors/* ActionError */.lZ("GitHub's meta API lists no ranges of GitHub-hosted runners (`actions`). This happens on GitHub Enterprise " +
            `Server, whose runners are all self-hosted. There, ${NAME_THE_NETWORKS}.`);
    }
    const lists = [meta.actions, Array.isArray(meta.actions_macos) ? meta.actions_macos : []];
    const listed = lists[0].length + lists[1].length;
    if (listed > MAX_RUNNER_RANGES) {
        throw new errors/* ActionError */.lZ(`GitHub's meta API lists ${listed} ranges of GitHub-hosted runners, ` +
            `more than the ${MAX_RUNNER_RANGES} the action reads (GitHub lists several thousand). They were not read. ` +
            `Check that GITHUB_API_URL leads to GitHub's API, or ${NAME_THE_NETWORKS}.`);
    }
    const ranges = { blocks: [], unreadable: 0 };
    for (const entry of lists.flat()) {
        const block = typeof entry === 'string' ? (0,networks/* parseBlock */.r)(entry) : undefined;
        if (block && block.prefix >= WIDEST_PREFIX[block.family])
            ranges.blocks.push(block);
        else if (ranges.unreadable++ === 0)
            ranges.firstUnreadable = entry;
    }
    // No range would make every runner's address unexpected, and prune-keys would revoke every key a runner used.
    if (ranges.blocks.length === 0) {
        const none = listed === 0 ? 'an empty list' : `${listed} entries, none an address or a CIDR block no wider than a network`;
        throw new errors/* ActionError */.lZ(`GitHub's meta API lists no range of GitHub-hosted runners the action can read (\`actions\` and ` +
            `\`actions_macos\` hold ${none}). This happens on GitHub Enterprise Server, ` +
            `whose runners are all self-hosted. There, ${NAME_THE_NETWORKS}. The step stopped before listing any key.`);
    }
    return ranges;
}

// EXTERNAL MODULE: ./src/runner/summary.ts
var summary = __webpack_require__(1070);
;// CONCATENATED MODULE: ./src/keys/networks.ts
/**
 * The tripwire (docs/tripwire.md). The platform records only the address of a key's last use, so that is all it
 * reads. Node's BlockList matches `::ffff:10.1.2.3` as 10.1.2.3.
 */





/** In `expected-networks`: the ranges of GitHub-hosted runners, from GitHub's meta API. */
const GITHUB_ACTIONS = 'github-actions';
/** A block, or a clause that says why `entry` is neither an address nor a CIDR block. */
function parseNetwork(entry) {
    const block = (0,networks/* parseBlock */.r)(entry);
    if (block)
        return block;
    const address = entry.split('/')[0] ?? '';
    const version = (0,external_node_net_.isIP)(address);
    if (version !== 0)
        return `an IPv${version} block has a prefix length from 0 to ${version === 4 ? 32 : 128}`;
    return /^[\d.]+$/.test(address)
        ? 'an IPv4 address is four numbers from 0 to 255'
        : `it is no IP address, CIDR block or the word ${GITHUB_ACTIONS} (host names are not resolved)`;
}
/**
 * An address the action cannot read is in no network. A use with no address is flagged too, so a platform that stops
 * recording addresses cannot silence the tripwire.
 */
function usedFromElsewhere(key, expected) {
    const address = key.last_used_from_addr ?? '';
    if (address === '')
        return key.last_used_at !== null;
    const version = (0,external_node_net_.isIP)(address);
    return version === 0 || !expected.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
function hasReadableAddress(key) {
    return (0,external_node_net_.isIP)(key.last_used_from_addr ?? '') !== 0;
}
function describeAddress(key, max) {
    const address = key.last_used_from_addr ?? '';
    return address === '' ? 'no address the platform recorded' : (0,base_text/* quoted */.TL)(address, max);
}
/** The blocks given, and with `github-actions` the ranges that GitHub lists now. */
async function openExpectedNetworks(ctx, expected) {
    const { github } = expected;
    const ranges = github
        ? await readRunnerRanges({ ...github, clock: ctx.clock, connections: ctx.client.connections }, ctx.client.deadline)
        : { blocks: [], unreadable: 0 };
    const runners = github ? ` and ${ranges.blocks.length} ranges of GitHub-hosted runners (GitHub's meta API)` : '';
    ctx.log.info(`Expected networks: ${expected.blocks.length} address(es) and block(s)${runners}.`);
    if (ranges.unreadable > 0) {
        const first = typeof ranges.firstUnreadable === 'string'
            ? ranges.firstUnreadable
            : (JSON.stringify(ranges.firstUnreadable) ?? '');
        ctx.log.warning(`GitHub's meta API lists ${ranges.unreadable} range(s) of GitHub-hosted runners that are no address or CIDR block, ` +
            `or a block wider than any network (the first: ${(0,base_text/* quoted */.TL)(first, 80)}). They are left out. ` +
            'So a key last used from one of them counts as used from an unexpected network.');
    }
    return { list: (0,networks/* blockList */.M)([...expected.blocks, ...ranges.blocks]), unreadableRanges: ranges.unreadable };
}
function describeUnexpectedUse(key) {
    const when = key.last_used_at === null
        ? 'at a time the platform did not give'
        : `at ${(0,base_text/* untrusted */.bp)((0,summary/* formatDate */.Yq)(key.last_used_at), 40)}`;
    return `API key ${key.id} ${(0,base_text/* quoted */.TL)(key.name, 80)}, last used from ${describeAddress(key, 80)} ${when}`;
}


/***/ }),

/***/ 2811:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PT: () => (/* binding */ listKeysMerged),
/* harmony export */   Pf: () => (/* binding */ lastTouched),
/* harmony export */   Z2: () => (/* binding */ readKeysAndOwnKey),
/* harmony export */   aQ: () => (/* binding */ readTime),
/* harmony export */   c$: () => (/* binding */ mayBeOwnKey),
/* harmony export */   xk: () => (/* binding */ lastUseOf)
/* harmony export */ });
/* unused harmony exports USE_CLOCK_SKEW_MS, mergeById, findOwnKey */
/* harmony import */ var _api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9214);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _api_namespace_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3551);



/** What a key list says of each key's use, read on the safe side: a time the action cannot read is a use now. */
/** The platform's clock and the runner's may differ: a use this long before the step began may still be its own. */
const USE_CLOCK_SKEW_MS = 60_000;
/** The service's timestamps: ISO 8601 with a zone, seconds and an optional fraction. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/** NaN for any text that is not the service's timestamp. Date.parse alone would read "60" as 1960, and "1" as 2001. */
function readTime(text) {
    return TIMESTAMP.test(text) ? Date.parse(text) : Number.NaN;
}
/**
 * Null when never used. NaN, a use now, when the time cannot be read. The description lets a list give a use's
 * address without its time: that key was used.
 */
function lastUseOf(key) {
    if (key.last_used_at === null)
        return key.last_used_from_addr ? Number.NaN : null;
    return readTime(key.last_used_at);
}
/** The last use, or the creation of a key never used. A time that cannot be read sorts last, as a use now. */
function lastTouched(key) {
    const at = lastUseOf(key) ?? readTime(key.created_at);
    return Number.isNaN(at) ? Number.MAX_SAFE_INTEGER : at;
}
/**
 * A key listed twice keeps the most recent use and creation of its copies; an unreadable time wins, as a use now.
 * Copies that disagree on the name or the project count as in use: the action cannot tell which is right. Copies
 * that disagree on the creator keep none, so no rule selects the key by its creator.
 */
function mergeById(keys) {
    const merged = new Map();
    for (const key of keys) {
        const seen = merged.get(key.id);
        if (!seen) {
            merged.set(key.id, key);
            continue;
        }
        const conflict = seen.name !== key.name || (seen.project_id ?? '') !== (key.project_id ?? '');
        const lastUse = conflict ? 'copies that disagree' : later(seen.last_used_at, key.last_used_at);
        const fromAddr = lastUse === key.last_used_at ? key.last_used_from_addr : seen.last_used_from_addr;
        const next = {
            ...seen,
            created_at: later(seen.created_at, key.created_at),
            last_used_at: lastUse,
            last_used_from_addr: fromAddr,
        };
        if (seen.created_by?.id !== key.created_by?.id)
            delete next.created_by;
        merged.set(key.id, next);
    }
    return [...merged.values()];
}
async function listKeysMerged(client, namespace) {
    return mergeById(await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_2__/* .listKeysIn */ .I_)(client, namespace));
}
/** How a command that revokes by the list begins. */
async function readKeysAndOwnKey(client, clock, namespace) {
    const stepStarted = clock.now();
    const auth = await (0,_api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .getAuth */ .xI)(client);
    const keys = await listKeysMerged(client, namespace);
    const step = { since: stepStarted - USE_CLOCK_SKEW_MS, until: clock.now() + USE_CLOCK_SKEW_MS };
    return { keys, own: findOwnKey(keys, namespace, auth, step), stepStarted };
}
/** The later of two times as listed: null is never, unreadable text is now. */
function later(a, b) {
    if (a === null || b === null)
        return a ?? b;
    const [x, y] = [readTime(a), readTime(b)];
    if (Number.isNaN(x))
        return a;
    if (Number.isNaN(y))
        return b;
    return y > x ? b : a;
}
/** A kind of key the action does not know may be among any keys. */
function findOwnKey(keys, namespace, auth, step) {
    if (auth.authMethod === 'api_key_user' && namespace.kind === 'organization') {
        return {
            kind: 'elsewhere',
            where: `a personal key: it is not among the keys of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(namespace.orgId)}`,
        };
    }
    if (auth.authMethod === 'api_key_org' && (namespace.kind === 'personal' || namespace.orgId !== auth.accountId)) {
        return { kind: 'elsewhere', where: 'an organization key: it is not among these keys' };
    }
    // Only a readable use within the step. An unreadable or later time would make any key look like the step's,
    // and the guard "cannot tell its own key" would no longer keep the real one.
    const ids = keys.filter((k) => {
        const used = lastUseOf(k);
        return used !== null && used >= step.since && used <= step.until;
    });
    return ids.length > 0 ? { kind: 'found', ids: ids.map((k) => k.id) } : { kind: 'unknown' };
}
/** `stepStarted` is the step's first request, on the runner's clock. */
function mayBeOwnKey(key, own, stepStarted) {
    switch (own.kind) {
        case 'elsewhere':
            return false;
        case 'found':
            return own.ids.includes(key.id);
        case 'unknown':
            // The step's key was made before the step began. A creation time that cannot be read may be any time.
            return !(readTime(key.created_at) > stepStarted + USE_CLOCK_SKEW_MS);
    }
}


/***/ }),

/***/ 9986:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hd: () => (/* binding */ isTerminal),
/* harmony export */   Ni: () => (/* binding */ settling),
/* harmony export */   WO: () => (/* binding */ concernsBranch),
/* harmony export */   aN: () => (/* binding */ consoleWord),
/* harmony export */   cf: () => (/* binding */ durationOf),
/* harmony export */   df: () => (/* binding */ describePlace),
/* harmony export */   ih: () => (/* binding */ isKnownStatus),
/* harmony export */   u9: () => (/* binding */ statusGroup),
/* harmony export */   v3: () => (/* binding */ gateGroup),
/* harmony export */   xQ: () => (/* binding */ OPERATION_STATUSES)
/* harmony export */ });
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);

// A Map, not an object literal: a status such as "constructor" must not look known.
const GROUPS = new Map([
    ['scheduling', 'pending'],
    ['running', 'pending'],
    ['cancelling', 'pending'],
    ['finished', 'success'],
    ['skipped', 'success'],
    ['failed', 'failure'],
    ['error', 'failure'],
    ['cancelled', 'failure'],
]);
/** Pending first, then successful, then unsuccessful. */
const OPERATION_STATUSES = [...GROUPS.keys()];
// The console's words where it has them (OK, Scheduling, In progress, Error); plain words for the rest.
const CONSOLE_WORDS = new Map([
    ['scheduling', 'Scheduling'],
    ['running', 'In progress'],
    ['cancelling', 'Cancelling'],
    ['finished', 'OK'],
    ['skipped', 'Skipped'],
    ['failed', 'Error'],
    ['error', 'Error'],
    ['cancelled', 'Cancelled'],
]);
/** Undefined for a status the action does not know. */
function consoleWord(status) {
    return CONSOLE_WORDS.get(status);
}
/** A status the action does not know is not success: it counts as pending. */
function statusGroup(status) {
    return GROUPS.get(status) ?? 'pending';
}
function gateGroup(status, onFailed) {
    return status === 'failed' && onFailed === 'wait' ? 'pending' : statusGroup(status);
}
/** Pending, then failure, then success. */
const settling = (status, onFailed) => ['pending', 'failure', 'success'].indexOf(gateGroup(status, onFailed));
function isKnownStatus(status) {
    return GROUPS.has(status);
}
function isTerminal(status) {
    return statusGroup(status) !== 'pending';
}
/** So far, for one in progress: `total_duration_ms`, or updated − created. */
function durationOf(operation) {
    if (typeof operation.total_duration_ms === 'number')
        return operation.total_duration_ms;
    const ms = Date.parse(operation.updated_at) - Date.parse(operation.created_at);
    return Number.isNaN(ms) ? 0 : ms;
}
/** An operation without `branch_id` is of the whole project: a gate on a branch waits for it too, and fails closed. */
function concernsBranch(operation, branchId) {
    return branchId === undefined || operation.branch_id === undefined || operation.branch_id === branchId;
}
/** "branch br-…", or "the whole project". */
function describePlace(operation, max) {
    return operation.branch_id === undefined ? 'the whole project' : `branch ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(operation.branch_id, max)}`;
}


/***/ }),

/***/ 1953:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A1: () => (/* binding */ actionDocs),
/* harmony export */   D9: () => (/* binding */ errorCodeOf),
/* harmony export */   OP: () => (/* binding */ requestFailureOutputs)
/* harmony export */ });
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);

const ACTION_REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
/** A tag, a branch or a commit SHA, as in `uses: owner/name@ref`. It holds nothing a URL would read as more. */
const ACTION_REF = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;
/** At the version that ran. For `uses: ./` the runner sets neither variable, and a summary names the path unlinked. */
function actionDocs(env) {
    const repository = env.GITHUB_ACTION_REPOSITORY ?? '';
    const ref = env.GITHUB_ACTION_REF ?? '';
    const server = serverOf(env.GITHUB_SERVER_URL);
    const known = ACTION_REPOSITORY.test(repository) && ACTION_REF.test(ref) && !ref.split('/').includes('..');
    if (!known || server === undefined)
        return () => undefined;
    return (page) => `${server}/${repository}/blob/${ref}/${page}`;
}
/** https://github.com when unset; undefined when it is no http(s) URL. */
function serverOf(given) {
    if (!given)
        return 'https://github.com';
    let url;
    try {
        url = new URL(given);
    }
    catch {
        return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
/** A short token, never text a server could make look like anything else. */
const ERROR_CODE = /^[A-Za-z0-9_.-]{1,64}$/;
/** So a later step can branch on the reason. `error-code` is the service's own `code`, never one the action made up. */
function requestFailureOutputs(error) {
    const outputs = {};
    if (error.requestId !== undefined)
        outputs['request-id'] = error.requestId;
    if (error.status !== undefined)
        outputs['http-status'] = String(error.status);
    const code = errorCodeOf(error);
    if (code !== undefined)
        outputs['error-code'] = code;
    return outputs;
}
/** Only a short token with no piece of a secret. */
function errorCodeOf(error) {
    const { code } = error;
    return error.kind === 'http' &&
        code !== undefined &&
        ERROR_CODE.test(code) &&
        (0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .redactSecrets */ .fp)(code, { pieces: true }) === code
        ? code
        : undefined;
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
/* unused harmony export MEMORY_BYTES */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(766);
/**
 * Outputs within the runner's limits: one passed on through `env:` or `with:` fails past 128 KiB. An output over the
 * limit is not set, never cut short. A list output always has its whole list in a file, whose path is an output too.
 */





/** The one secret an output carries. */
const KEY_OUTPUT = 'key';
/** Half of the 128 KiB one environment variable may hold. */
const OUTPUT_LIMIT_BYTES = 64 * 1024;
function fitsOutput(value) {
    return Buffer.byteLength(value, 'utf8') <= OUTPUT_LIMIT_BYTES;
}
function listFilePath(dir, list) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(dir, `neon-${list}-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()}.json`);
}
function listFileError(list, dir, error) {
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ(`Could not write the ${list} file in ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(dir)} (RUNNER_TEMP): ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)}`);
}
async function writeListFile(dir, list, json) {
    const path = listFilePath(dir, list);
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.writeFile)(path, redactJson(json), { encoding: 'utf8', mode: 0o600 });
    }
    catch (error) {
        throw listFileError(list, dir, error);
    }
    return path;
}
/**
 * Every secret in its strings and names replaced, pieces too: a server may have cut one short, and a later step may
 * print the output. Each string is redacted alone: on the whole text, `Bearer …` could run past a value's end.
 */
function recordJson(record) {
    const json = JSON.stringify(record);
    // A fast path: most records hold nothing to replace.
    if (!(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .mayHoldSecret */ .dV)(json) && (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .redactSecrets */ .fp)(json) === json)
        return json;
    const redact = (text) => (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .redactSecrets */ .fp)(text, { pieces: true });
    return JSON.stringify(record, (_key, value) => {
        if (typeof value === 'string')
            return redact(value);
        // JSON.stringify goes on into the copy, so the names at every depth are redacted.
        if (typeof value === 'object' && value !== null && !Array.isArray(value))
            return Object.fromEntries(Object.entries(value).map(([name, field]) => [redact(name), field]));
        return value;
    });
}
function redactJson(text) {
    // Nothing to replace: unparsed, the text stays exact.
    if (!(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .mayHoldSecret */ .dV)(text) && (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .redactSecrets */ .fp)(text) === text)
        return text;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .redactSecrets */ .fp)(text, { pieces: true });
    }
    return recordJson(value);
}
/**
 * Written while the list is read, so a long list is never held in memory, a section per project in their order. Up
 * to MEMORY_BYTES the sections stay in memory, as most lists are short; past that, each goes to a part file.
 */
class ListFileWriter {
    path;
    dir;
    list;
    /** Each section's records while the list is short. */
    held = new Map();
    heldBytes = 0;
    /** Each section's part file, once the list has grown past MEMORY_BYTES. */
    parts = new Map();
    constructor(dir, list) {
        this.dir = dir;
        this.list = list;
        this.path = listFilePath(dir, list);
    }
    /** Records as recordJson gives them. */
    async add(section, records) {
        if (records.length === 0)
            return;
        const text = records.join(',');
        if (this.parts.size === 0 && this.heldBytes + text.length <= MEMORY_BYTES) {
            this.held.set(section, [...(this.held.get(section) ?? []), text]);
            this.heldBytes += text.length;
            return;
        }
        for (const [heldSection, texts] of this.held)
            await this.appendToPart(heldSection, texts.join(','));
        this.held.clear();
        await this.appendToPart(section, text);
    }
    async finish() {
        try {
            if (this.parts.size === 0) {
                const sections = [...this.held.entries()].sort(([a], [b]) => a - b).map(([, texts]) => texts.join(','));
                await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.writeFile)(this.path, `[${sections.join(',')}]`, { encoding: 'utf8', mode: 0o600 });
                return this.path;
            }
            const out = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(this.path, 'w', 0o600);
            try {
                await out.write('[');
                const sections = [...this.parts.entries()].sort(([a], [b]) => a - b);
                for (const [index, [, part]] of sections.entries()) {
                    if (index > 0)
                        await out.write(',');
                    await copyInto(out, part);
                }
                await out.write(']');
            }
            finally {
                await out.close();
            }
        }
        catch (error) {
            throw listFileError(this.list, this.dir, error);
        }
        finally {
            await this.discardParts();
        }
        return this.path;
    }
    /** The listing did not finish. */
    async discard() {
        await this.discardParts();
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rm)(this.path, { force: true });
    }
    async appendToPart(section, text) {
        const known = this.parts.get(section);
        const part = known ?? `${this.path}.part-${section}`;
        try {
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.appendFile)(part, `${known === undefined ? '' : ','}${text}`, { encoding: 'utf8', mode: 0o600 });
        }
        catch (error) {
            throw listFileError(this.list, this.dir, error);
        }
        this.parts.set(section, part);
    }
    async discardParts() {
        this.held.clear();
        this.heldBytes = 0;
        await Promise.all([...this.parts.values()].map((part) => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rm)(part, { force: true })));
        this.parts.clear();
    }
}
/** In characters of JSON. */
const MEMORY_BYTES = 4 * 1024 * 1024;
const WHOLE_LIST_FILES = {
    projects: 'projects-file',
    'project-ids': 'projects-file',
    keys: 'keys-file',
    operations: 'operations-file',
};
/**
 * A list output over the limit gets a note: its whole-list file has it, and a warning on every run would help no one.
 * Any other goes to `outputs-file`, with a warning: a later step that reads the output finds it empty.
 */
async function boundOutputs(outputs, dir, oversized = {}) {
    const set = {};
    const spilled = {};
    const over = [];
    /** By the output naming their whole-list file. */
    const inListFile = new Map();
    const notHeld = (name, bytes) => {
        const listFile = WHOLE_LIST_FILES[name];
        const key = listFile !== undefined && outputs[listFile] !== undefined ? listFile : '';
        inListFile.set(key, [...(inListFile.get(key) ?? []), describeBytes(name, bytes)]);
    };
    for (const [name, given] of Object.entries(outputs)) {
        // Replace any secret the server echoed into a record or a code. `key` is the new key itself, so it stays.
        const value = name === KEY_OUTPUT ? given : redactJson(given);
        const listFile = WHOLE_LIST_FILES[name];
        if (fitsOutput(value))
            set[name] = value;
        else if (listFile !== undefined && outputs[listFile] !== undefined)
            notHeld(name, Buffer.byteLength(value, 'utf8'));
        else {
            spilled[name] = asJson(value);
            over.push(describeBytes(name, Buffer.byteLength(value, 'utf8')));
        }
    }
    // Of these, only the size is known.
    for (const [name, bytes] of Object.entries(oversized))
        notHeld(name, bytes);
    const limit = `over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:.`;
    const warnings = [];
    const notes = [];
    for (const [listFile, names] of inListFile) {
        const where = listFile
            ? ` Every record is in the file named by the \`${listFile}\` output: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(outputs[listFile] ?? '', 1000)}`
            : '';
        const line = `Not set: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(names.join(' and '), Number.POSITIVE_INFINITY)}, ${limit}${where}`;
        if (listFile)
            notes.push(line);
        else
            warnings.push(line);
    }
    if (over.length > 0) {
        let where;
        try {
            const path = await writeListFile(dir, 'outputs', JSON.stringify(spilled));
            set['outputs-file'] = path;
            where =
                over.length === 1
                    ? `Its value is in the JSON file named by the \`outputs-file\` output, under its name: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(path, 1000)}`
                    : `Their values are in the JSON file named by the \`outputs-file\` output, each under its name: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(path, 1000)}`;
        }
        catch (error) {
            where = (0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error);
        }
        warnings.push(`Not set: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(over.join(' and '), Number.POSITIVE_INFINITY)}, ${limit} ${where}`);
    }
    return { outputs: set, warnings, notes };
}
function describeBytes(name, bytes) {
    return `\`${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(name)}\` (${bytes} bytes)`;
}
function asJson(value) {
    try {
        return JSON.parse(value);
    }
    catch {
        return value;
    }
}
/** A section is never held in memory whole. */
const COPY_CHUNK_BYTES = 1024 * 1024;
async function copyInto(out, path) {
    const source = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(path, 'r');
    try {
        const buffer = Buffer.alloc(COPY_CHUNK_BYTES);
        for (;;) {
            const { bytesRead } = await source.read(buffer, 0, buffer.length);
            if (bytesRead === 0)
                return;
            await out.write(buffer.subarray(0, bytesRead));
        }
    }
    finally {
        await source.close();
    }
}


/***/ }),

/***/ 1070:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FY: () => (/* binding */ paragraph),
/* harmony export */   R_: () => (/* binding */ heading),
/* harmony export */   TM: () => (/* binding */ folded),
/* harmony export */   Yq: () => (/* binding */ formatDate),
/* harmony export */   c_: () => (/* binding */ tableOf),
/* harmony export */   tp: () => (/* binding */ table),
/* harmony export */   tu: () => (/* binding */ docsPage)
/* harmony export */ });
/* unused harmony exports MAX_ROWS, FOLD_ROWS, TABLE_BUDGET, MAX_DATE_TEXT */
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);
/**
 * Job-summary HTML. After a blank line the summary renders Markdown (links, images), and names come from the
 * platform, so every piece of text is escaped, kept on one line and bounded. Key values never reach this module.
 */

const MAX_CELL_LENGTH = 200;
const MAX_TEXT_LENGTH = 4000;
const MAX_ROWS = 200;
/** A longer table is folded under `<details>`, so the verdict above it stays on the first screen. */
const FOLD_ROWS = 10;
/** In characters: the runner drops a summary over 1 MiB. */
const TABLE_BUDGET = 512 * 1024;
function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
function htmlText(text, max) {
    return escapeHtml((0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(text, max));
}
function heading(text, level = 3) {
    return `<h${level}>${htmlText(text, MAX_TEXT_LENGTH)}</h${level}>\n`;
}
/** Markdown is not read inside an HTML block, so a sentence's `quoted` parts are made monospace here. */
function paragraph(...parts) {
    const html = parts
        .flatMap((part) => (typeof part === 'string' ? withCode(part) : [part]))
        .map((part) => typeof part === 'string'
        ? htmlText(part, MAX_TEXT_LENGTH)
        : 'link' in part
            ? `<a href="${escapeHtml(part.href)}">${htmlText(part.link, MAX_CELL_LENGTH)}</a>`
            : renderCell(part))
        .join('');
    return `<p>${html}</p>\n`;
}
/** A link to the page at the version that ran, when `url` is known; else the page's path. */
function docsPage(url, text, page) {
    return url === undefined ? [`${text} (`, { code: page }, " in the action's repository)"] : [{ link: text, href: url }];
}
/** As it is when its backticks do not pair up. */
function withCode(text) {
    const parts = text.split('`');
    if (parts.length % 2 === 0)
        return [text];
    return parts.flatMap((part, i) => i % 2 === 1 ? [{ code: part }] : part === '' ? [] : [part]);
}
/** GitHub reads Markdown inside `<details>` (a chart) only after a blank line below `<summary>` and above the end. */
function folded(title, html) {
    if (!html)
        return '';
    return `<details><summary>${htmlText(title, MAX_TEXT_LENGTH)}</summary>\n\n${html}\n</details>\n\n`;
}
/** Rows already made. */
function table(headers, rows, maxRows = MAX_ROWS) {
    return tableOf(headers, rows, (row) => row, { maxRows });
}
/**
 * `toRow` runs only for a record shown. Past `maxRows` rows or about TABLE_BUDGET characters, a line says how many
 * were left out and where they all are (`rest`). `total` counts records beyond `records`; `count`, those a row holds.
 */
function tableOf(headers, records, toRow, options = {}) {
    const maxRows = options.maxRows ?? MAX_ROWS;
    const count = options.count ?? (() => 1);
    const lines = [`<tr>${headers.map((h) => `<th>${htmlText(h, MAX_CELL_LENGTH)}</th>`).join('')}</tr>`];
    let size = 0;
    let shown = 0;
    let stoodFor = 0;
    for (const record of records) {
        if (shown >= maxRows || size >= TABLE_BUDGET)
            break;
        const line = `<tr>${toRow(record)
            .map((cell) => `<td>${renderCell(cell)}</td>`)
            .join('')}</tr>`;
        lines.push(line);
        size += line.length;
        shown++;
        stoodFor += count(record);
    }
    const all = records.reduce((sum, record) => sum + count(record), 0);
    const left = Math.max(all, options.total ?? 0) - stoodFor;
    const more = left > 0 ? paragraph(`…and ${left} more (all of them are in ${options.rest ?? "the step's outputs"}).`) : '';
    const html = `<table>\n${lines.join('\n')}\n</table>\n${more}`;
    return shown > FOLD_ROWS ? folded(`${options.title ?? 'The table'}: ${shown} rows`, html) : html;
}
function renderCell(cell) {
    if (cell === null || cell === undefined || cell === '')
        return '—';
    if (typeof cell === 'object' && typeof cell.code === 'string')
        return `<code>${htmlText(cell.code, MAX_CELL_LENGTH)}</code>`;
    // A server may send any JSON where text was expected (`{}` for a region). It is shown as JSON.
    return htmlText(typeof cell === 'object' ? JSON.stringify(cell) : String(cell), MAX_CELL_LENGTH);
}
/** It goes into errors and log lines, not only cells. */
const MAX_DATE_TEXT = 64;
/**
 * "2026-11-21 10:00 UTC". Other text stays, cut to MAX_DATE_TEXT: Date.parse would read "42" as 2042. The result is
 * still outside text for the log.
 */
function formatDate(iso) {
    if (!iso)
        return '';
    const ms = typeof iso === 'string' && /^\d{4}-\d\d-\d\dT/.test(iso) ? Date.parse(iso) : Number.NaN;
    if (Number.isNaN(ms))
        return (0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(String(iso), MAX_DATE_TEXT);
    return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}


/***/ }),

/***/ 4916:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  commandFailureNote: () => (/* binding */ commandFailureNote),
  commandSummary: () => (/* binding */ commandSummary),
  coreLogger: () => (/* binding */ coreLogger),
  fail: () => (/* binding */ fail),
  failStep: () => (/* binding */ failStep),
  failureSummary: () => (/* binding */ failureSummary),
  maskSecret: () => (/* binding */ maskSecret),
  openClient: () => (/* binding */ openClient),
  readStepSettings: () => (/* binding */ readStepSettings),
  writeSummary: () => (/* binding */ writeSummary)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(6421);
// EXTERNAL MODULE: ./src/api/client.ts
var client = __webpack_require__(7085);
// EXTERNAL MODULE: ./src/github/messages.ts
var messages = __webpack_require__(551);
// EXTERNAL MODULE: ./src/http/answers.ts + 1 modules
var answers = __webpack_require__(5442);
// EXTERNAL MODULE: ./src/http/proxy.ts
var proxy = __webpack_require__(7856);
// EXTERNAL MODULE: ./src/http/transport.ts
var transport = __webpack_require__(1517);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(8995);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
;// CONCATENATED MODULE: ./src/base/source-location.ts
/**
 * Where in src/ an unexpected error comes from, for the line a failed step prints. From dist/, the source map beside
 * each file leads back to src/. It is read only after a failure, so start-up never pays for it.
 */



/** `… (file:///…/dist/90.index.js:1:38965)` or `at file:///…:1:234`. */
const FRAME = /\(?([^\s()]+):(\d+):(\d+)\)?$/;
/** The last `src/` counts: the checkout may sit under another. */
const OWN = /^(?:.*\/)?src\/(.+)$/;
const maps = new Map();
/** `src/main.ts:27:5`: the first frame that is the action's own code. */
function sourceLocationOf(error) {
    if (!(error instanceof Error) || typeof error.stack !== 'string')
        return undefined;
    for (const line of error.stack.split('\n').slice(1)) {
        const location = frameLocation(line);
        if (location)
            return location;
    }
    return undefined;
}
/** Undefined unless the line is the action's own code. */
function frameLocation(stackLine) {
    const frame = FRAME.exec(stackLine.trim());
    if (!frame)
        return undefined;
    const [, where, line, column] = frame;
    let path;
    try {
        path = where.startsWith('file:') ? (0,external_node_url_.fileURLToPath)(where) : where;
    }
    catch {
        return undefined;
    }
    // Windows paths too: C:\a\src\main.ts reads as C:/a/src/main.ts.
    const file = path.replace(/\\/g, '/');
    if (file.includes('/node_modules/'))
        return undefined;
    const own = OWN.exec(file);
    if (own && /\.[cm]?ts$/.test(file))
        return `src/${own[1]}:${line}:${column}`;
    if (!file.endsWith('.js'))
        return undefined;
    const entry = mapOf(path)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry))
        return undefined;
    // A package's own src/ folder is not the action's.
    if (/(^|\/)node_modules\//.test(entry.originalSource))
        return undefined;
    const source = OWN.exec(entry.originalSource);
    return source ? `src/${source[1]}:${entry.originalLine + 1}:${entry.originalColumn + 1}` : undefined;
}
function mapOf(file) {
    if (!maps.has(file)) {
        let map;
        try {
            map = new external_node_module_.SourceMap(JSON.parse((0,external_node_fs_.readFileSync)(`${file}.map`, 'utf8')));
        }
        catch {
            map = undefined;
        }
        maps.set(file, map);
    }
    return maps.get(file);
}

// EXTERNAL MODULE: ./src/http/errors.ts
var http_errors = __webpack_require__(8549);
// EXTERNAL MODULE: ./src/runner/summary.ts
var summary = __webpack_require__(1070);
// EXTERNAL MODULE: ./src/runner/context.ts
var context = __webpack_require__(1953);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/commands/registry.ts + 16 modules
var registry = __webpack_require__(8603);
// EXTERNAL MODULE: ./src/inputs/urls.ts
var urls = __webpack_require__(9695);
// EXTERNAL MODULE: ./src/inputs/operations.ts
var operations = __webpack_require__(2151);
// EXTERNAL MODULE: ./src/inputs/keys.ts
var keys = __webpack_require__(5845);
;// CONCATENATED MODULE: ./src/inputs/common.ts



const DEFAULT_TIMEOUT_SECONDS = 600;
/** The longest a job may run on a self-hosted runner. */
const MAX_TIMEOUT_SECONDS = 432_000;
const COMMON_INPUTS = ['command', 'api-key', 'api-host', 'timeout'];
/** The runner passes action.yml's defaults to every step, so an input that holds its default says nothing. */
const INPUT_DEFAULTS = {
    'api-host': urls/* DEFAULT_API_HOST */.m4,
    'poll-interval': String(operations/* DEFAULT_POLL_INTERVAL_SECONDS */.Ou),
    'on-failed': 'wait',
    timeout: String(DEFAULT_TIMEOUT_SECONDS),
    'revoke-after-job': 'false',
    'dry-run': 'true',
    'fail-on-unexpected-use': 'false',
    'fail-on-unexpected-creator': 'false',
    'max-revoke': String(keys/* DEFAULT_MAX_REVOKE */.SF),
    'keep-previous': String(keys/* DEFAULT_KEEP_PREVIOUS */.u$),
    'max-operations': String(operations/* DEFAULT_MAX_OPERATIONS */.y1),
};

// EXTERNAL MODULE: ./src/inputs/values.ts
var values = __webpack_require__(8463);
;// CONCATENATED MODULE: ./src/settings.ts






/**
 * @param mask gets every secret input (the API key, the GitHub token) before any other input is read, so that
 *             nothing printed afterwards can show them.
 * @param runner what the runner sets besides inputs (GITHUB_REPOSITORY, GITHUB_API_URL, the proxy variables). It is
 *             checked here too, because a rotation that cannot store its key must fail before it creates one.
 * @param warn hears of inputs the command does not read.
 */
function readSettings(read, mask, runner = {}, warn = () => undefined) {
    const apiKey = read('api-key').trim();
    if (apiKey)
        mask(apiKey);
    const githubToken = read('github-token').trim();
    if (githubToken)
        mask(githubToken);
    refuseUndeclaredInputs(runner.inputNames ?? [], read('command').trim());
    const command = readCommand(read);
    refuseUncheckedCertificates(runner.proxies);
    if (!apiKey)
        throw new errors/* InputError */.dz('Input `api-key` is required: pass the platform API key from a secret, e.g. `api-key: ${{ secrets.NEON_API_KEY }}`.');
    if (!(0,base_text/* isPrintableToken */.NC)(apiKey)) {
        throw new errors/* InputError */.dz('Input `api-key` must be a single token of printable ASCII characters, without spaces or line breaks.');
    }
    const common = {
        apiKey,
        apiHost: (0,urls/* readApiHost */.bB)(read('api-host'), runner.proxies),
        timeoutMs: (0,values/* readSeconds */.UW)(read, 'timeout', DEFAULT_TIMEOUT_SECONDS, 0, MAX_TIMEOUT_SECONDS) * 1000,
    };
    const own = registry/* COMMANDS */.Lo[command].settings(read, runner);
    checkUnreadInputs(read, command, warn);
    return { ...common, command, ...own };
}
/** Every input a command reads, the common ones included. */
function inputsRead(command) {
    return [...COMMON_INPUTS, ...registry/* COMMANDS */.Lo[command].inputs];
}
/**
 * Checks the inputs a command does not read. It refuses one where ignoring it could surprise, and otherwise warns
 * once for each. It runs after the command's own inputs are read, so that their errors come first.
 */
function checkUnreadInputs(read, command, warn) {
    const reads = new Set(inputsRead(command));
    const refusals = registry/* COMMANDS */.Lo[command].refused ?? {};
    const ignored = [];
    for (const input of new Set(registry/* COMMAND_NAMES */.nZ.flatMap(inputsRead))) {
        if (reads.has(input))
            continue;
        const value = read(input).trim();
        if (!value || value === INPUT_DEFAULTS[input])
            continue;
        const refused = refusals[input];
        // These are the table's own sentences. untrusted() is here only because the lint rule cannot follow the lookup.
        if (refused)
            throw new errors/* InputError */.dz(`Input \`${input}\` was given to ${command}, which does not take it: ${(0,base_text/* untrusted */.bp)(refused, Infinity)}`);
        ignored.push(input);
    }
    for (const input of ignored)
        warn(`Input \`${input}\` is set, but ${command} does not read it: it has no effect on this step.`);
}
/** Every input the root action declares. A sub-action declares some of them. */
const DECLARED = [...new Set(registry/* COMMAND_NAMES */.nZ.flatMap(inputsRead))];
/**
 * The runner passes every `with:` entry, declared or not, and only warns of the undeclared. A name that no action
 * here declares is a typo, and a misspelt `revoke-after-job` would leave a key valid for ever.
 */
function refuseUndeclaredInputs(names, given) {
    const declared = new Set(DECLARED);
    const undeclared = new Set(names.map((name) => name.toLowerCase()).filter((name) => name && !declared.has(name)));
    if (undeclared.size === 0)
        return;
    const command = Object.hasOwn(registry/* COMMANDS */.Lo, given) ? given : undefined;
    const own = command ? inputsRead(command) : DECLARED;
    const where = command ?? 'this action';
    // The suggestions are the action's own names. untrusted() is there only because the lint rule cannot follow them.
    const describe = (name) => {
        const closest = closestName(name, own) ?? closestName(name, DECLARED);
        const typo = `\`${(0,base_text/* untrusted */.bp)(name, 80)}\` is not an input of ${where}`;
        if (closest)
            return `${typo}; did you mean \`${(0,base_text/* untrusted */.bp)(closest)}\`?`;
        return `${typo}. Its inputs: ${(0,base_text/* untrusted */.bp)(own.filter((n) => n !== 'command').join(', '), Infinity)}.`;
    };
    throw new errors/* InputError */.dz([...undeclared].map(describe).join(' '));
}
/** The first of `names` within a few edits of `name`, fewest first. */
function closestName(name, names) {
    const most = Math.max(2, Math.floor(name.length / 3));
    let best;
    for (const candidate of names) {
        const distance = editDistance(name, candidate);
        if (distance <= most && (best === undefined || distance < best.distance))
            best = { name: candidate, distance };
    }
    return best?.name;
}
/** Levenshtein: the fewest insertions, deletions and substitutions that turn `a` into `b`. */
function editDistance(a, b) {
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const row = [i];
        for (let j = 1; j <= b.length; j++)
            row.push(Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
        previous = row;
    }
    return previous[b.length];
}
/**
 * Node skips the certificate check when NODE_TLS_REJECT_UNAUTHORIZED is '0'. An earlier step can set it through
 * `$GITHUB_ENV`, and the API key would then go to whoever answers, so the step refuses to send it.
 */
function refuseUncheckedCertificates(env) {
    if (env?.NODE_TLS_REJECT_UNAUTHORIZED !== '0')
        return;
    throw new errors/* RunnerVariableError */.tB('NODE_TLS_REJECT_UNAUTHORIZED is 0: Node would not check the certificate of the server it sends the API key to. ' +
        'Remove it from the job (a step may have set it through $GITHUB_ENV). To trust a private certificate authority, ' +
        'name its certificate file in NODE_EXTRA_CA_CERTS.');
}
function readCommand(read) {
    const value = read('command').trim();
    if (!value)
        throw new errors/* InputError */.dz(`Input \`command\` is required: one of ${registry/* COMMAND_NAMES */.nZ.join(', ')}.`);
    if (!Object.hasOwn(registry/* COMMANDS */.Lo, value)) {
        throw new errors/* InputError */.dz(`Input \`command\` is ${(0,base_text/* quoted */.TL)(value)}: it must be one of ${registry/* COMMAND_NAMES */.nZ.join(', ')}.`);
    }
    return value;
}

// EXTERNAL MODULE: ./src/base/version.ts
var version = __webpack_require__(2301);
;// CONCATENATED MODULE: ./src/step.ts














/** The most stack lines in the debug log. Each line is made safe, because the stack may quote another library. */
const STACK_LINES = 40;
/** What the main and post steps share: the runner's log, the settings, the client, and the one way to fail. */
const coreLogger = {
    info: (message) => core/* info */.pq(message),
    warning: (message) => core/* warning */.$e(message),
    debug: (message) => core/* debug */.Yz(message),
};
/**
 * Reads and checks every input, and masks the API key and the GitHub token first. `warn` hears of inputs the command
 * does not read. Only the main step passes it, because the post step has the same inputs and need not warn again.
 */
function readStepSettings(warn) {
    // Mask first, because a proxy variable may carry credentials. A user name of a letter or two stays unmasked: the
    // runner would mask it everywhere in the log, and it goes nowhere but to the proxy.
    for (const secret of (0,proxy/* proxySecrets */.Wm)(process.env))
        if (secret.length >= MIN_MASKED_LENGTH)
            maskSecret(secret);
    const inputNames = Object.keys(process.env).flatMap((name) => (name.startsWith('INPUT_') ? [name.slice(6)] : []));
    const runner = {
        repository: process.env.GITHUB_REPOSITORY,
        apiUrl: process.env.GITHUB_API_URL,
        proxies: process.env,
        inputNames,
    };
    return readSettings((name) => core/* getInput */.V4(name), maskSecret, runner, warn);
}
/**
 * Masks a secret in the runner's log. The action also replaces it, and any piece of it, by `***` in every outside
 * text it shows or outputs, because the runner masks only whole values.
 */
function maskSecret(secret) {
    core/* setSecret */.Pq(secret);
    (0,base_text/* registerSecret */.cl)(secret);
}
/** A proxy credential shorter than this is not masked (see readStepSettings). */
const MIN_MASKED_LENGTH = 4;
/**
 * The platform client of one step, on the step's time and connections. These go through the proxies the environment
 * names, and the log names each proxy once by host and port. Throws ProxySettingError for a proxy variable it cannot
 * use, before any request.
 */
function openClient(settings, time) {
    const proxies = (0,proxy/* describeProxySettings */.jj)(process.env);
    if (proxies)
        core/* info */.pq(proxies);
    return new client/* PlatformClient */.Ht({
        baseUrl: settings.apiHost,
        apiKey: settings.apiKey,
        userAgent: version/* USER_AGENT */._,
        clock: time.clock,
        logger: coreLogger,
        time,
        connections: new transport/* Connections */.UQ(process.env),
    });
}
async function writeSummary(html) {
    if (!html || !process.env.GITHUB_STEP_SUMMARY)
        return;
    try {
        await core/* summary */.z.addRaw(html).write();
    }
    catch (error) {
        core/* summary */.z.emptyBuffer();
        core/* warning */.$e(`Could not write the job summary: ${(0,errors/* messageOf */.bD)(error)}`);
    }
}
/**
 * One ::error:: line. The stack goes to the log only with debug logging on, and never for expected failures. An
 * unexpected error names where in src/ it happened, never a line of the bundle.
 */
function fail(error) {
    if (!(error instanceof errors/* OwnError */.Nj) && error instanceof Error && error.stack && core/* isDebug */._o()) {
        for (const line of error.stack.split('\n').slice(0, STACK_LINES)) {
            const at = frameLocation(line);
            core/* debug */.Yz((0,base_text/* untrusted */.bp)(at ? `${line} [${at}]` : line, 500));
        }
    }
    core/* setFailed */.C1(describeStepFailure(error));
}
/** The line a failed step ends with. */
function describeStepFailure(error) {
    if (error instanceof errors/* OwnError */.Nj)
        return error.message;
    // The location comes from the stack, which a library may have written.
    const at = sourceLocationOf(error);
    return `Unexpected error${at ? ` at ${(0,base_text/* untrusted */.bp)(at)}` : ''}: ${(0,errors/* messageOf */.bD)(error)}. Re-run with debug logging on for details.`;
}
/**
 * Fails the step. It writes a short job summary: what failed (`what` is the command, or the step), the request it
 * failed on, and what to do next. Then it prints the one ::error:: line.
 */
async function failStep(what, error) {
    await writeSummary(failureSummary(what, error));
    fail(error);
}
/** The summary of a step that failed by an error: a heading, then the failure's note. */
function failureSummary(what, error) {
    return ((0,summary/* heading */.R_)(`❌ ${what} failed`) +
        failureNote(describeStepFailure(error), (0,http_errors/* requestErrorIn */.p)(error), nextStep(error, (0,http_errors/* requestErrorIn */.p)(error))));
}
/**
 * A command's job summary, the verdict first: its heading (what happened, with ❌ when the step failed), then why and
 * what to do, then the command's details.
 */
function commandSummary(result) {
    const { summary, failure } = result;
    if (!failure)
        return summary;
    const note = commandFailureNote(failure, result.failedRequest, result.next);
    const heading = /^<h(\d)>(.*?)<\/h\1>\n/.exec(summary);
    if (!heading)
        return note + summary;
    const [whole, level, text] = heading;
    const signed = /^(❌|⚠)/.test(text) ? whole : `<h${level}>❌ ${text}</h${level}>\n`;
    return signed + note + summary.slice(whole.length);
}
/**
 * What a command's summary gets when the command reports a failure: the failure, the request it failed on, and what
 * to do next. A command's own summary never states the failure itself.
 */
function commandFailureNote(failure, request, next) {
    return failureNote(failure, request, next ?? nextStep(undefined, request));
}
function failureNote(failure, request, next) {
    const answer = (failed) => failed.status === undefined ? `none (${failed.kind})` : String(failed.status);
    // The table names the request id, so the sentence need not.
    const id = request?.requestId;
    return ((0,summary/* paragraph */.FY)(id === undefined ? failure : failure.replaceAll(` (request id ${(0,base_text/* untrusted */.bp)(id)})`, '')) +
        (request
            ? (0,summary/* table */.tp)(['HTTP status', 'error code', 'request id'], [
                [
                    answer(request),
                    (0,context/* errorCodeOf */.D9)(request),
                    request.requestId === undefined ? undefined : { code: request.requestId },
                ],
            ])
            : '') +
        (0,summary/* paragraph */.FY)(...(typeof next === 'string' ? [next] : next)));
}
/** What to do after a failure, by its kind. `error` is undefined for a failure that a command reported. */
function nextStep(error, request) {
    if (error instanceof errors/* RunnerVariableError */.tB) {
        return 'The runner sets that variable in a GitHub Actions job: run the step there, or set it for a local run. The step sent no request.';
    }
    if (error instanceof errors/* InputError */.dz)
        return 'Correct that input and run the job again: the step sent no request.';
    if (error instanceof proxy/* ProxyInClearError */.Jq) {
        return 'Add the host to NO_PROXY, or use https, then run the job again: no credential went through the proxy.';
    }
    if (error instanceof proxy/* ProxySettingError */.Tl) {
        return ('Correct that proxy variable, then run the job again. A runner set up with a proxy exports it to every step. ' +
            'The step sent no request.');
    }
    if (error !== undefined && !(error instanceof errors/* OwnError */.Nj)) {
        return ('This is a fault of the action, not of the workflow. ' +
            'Re-run the job with debug logging on to see the whole stack, and report it with the location above.');
    }
    if (!request)
        return 'Fix what the failure above names, then run the job again.';
    if (request.kind === 'proxy' || request.kind === 'proxy-refused') {
        return 'The proxy failed, not the platform: check what the failure above names (the proxy variable, its credentials, NO_PROXY), then run the job again.';
    }
    if (request.kind === 'certificate') {
        return "Have Node trust the server's certificate as the failure above says (NODE_EXTRA_CA_CERTS), then run the job again.";
    }
    if (request.kind === 'deadline')
        return 'Raise the `timeout` input, or run the job again when the platform answers sooner.';
    if (request.kind === 'redirect')
        return answers/* CHANGE_AND_RUN_AGAIN */.al;
    const refusal = (0,answers/* refusalOf */.Of)(request);
    if (refusal !== undefined)
        return (request.service === 'GitHub' ? messages/* GITHUB_REFUSALS */.gI : client/* PLATFORM_REFUSALS */.gc)[refusal].next;
    return ('The platform or the connection kept failing after the retries. Run the job again later. ' +
        'If it goes on failing, report the request id to the platform.');
}


/***/ })

};

//# sourceMappingURL=916.index.js.map