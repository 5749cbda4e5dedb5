export const id = 412;
export const ids = [412];
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

/***/ 1412:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runPruneKeys: () => (/* binding */ runPruneKeys)
});

// EXTERNAL MODULE: ./src/api/namespace.ts
var api_namespace = __webpack_require__(3551);
// EXTERNAL MODULE: ./src/api/organization.ts
var organization = __webpack_require__(8877);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/runner/summary.ts
var summary = __webpack_require__(1070);
// EXTERNAL MODULE: ./src/keys/expiry.ts
var keys_expiry = __webpack_require__(8121);
// EXTERNAL MODULE: ./src/keys/usage.ts
var usage = __webpack_require__(2811);
;// CONCATENATED MODULE: ./src/keys/pruning.ts



/** A key used or made within this long is in use: never pruned, whatever its name or age says. */
const IN_USE_WINDOW_MS = 10 * 60_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Every key (one record per key) a selector picks, with its reasons, and the guard that keeps it, if any. */
function judgeKeys(keys, options, now, own) {
    const verdicts = [];
    for (const key of keys) {
        if (options.keyNamePrefix !== undefined && !key.name.startsWith(options.keyNamePrefix))
            continue;
        const reasons = reasonsToPrune(key, options.unusedForMs, now);
        if (reasons.length === 0)
            continue;
        const verdict = { key, reasons };
        const kept = own.kind === 'found' && own.ids.includes(key.id) ? ownKeyText(own) : inUse(key, now);
        if (kept !== undefined)
            verdict.kept = kept;
        verdicts.push(verdict);
    }
    // Least recently used first: the order they are revoked in.
    return verdicts.sort((a, b) => lastTouched(a.key) - lastTouched(b.key) || a.key.id - b.key.id);
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
    if (Number.isNaN(created) || (used !== undefined && Number.isNaN(used))) {
        return 'its created_at or last_used_at is not a time the action can read';
    }
    if (used !== undefined && used > since)
        return `used ${ago(now - used)}, within the last ${describeSpan(IN_USE_WINDOW_MS)}`;
    if (created > since)
        return `created ${ago(now - created)}, within the last ${describeSpan(IN_USE_WINDOW_MS)}`;
    return undefined;
}
function ownKeyText(own) {
    return own.ids.length === 1 ? "the step's own key" : "the step's own key, or used within the same minute";
}
/** Last use, or creation for a key never used; an unreadable time sorts last. */
function lastTouched(key) {
    const at = (0,usage/* lastUseOf */.xk)(key) ?? (0,usage/* readTime */.aQ)(key.created_at);
    return Number.isNaN(at) ? Number.MAX_SAFE_INTEGER : at;
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

// EXTERNAL MODULE: ./src/keys/revocation.ts
var revocation = __webpack_require__(3142);
;// CONCATENATED MODULE: ./src/commands/prune-keys.ts








/**
 * prune-keys: find the keys nobody will ever revoke (expired by their names, long unused) in one
 * namespace, and revoke them, within guards that no selector can get round:
 * - a dry run unless `dry-run: false`;
 * - never the step's own key, and nothing at all when the action cannot tell which it is;
 * - never a key used or made within the last IN_USE_WINDOW_MS (keys/pruning.ts);
 * - nothing at all when more than `max-revoke` keys are selected.
 */
/** Per-key log lines; the summary and the outputs hold every key. */
const MAX_LOGGED_KEYS = 100;
async function runPruneKeys(ctx, options) {
    const namespace = await (0,organization/* keyNamespaceFor */.W7)(ctx, { orgId: options.orgId });
    // A key listed twice is judged, counted and revoked once.
    const { keys, own } = await (0,usage/* readKeysAndOwnKey */.Z2)(ctx.client, ctx.clock, namespace);
    const now = ctx.clock.now();
    const verdicts = judgeKeys(keys, options, now, own);
    const selected = verdicts.filter((v) => v.kept === undefined);
    const kept = verdicts.filter((v) => v.kept !== undefined);
    const where = namespace.kind === 'organization' ? `the keys of organization ${(0,base_text/* untrusted */.bp)(namespace.orgId)}` : "the personal keys of the step's user";
    ctx.log.info(`Pruning ${where}: ${keys.length} key(s) listed; selecting ${describeSelectors(options)}.` +
        (options.dryRun ? ' Dry run: nothing is revoked.' : ''));
    ctx.log.info(describeOwnKey(own));
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
            ...(0,organization/* organizationOutput */.fI)(namespace),
        },
        summary: summarize({ where, options, selected, kept, revoked, blocked: reason, failure, namespace }),
        failure,
    };
}
/**
 * Why a real run may revoke none of the selected keys, as a clause. Past `max-revoke`, revoking the oldest
 * would still revoke that many keys of what is likely a wrong selector, and as many again on
 * every run: none is safer, and a person looks.
 */
