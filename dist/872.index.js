export const id = 872;
export const ids = [872];
export const modules = {

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

/***/ 3872:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   orderForRevocation: () => (/* binding */ orderForRevocation),
/* harmony export */   runRevokeKey: () => (/* binding */ runRevokeKey)
/* harmony export */ });
/* harmony import */ var _api_organization_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8877);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8549);
/* harmony import */ var _keys_ledger_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4299);
/* harmony import */ var _keys_revocation_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3142);
/* harmony import */ var _keys_usage_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2811);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1070);







/**
 * revoke-key: one key by `key-id`, or every key of a `key-name`, the step's own key last, and the
 * outcome key by key.
 */
async function runRevokeKey(ctx, target) {
    const namespace = await (0,_api_organization_js__WEBPACK_IMPORTED_MODULE_0__/* .keyNamespaceFor */ .W7)(ctx, { orgId: target.orgId });
    const plan = target.keyId !== undefined ? { ids: [target.keyId] } : await planRevocationByName(ctx, target.keyName, namespace);
    // A key-id that is not found may be a wrong id; a key listed by name and then not found was revoked meanwhile.
    const run = await (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_4__/* .revokeInTurn */ .Nz)(ctx, plan.ids, namespace, { unlisted: plan.byName ? [] : plan.ids });
    let failure = run.failed && (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_4__/* .describeRevocationFailure */ .gA)(run);
    if (plan.byName && refusedStepKey(run))
        failure = describeLockedOut(run, plan.byName.name, plan.byName.own);
    return {
        outputs: { 'revoked-key-ids': JSON.stringify(run.revoked), ...(0,_api_organization_js__WEBPACK_IMPORTED_MODULE_0__/* .organizationOutput */ .fI)(namespace) },
        summary: (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .heading */ .R_)('API keys revoked') +
            (plan.ids.length ? (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .table */ .tp)(['id', 'outcome'], (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_4__/* .revocationRows */ .qM)(plan.ids, run)) : (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .paragraph */ .FY)('No key was revoked.')),
        failure,
        failedRequest: run.failed && (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .requestErrorIn */ .pB)(run.failed.error),
    };
}
/**
 * The keys of a name, in the order they are revoked. The step's key may be one of them: it goes
 * last, so the others are not refused for want of it. The platform may record key use late, and
 * then no key shows a use by this step: the keys that may be the step's go last, and of them the
 * one most recently used or made (the platform lists newest first, the step's key is in use, and
 * it was made before the step began).
 */
async function planRevocationByName(ctx, name, namespace) {
    const { keys, own, stepStarted } = await (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_5__/* .readKeysAndOwnKey */ .Z2)(ctx.client, ctx.clock, namespace);
    const named = keys.filter((k) => k.name === name);
    const ids = orderForRevocation(named, own, stepStarted);
    const where = namespace.kind === 'organization' ? ` of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(namespace.orgId)}` : '';
    if (ids.length === 0)
        ctx.log.warning(`No API key${where} is named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(name)}; nothing was revoked.`);
    const mine = ids.filter((id) => own.kind === 'found' && own.ids.includes(id));
    if (mine.length === 1)
        ctx.log.info(`The step's own key is among them (its last use is this step): API key ${mine[0]} goes last.`);
    if (mine.length > 1)
        ctx.log.info(`The step's own key is one of ${(0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_3__/* .describeIds */ .Sh)(mine)} (each used within a minute of this step): they go last.`);
    const likeliest = named.find((k) => k.id === ids.at(-1));
    if (own.kind === 'unknown' && ids.length > 1 && likeliest && (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_5__/* .mayBeOwnKey */ .c$)(likeliest, own, stepStarted)) {
        ctx.log.info("No key shows a use by this step (the platform may record key use late), so the step's own key cannot be told apart: " +
            `the keys that may be it go last, the most recently used or made last of all: API key ${likeliest.id}.`);
    }
    return { ids, byName: { name, own } };
}
/**
 * The keys (one record per key) that cannot be the step's own first, least recently used first
 * (never used first); then those that may be, least recently used or made first, so the likeliest
 * one goes last. Ties go by id.
 */
function orderForRevocation(keys, own, stepStarted) {
    // An unreadable time counts as now: such a key goes late.
    const time = (at) => (at === null ? Number.NEGATIVE_INFINITY : Number.isNaN(at) ? Number.POSITIVE_INFINITY : at);
    const rank = (k) => {
        if (!(0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_5__/* .mayBeOwnKey */ .c$)(k, own, stepStarted))
            return [0, time((0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_5__/* .lastUseOf */ .xk)(k))];
        return [1, time((0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_5__/* .lastUseOf */ .xk)(k) ?? (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_5__/* .readTime */ .aQ)(k.created_at))];
    };
    return keys
        .map((k) => ({ id: k.id, rank: rank(k) }))
        .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.id - b.id)
        .map((k) => k.id);
}
/** The step's key was refused (401) after at least one key of the name was revoked: most likely it was one of them. */
function refusedStepKey(run) {
    const request = (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .requestErrorIn */ .pB)(run.failed?.error);
    return request?.status === 401 && run.revoked.length > 0;
}
/** One error naming every key of the name that is still valid, and what to do. */
function describeLockedOut(run, name, own) {
    const last = run.revoked.at(-1);
    const why = own.kind === 'unknown'
        ? "that was most likely the step's own key (no key of the name showed a use by this step, so the action could not tell)"
        : "the step's key was revoked meanwhile, or was that key";
    const left = [run.failed.id, ...run.notTried];
    return (`The platform refused the step's key (401) after API key ${last} was revoked: ${why}. ` +
        `Keys named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(name)} still valid: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(left.join(', '), Number.POSITIVE_INFINITY)}. Already revoked: ${run.revoked.join(', ')}. ` +
        `Run revoke-key again with \`key-name: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(name)}\` and an \`api-key\` of another name to revoke them.`);
}


/***/ })

};

//# sourceMappingURL=872.index.js.map