export const id = 3;
export const ids = [3];
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

/***/ 1003:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FE: () => (/* binding */ stopIfCancelled),
/* harmony export */   L8: () => (/* binding */ adviseScope),
/* harmony export */   Me: () => (/* binding */ revokeNewKey),
/* harmony export */   N: () => (/* binding */ createKeyOnce),
/* harmony export */   OI: () => (/* binding */ describeScope),
/* harmony export */   VO: () => (/* binding */ CLEANUP_GRACE_MS),
/* harmony export */   au: () => (/* binding */ openLedger),
/* harmony export */   oZ: () => (/* binding */ keyTargetFor),
/* harmony export */   zg: () => (/* binding */ cancellationOf)
/* harmony export */ });
/* harmony import */ var _api_namespace_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3551);
/* harmony import */ var _api_organization_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8877);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(766);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8549);
/* harmony import */ var _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2323);
/* harmony import */ var _runner_state_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(6003);
/* harmony import */ var _ledger_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4299);
/* harmony import */ var _revocation_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3142);
/* harmony import */ var _usage_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2811);










/**
 * Creating a new key, and cleaning up after it: what create-key and rotate-key share. The promises
 * this module (with commands/rotate-key.ts and github/secret-stores.ts) keeps, each with its own test in __tests__/e2e/key-invariants.e2e.test.ts:
 *
 * 1. A clean-up never revokes a key that existed before the step began, or that another job may
 *    hold. It decides by key id against a snapshot taken just before the create (the ledger),
 *    never by clock arithmetic. When more than one candidate is left, or one is in use (its value
 *    was never seen here, so someone else holds it), it revokes nothing: it names the ids, fails,
 *    and says what to do.
 * 2. A success is claimed only after it was checked. "No new key is left valid" is said only after
 *    a list taken after the clean-up shows it; otherwise the step says it could not confirm, with
 *    the ids.
 * 3. No secret target (repository, environment, organization or Dependabot secret) ever holds a
 *    revoked key. The replaced keys go only once every target holds the new key. Once any write
 *    to a target may have been applied, its outcome stays uncertain whatever later attempts
 *    answer, unless that target's `updated_at` (read before and after) shows it landed: GitHub
 *    may carry out a write after its connection is gone, so nothing shows it did not. Uncertain
 *    means the new key is never revoked.
 * 4. rotate-key revokes only keys it replaced: those of that name and scope that existed before
 *    it created its own. A key of that name that appeared during the run means another rotation
 *    is running: this one revokes no old key, and says so.
 * 5. `keep-previous`: the newest replaced keys stay valid until the next rotation, so jobs that
 *    run with them finish; 0 revokes every one at once.
 * 6. Cancellation: before a create is sent, the ledger is saved as state for the post step. After
 *    the runner's signal the step starts no new work; a new key not yet handed out (stored or in
 *    an output) is revoked, or left to the post step, which revokes it.
 * 7. A new key whose value is not a printable token, or that is not scoped as asked, is revoked
 *    at once. Messages say which key failed (the step's or the new one).
 */
/**
 * The longest key value the action hands out (a printable token). The platform's keys are far
 * shorter; a longer value would be an output (and a mask) no later step can carry.
 */