function describeWhyNothingIsRevoked(count, maxRevoke, own, where) {
    if (count > maxRevoke) {
        return (`${count} keys are selected, more than \`max-revoke\` (${maxRevoke}). ` +
            `Check the selectors against the list in the job summary; if every key there should go, set \`max-revoke\` to ${count} or more for one run.`);
    }
    if (own.kind === 'unknown' && count > 0) {
        return (`the step's key is one of ${where}, and none of them shows a use by this step (last_used_at), so the action cannot tell which key is its own. ` +
            'The platform may record key use late: run the step again in a few minutes.');
    }
    return undefined;
}
async function revokeSelected(ctx, selected, namespace, revoked) {
    const byId = new Map(selected.map((v) => [v.key.id, v]));
    const ids = selected.map((v) => v.key.id);
    const run = await (0,revocation/* revokeInTurn */.Nz)(ctx, ids, namespace, {
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
    const unused = options.unusedForMs === undefined ? '' : ` and keys not used for ${describeSpan(options.unusedForMs)} (or never used and older)`;
    const named = options.keyNamePrefix === undefined ? '' : `, among keys whose names start with ${(0,base_text/* quoted */.TL)(options.keyNamePrefix, 80)}`;
    return `keys whose names say they have expired${unused}${named}`;
}
function describeOwnKey(own) {
    switch (own.kind) {
        case 'elsewhere':
            return `The step's key is ${own.where}.`;
        case 'found':
            return own.ids.length === 1
                ? `The step's own key is API key ${own.ids[0]} (its last use is this step); it is never pruned.`
                : `The step's own key is one of API keys ${own.ids.join(', ')} (each used within a minute of this step); none of them is pruned.`;
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
        (0,summary/* formatDate */.Yq)(v.key.last_used_at),
        v.key.last_used_from_addr,
        why(v),
    ]);
    const headers = ['id', 'name', 'scope', 'created', 'last used', 'from', 'why'];
    // A failure is the outcome: main adds it below the summary.
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


/***/ }),

/***/ 3142:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IZ: () => (/* binding */ revokeKeyIds),
/* harmony export */   Nz: () => (/* binding */ revokeInTurn),
/* harmony export */   Tg: () => (/* binding */ alreadyRevoked),
/* harmony export */   gA: () => (/* binding */ describeRevocationFailure),
/* harmony export */   qM: () => (/* binding */ revocationRows)
/* harmony export */ });
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8549);
/* harmony import */ var _api_namespace_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3551);
/* harmony import */ var _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2323);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4758);





/**
 * Revoking keys one by one: what revoke-key, prune-keys, rotate-key and the post step share.
 * The post step loads this module, not the commands': keep it small.
 */
/**
 * A 404 to revoking a key the step saw listed, or made: someone else (a person, a late post step,
 * another run) revoked it meanwhile, which is what was wanted. Only a `key-id` as given, which no
 * list showed, is not found because the id may be wrong.
 */
function alreadyRevoked(error) {
    return error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RequestError */ .GI && error.status === 404;
}
/**
 * Revokes keys one by one, until one fails. From the first one on, a signal of the runner lets
 * the revocation in flight finish (and says meanwhile that it may or may not take effect), and
 * no other starts: the result tells, key by key, what was done.
 */