const MAX_KEY_VALUE_LENGTH = 1024;
/** Clean-up after a lost create may run this long past the step's timeout: an orphan key is worse. */
const CLEANUP_GRACE_MS = 30_000;
/** The namespace of the scope inputs (resolved: see api/organization.ts) and the project, if any. */
async function keyTargetFor(ctx, scope) {
    const namespace = await (0,_api_organization_js__WEBPACK_IMPORTED_MODULE_1__/* .keyNamespaceFor */ .W7)(ctx, scope);
    return scope.projectId === undefined ? { namespace } : { namespace, projectId: scope.projectId };
}
function cancellationOf(ctx) {
    return ctx.cancellation ?? _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .NOT_CANCELLABLE */ .vc;
}
/** The client for undo work: past the step's timeout by CLEANUP_GRACE_MS, but within the runner's grace once cancelled. */
function cleanupClient(ctx) {
    // Read at each wait: a cancel that comes during the clean-up shortens it to the runner's grace.
    const usual = ctx.client.deadline + CLEANUP_GRACE_MS;
    const cancellation = cancellationOf(ctx);
    return ctx.client.withDeadline(() => cancellation.undoDeadline(usual));
}
/** The keys of the ledger's name that the step neither found before its create nor made: listed with the clean-up client. */
async function listStrangers(ctx, ledger) {
    return (await (0,_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .listKeysMerged */ .PT)(cleanupClient(ctx), ledger.target.namespace)).filter((k) => ledger.isStranger(k));
}
/**
 * The snapshot just before a create: lists the namespace's keys and saves the ledger as state, so
 * the post step can find a new key of this name whatever happens next. From here on a signal no
 * longer ends the step at once: it finishes or undoes its work (runner/cancellation.ts). Returns the
 * list too: rotate-key replaces the keys of that name in it.
 */
async function openLedger(ctx, name, target) {
    cancellationOf(ctx).hold();
    const keys = await (0,_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .listKeysMerged */ .PT)(ctx.client, target.namespace);
    const ledger = new _ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .KeyLedger */ .tA((value) => ctx.saveState(_runner_state_js__WEBPACK_IMPORTED_MODULE_9__/* .UNSETTLED_KEYS */ .Gi, value), name, target, keys);
    if (ledger.before.length > _ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_KNOWN_KEYS */ .mb) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`${ledger.before.length} keys are named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(name)} already, more than the ${_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_KNOWN_KEYS */ .mb} this step can keep track of ` +
            'to find a new key after a lost answer or a cancellation. Revoke the ones no longer used, or choose another `key-name`.');
    }
    ledger.write();
    return { ledger, keys };
}
/**
 * Creates a key once, and masks it at once. A lost answer is never blindly resent: the clean-up
 * lists the keys and compares ids with the ledger's snapshot. One key of that name that was not
 * there before and was never used is the lost attempt's (its value can never be read again): it
 * is revoked and the key created once more. More than one, or one in use, and nothing is revoked:
 * the step fails naming them. A key asked to be scoped to a project must come back scoped to it,
 * and its value must be a printable token: any other is revoked at once, and the step fails.
 */
async function createKeyOnce(ctx, ledger) {
    const { name, target } = ledger;
    const cancellation = cancellationOf(ctx);
    const revoked = [];
    for (let round = 1;; round++) {
        try {
            cancellation.checkpoint(`create key ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(name)}`);
        }
        catch (error) {
            if (round === 1)
                ledger.settle();
            throw round === 1 ? error : await giveUpCreating(ctx, ledger, revoked, error);
        }
        let created;
        try {
            created = await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .createKeyIn */ .h3)(ctx.client, target.namespace, name, target.projectId);
        }
        catch (error) {
            if (!(error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI) || !(error.mayHaveReachedServer || error.earlierAttemptUncertain)) {
                if (round === 1)
                    ledger.settle();
                throw round === 1 ? error : await giveUpCreating(ctx, ledger, revoked, error);
            }
            ledger.unresolved = true;
            const found = await cleanUpLostCreate(ctx, ledger, error);
            if (found !== undefined)
                revoked.push(found);
            if (round >= 2 || ctx.clock.now() >= ctx.client.deadline || cancellation.signal !== undefined) {
                throw await giveUpCreating(ctx, ledger, revoked, error);
            }
            const cleaned = found !== undefined ? ` Revoked key ${found}, which that attempt made.` : ' No key of that attempt is there yet.';
            ctx.log.warning(`The answer to creating key ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(name)} was lost (${error.kind}).${cleaned} Creating it once more.`);
            continue;
        }
        if (created.key)
            ctx.mask(created.key);
        ledger.created(created.id);
        if (!(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .isPrintableToken */ .NC)(created.key, MAX_KEY_VALUE_LENGTH)) {
            throw await revokeAtOnce(ctx, ledger, created.id, `The platform answered key ${created.id} with a value that is not a printable token.`);
        }
        if (target.projectId !== undefined && created.project_id !== target.projectId)
            throw await revokeMisScoped(ctx, ledger, created);
        if (ledger.unresolved)
            await lookForLateKey(ctx, ledger, created.id);
        return created;
    }
}
/**
 * After a lost create answer: the key of that name that was not in the snapshot, if exactly one
 * and never used, is that attempt's, and is revoked (its id returned). None: the attempt made
 * none yet. Otherwise nothing is revoked, and the step fails naming the keys.
 */