async function revokeInTurn(ctx, ids, namespace, options = {}) {
    const cancellation = ctx.cancellation ?? _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_2__/* .NOT_CANCELLABLE */ .vc;
    if (ids.length > 0)
        cancellation.hold();
    const run = { revoked: [], alreadyRevoked: [], notTried: [] };
    for (const [i, id] of ids.entries()) {
        let settled = () => undefined;
        try {
            cancellation.checkpoint(`revoke API key ${id}`);
            settled = cancellation.inFlight(`the revocation of API key ${id}`);
            await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .revokeKeyIn */ .FG)(ctx.client, namespace, id);
            run.revoked.push(id);
            if (options.revoked)
                options.revoked(id);
            else
                ctx.log.info(`Revoked API key ${id}.`);
        }
        catch (error) {
            if (alreadyRevoked(error) && !options.unlisted?.includes(id)) {
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
/** Whether a failed revocation may have revoked the key all the same. */
function mayHaveTakenEffect(error) {
    if (error instanceof _api_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .RevocationUnconfirmed */ .Jp)
        return true;
    return error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RequestError */ .GI && (error.mayHaveReachedServer || error.earlierAttemptUncertain);
}
/** Revokes keys one by one; on a failure, reports what was revoked before it. `unlisted`: see revokeInTurn. */
async function revokeKeyIds(ctx, ids, namespace, unlisted) {
    const run = await revokeInTurn(ctx, ids, namespace, { unlisted });
    const done = { revoked: run.revoked, alreadyRevoked: run.alreadyRevoked };
    if (!run.failed)
        return done;
    return { ...done, failure: describeRevocationFailure(run), failedRequest: (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .requestErrorIn */ .pB)(run.failed.error) };
}
/** Why the run stopped, and what it had revoked. */
function describeRevocationFailure(run) {
    const done = run.revoked.length ? ` Already revoked: ${run.revoked.join(', ')}.` : '';
    return `${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(run.failed?.error)}${done}`;
}
/** What became of each key a run was to revoke, for a summary table. */
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


/***/ }),

/***/ 2811:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PT: () => (/* binding */ listKeysMerged),
/* harmony export */   Z2: () => (/* binding */ readKeysAndOwnKey),
/* harmony export */   aQ: () => (/* binding */ readTime),
/* harmony export */   c$: () => (/* binding */ mayBeOwnKey),
/* harmony export */   xk: () => (/* binding */ lastUseOf)
/* harmony export */ });
/* unused harmony exports USE_CLOCK_SKEW_MS, mergeById, findOwnKey */
/* harmony import */ var _api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9214);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _api_namespace_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3551);



/**
 * What a key list says about each key's use, read on the safe side: a time the action cannot
 * read counts as a use now, a key listed twice is one key (its most recent use and creation),
 * and the step's own key is told apart only by a use during the step. Every command that
 * decides by what the list says (prune-keys, revoke-key by name, rotate-key, the clean-ups and
 * the post step) lists the keys here.
 */
/**
 * The step's key is the one whose last use is this step's own requests. The platform's clock and
 * the runner's may differ a little, so a use from this long before the step's first request counts.
 */
const USE_CLOCK_SKEW_MS = 60_000;
/** The service's timestamps: ISO 8601 with a zone, seconds and an optional fraction. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/**
 * A timestamp of the service in ms since the epoch; NaN for any other text. Date.parse alone
 * would read "60" as 1960 and "1" as 2001.
 */
function readTime(text) {
    return TIMESTAMP.test(text) ? Date.parse(text) : Number.NaN;
}
/** When the key was last used: null when never, NaN when the list says something the action cannot read (a use now). */
function lastUseOf(key) {
    return key.last_used_at === null ? null : readTime(key.last_used_at);
}
/**
 * One record per key id, in the order first listed: a key listed twice keeps the most recent use
 * and creation of its copies (an unreadable one wins, as a use now), and copies that disagree on
 * the name or the project read as in use, since the action cannot tell which copy is right.
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
        merged.set(key.id, {
            ...seen,
            created_at: later(seen.created_at, key.created_at),
            last_used_at: lastUse,
            last_used_from_addr: fromAddr,
        });
    }
    return [...merged.values()];
}
/** The keys of a namespace, one record per key (see mergeById). */
async function listKeysMerged(client, namespace) {
    return mergeById(await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_2__/* .listKeysIn */ .I_)(client, namespace));
}
/**
 * The opening of a command that revokes keys by the list: the step's first request is timed,
 * the key's kind read, the keys listed, and the step's own key found among them.
 */
async function readKeysAndOwnKey(client, clock, namespace) {
    const stepStarted = clock.now();
    const auth = await (0,_api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .getAuth */ .xI)(client);
    const keys = await listKeysMerged(client, namespace);
    return { keys, own: findOwnKey(keys, namespace, auth, stepStarted - USE_CLOCK_SKEW_MS), stepStarted };
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
/**
 * The step's key lives among these keys when it is a personal key and they are personal keys,
 * or when it is a key of the organization whose keys they are. A kind of key the action does not
 * know may be among any of them. `since`: the step's first request, less USE_CLOCK_SKEW_MS.
 */
function findOwnKey(keys, namespace, auth, since) {
    if (auth.authMethod === 'api_key_user' && namespace.kind === 'organization') {
        return { kind: 'elsewhere', where: `a personal key: it is not among the keys of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(namespace.orgId)}` };
    }
    if (auth.authMethod === 'api_key_org' && (namespace.kind === 'personal' || namespace.orgId !== auth.accountId)) {
        return { kind: 'elsewhere', where: 'an organization key: it is not among these keys' };
    }
    // An unreadable last use counts as a use now: such a key is never taken for unused.
    const ids = keys.filter((k) => {
        const used = lastUseOf(k);
        return used !== null && !(used < since);
    });
    return ids.length > 0 ? { kind: 'found', ids: ids.map((k) => k.id) } : { kind: 'unknown' };
}
/** Whether `key` may be the step's own key. `stepStarted`: the step's first request, on the runner's clock. */
function mayBeOwnKey(key, own, stepStarted) {
    switch (own.kind) {
        case 'elsewhere':
            return false;
        case 'found':
            return own.ids.includes(key.id);
        case 'unknown':
            // The step's key was made before the step began; an unreadable creation may be any time.
            return !(readTime(key.created_at) > stepStarted + USE_CLOCK_SKEW_MS);
    }
}


/***/ }),

/***/ 2323:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EI: () => (/* binding */ StepCancelled),
/* harmony export */   Zn: () => (/* binding */ watchCancellation),
/* harmony export */   vc: () => (/* binding */ NOT_CANCELLABLE)
/* harmony export */ });
/* unused harmony export CANCEL_GRACE_MS */
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4758);


/**
 * Cancellation of the main step. The runner cancels a step with SIGINT (Ctrl+C on Windows), sends
 * SIGTERM (Ctrl+Break on Windows, which Node reports as SIGBREAK) about 7.5 s later, and kills it
 * about 2.5 s after that; Node exits at once on SIGINT unless a handler is installed. That is right while the step holds nothing, and wrong while a new key
 * exists that only this step knows of: from just before a create is sent until the key is handed
 * out (stored, or in an output) or revoked. For that span the step calls `hold()`. A signal then
 * only marks the step cancelled: it starts no new work (`checkpoint()` throws), and finishes or
 * undoes what is in flight within the runner's grace (`undoDeadline()`); every wait for a retry
 * or a rate limit ends at the signal (`stopped`).
 */
/** SIGINT to the kill is about 10 s: undo work after a signal must be over before then. */
const CANCEL_GRACE_MS = 9_000;
/** The step stopped because the runner cancelled it; what was undone is in the message. */
class StepCancelled extends _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ {
    constructor(message) {
        super(message);
        this.name = 'StepCancelled';
    }
}
const RUNNER_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'];
/** For a step that holds no key, and for tests: signals keep Node's default, nothing is ever cancelled. */
const NOT_CANCELLABLE = {
    signal: undefined,
    stopped: new AbortController().signal,
    hold: () => undefined,
    checkpoint: () => undefined,
    undoDeadline: (usual) => usual,
    inFlight: () => () => undefined,
    afterSignal: () => ({ signal: new AbortController().signal, clear: () => undefined }),
};
function watchCancellation(options) {
    const { log, clock } = options;
    let signal;
    let cancelledAt = Number.POSITIVE_INFINITY;
    let holding = false;
    let requestInFlight;
    /** Timers that start with the first signal (afterSignal). */
    const onFirstSignal = new Set();
    const stop = new AbortController();
    const onSignal = (name) => {
        if (signal === undefined) {
            signal = name;
            cancelledAt = clock.now();
            for (const start of onFirstSignal)
                start();
            onFirstSignal.clear();
            log.warning(requestInFlight === undefined
                ? `The runner cancelled the step (${name}): it starts nothing new, and finishes or undoes the key work in flight before it stops.`
                : `The runner cancelled the step (${name}) during ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(requestInFlight)}, which may or may not take effect: ` +
                    'the step starts nothing new, waits for its answer, and says which.');
            stop.abort();
        }
        else {
            log.warning(`${name}: the runner stops the step in a moment.`);
        }
    };
    return {
        get signal() {
            return signal;
        },
        stopped: stop.signal,
        hold() {
            if (holding)
                return;
            holding = true;
            const source = options.signals ?? process;
            for (const name of RUNNER_SIGNALS)
                source.on(name, () => onSignal(name));
        },
        checkpoint(work) {
            if (signal !== undefined)
                throw new StepCancelled(`The runner cancelled the step (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(signal)}) before it could ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(work)}.`);
        },
        undoDeadline(usual) {
            return Math.min(usual, cancelledAt + CANCEL_GRACE_MS);
        },
        inFlight(request) {
            requestInFlight = request;
            return () => {
                if (requestInFlight === request)
                    requestInFlight = undefined;
            };
        },
        afterSignal(ms) {
            const controller = new AbortController();
            let timer;
            const start = () => {
                timer = clock.deadline(cancelledAt + ms - clock.now());
                timer.signal.addEventListener('abort', () => controller.abort(), { once: true });
            };
            if (signal === undefined)
                onFirstSignal.add(start);
            else
                start();
            return {
                signal: controller.signal,
                clear: () => {
                    onFirstSignal.delete(start);
                    timer?.clear();
                },
            };
        },
    };
}


/***/ })

};

//# sourceMappingURL=412.index.js.map