async function cleanUpLostCreate(ctx, ledger, answerLost) {
    const what = `${answerLost.message} Creating key ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(ledger.name)} may have succeeded without an answer`;
    let strangers;
    try {
        strangers = await listStrangers(ctx, ledger);
    }
    catch (error) {
        const others = ledger.before.length ? ` other than ${(0,_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .describeIds */ .Sh)(ledger.before)}` : '';
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`${what}, and listing the keys to find it failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)} The post step looks for it again when the job ends; ` +
            `or run list-keys and revoke a key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(ledger.name)}${others} that you do not expect.`);
    }
    if (strangers.length === 0)
        return undefined;
    const lost = (0,_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .lostKeyAmong */ .Gt)(strangers);
    if (!lost) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`${what}, and keys of that name that were not there before are valid: ${(0,_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .describeStrangers */ .vU)(strangers)}. This step cannot ` +
            'tell which one (if any) it made, or whether another job holds one, so it revoked none. Revoke the ones you do not expect ' +
            '(revoke-key with `key-id`), and give each job its own `key-name`.');
    }
    const orphan = lost.id;
    try {
        await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .revokeKeyIn */ .FG)(cleanupClient(ctx), ledger.target.namespace, orphan);
    }
    catch (error) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`${what}: key ${orphan}, which that attempt made and whose value can never be read, is valid, and revoking it failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)} ` +
            'The post step tries again when the job ends; or revoke it by hand (revoke-key with `key-id`).');
    }
    ledger.gone(orphan);
    ledger.unresolved = false;
    return orphan;
}
/**
 * Creating failed for good after a lost answer. A list taken now shows whether any key of this
 * step is left valid: the error says so only once it was seen, and otherwise names what is left.
 */
async function giveUpCreating(ctx, ledger, revoked, cause) {
    const done = revoked.length ? ` Revoked ${(0,_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .describeIds */ .Sh)(revoked)}, made by the attempts whose answers were lost.` : '';
    const reason = `${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(cause)}${done}`;
    const failed = (message) => (cause instanceof _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .StepCancelled */ .EI ? new _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .StepCancelled */ .EI(message) : new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(message));
    let left;
    try {
        left = await listStrangers(ctx, ledger);
    }
    catch (error) {
        ledger.settle();
        return failed(`${reason} Could not confirm that no new key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(ledger.name)} is left valid: listing the keys failed (${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)}). ` +
            'The post step looks again when the job ends.');
    }
    if (left.length > 0) {
        ledger.settle();
        return failed(`${reason} Keys of that name that were not there before the create are valid: ${(0,_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .describeStrangers */ .vU)(left)}. None was revoked: ` +
            "this step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`).");
    }
    const late = ledger.unresolved ? ' (if the platform carries out a lost attempt late, the post step revokes its key)' : '';
    ledger.settle();
    return failed(`${reason} No new key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(ledger.name)} is left valid: a list taken after the clean-up shows none${late}.`);
}
/**
 * A key was made after an earlier attempt's answer was lost and its key was not found: the
 * platform may have made that one late. Look once more; one unknown, unused key is that one.
 */
async function lookForLateKey(ctx, ledger, createdId) {
    let strangers;
    try {
        strangers = await listStrangers(ctx, ledger);
    }
    catch (error) {
        ctx.log.warning(`Could not look for a key that the lost attempt may have made late: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)} The post step looks again when the job ends.`);
        return;
    }
    if (strangers.length === 0) {
        ctx.log.info(`No other new key named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(ledger.name)} is there; the post step looks once more when the job ends.`);
        return;
    }
    const lost = (0,_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .lostKeyAmong */ .Gt)(strangers);
    if (!lost) {
        ctx.log.warning(`Key ${createdId} was created, but other keys of that name that were not there before are valid: ${(0,_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .describeStrangers */ .vU)(strangers)}. ` +
            "None was revoked, since this step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`).");
        return;
    }
    const late = lost.id;
    try {
        await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .revokeKeyIn */ .FG)(cleanupClient(ctx), ledger.target.namespace, late);
        ledger.gone(late);
        ledger.unresolved = false;
        ctx.log.info(`Revoked key ${late}, which the lost attempt made late.`);
    }
    catch (error) {
        ctx.log.warning(`Key ${late}, which the lost attempt made late, is valid; revoking it failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)} The post step tries again.`);
    }
}
/**
 * Revokes a new key of this step that was not handed out. Returns what to say about it: that it
 * was revoked (seen in the answer), or why it could not be.
 */
async function revokeNewKey(ctx, ledger, id) {
    try {
        await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_0__/* .revokeKeyIn */ .FG)(cleanupClient(ctx), ledger.target.namespace, id);
    }
    catch (error) {
        if (!(0,_revocation_js__WEBPACK_IMPORTED_MODULE_7__/* .alreadyRevoked */ .Tg)(error)) {
            return {
                revoked: false,
                message: `Revoking the new key ${id} failed too (${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)}): the post step tries again, or revoke it by hand.`,
            };
        }
    }
    ledger.gone(id);
    return { revoked: true, message: `The new key ${id} was revoked.` };
}
/**
 * A new key that must not stay valid for a moment longer: revoked with the step's key, and the
 * step fails saying so. "No new key is left valid" only when this was the step's one key.
 */
async function revokeAtOnce(ctx, ledger, id, reason) {
    const undo = await revokeNewKey(ctx, ledger, id);
    const unresolved = ledger.unresolved;
    ledger.settle();
    if (!undo.revoked)
        return new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`${reason} ${undo.message}`);
    const left = unresolved
        ? 'an earlier attempt lost its answer, and the post step looks for the key it may have made'
        : 'no new key is left valid';
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`${reason} That key was revoked at once, and ${left}. Run the step again, or report it with the key id.`);
}
/** A key that reaches more (or other) than the project asked for. */
function revokeMisScoped(ctx, ledger, created) {
    const { namespace, projectId } = ledger.target;
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent; a target with a project is always in an organization (keyNamespaceFor)
    const orgId = namespace.kind === 'organization' ? namespace.orgId : '';
    const answered = created.project_id === undefined
        ? `with no project, so it would reach every project of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}`
        : `scoped to project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(created.project_id, 80)}`;
    return revokeAtOnce(ctx, ledger, created.id, 
    // Stryker disable next-line StringLiteral: equivalent; this runs only for a target with a project
    `The platform was asked for a key scoped to project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(projectId ?? '')} and answered key ${created.id} ${answered}.`);
}
/**
 * The step was cancelled after a new key arrived and before it was handed out: the key is
 * revoked (or left to the post step), and the step stops saying which.
 */
async function stopIfCancelled(ctx, ledger, id, work) {
    try {
        cancellationOf(ctx).checkpoint(work);
    }
    catch (error) {
        const undo = await revokeNewKey(ctx, ledger, id);
        ledger.settle();
        throw new _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .StepCancelled */ .EI(`${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)} ${undo.message}`);
    }
}
/** A personal key reaches every project of every organization of its user: say so, and how to scope it. */
function adviseScope(ctx, target, id) {
    if (target.namespace.kind !== 'personal')
        return;
    ctx.notice(`API key ${id} is a personal key: it reaches every project of every organization its user belongs to. ` +
        'A job that works on one project is safer with a project-scoped key: set `project-id` (and `org-id` if you know it).');
}
/** "personal", "organization org-x", "project p-1": for logs and summaries. */
function describeScope(target) {
    if (target.projectId !== undefined)
        return `project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(target.projectId)}`;
    return target.namespace.kind === 'organization' ? `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(target.namespace.orgId)}` : 'personal';
}


/***/ })

};

//# sourceMappingURL=3.index.js.map