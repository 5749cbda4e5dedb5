export const id = 997;
export const ids = [997];
export const modules = {

/***/ 8997:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   newestKeys: () => (/* binding */ newestKeys),
/* harmony export */   runRotateKey: () => (/* binding */ runRotateKey)
/* harmony export */ });
/* harmony import */ var _api_client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7085);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8549);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4758);
/* harmony import */ var _api_endpoints_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9214);
/* harmony import */ var _http_retry_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8902);
/* harmony import */ var _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2323);
/* harmony import */ var _keys_ledger_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4299);
/* harmony import */ var _api_organization_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8877);
/* harmony import */ var _github_targets_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(5617);
/* harmony import */ var _keys_usage_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2811);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(1070);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(766);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(6412);
/* harmony import */ var _keys_creation_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(1003);
/* harmony import */ var _keys_revocation_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(3142);















/**
 * A secret write in flight when the runner cancels may take this long to answer; the rest of the
 * runner's grace reads the secret's `updated_at` and reports, before the runner kills the step.
 */
const WRITE_GRACE_MS = 5_000;
/** A new key may take a moment to be honoured everywhere: the proof tries this often on 401. */
const PROOF_ATTEMPTS = 3;
const PROOF_BACKOFF_MS = 1000;
/**
 * Rotation never locks the user out: prepare every secret target, snapshot the keys of that
 * name, create and mask a new key, prove it works, store it in every target, and only then
 * revoke the keys it replaced (those in the snapshot), leaving the newest `keepPrevious` of them
 * valid. A target that cannot be prepared stops the rotation before a key is made. If the proof
 * fails, or no target took the new key, it is revoked and no old key is touched; if some targets
 * took it and others did not, nothing at all is revoked, and a second run stores a newer key
 * everywhere. A key of that name that appears during the run is another rotation's: this one
 * then revokes no old key (see the promises in keys.ts). The keys are those of the same name and
 * the same scope, in the namespace the new key was made in.
 */
async function runRotateKey(ctx, options) {
    const target = await (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .keyTargetFor */ .oZ)(ctx, options);
    const stores = options.secrets && (await prepareStores(ctx, options.secrets, { apiUrl: options.githubApiUrl }));
    if (stores && stores.problems.length > 0)
        return notPrepared(options, stores, target);
    return rotate(ctx, options, target, stores);
}
/** Reads what each target needs before anything is written (see github/secret-stores.ts). */
async function prepareStores(ctx, secrets, github) {
    const { SecretStores } = await Promise.all(/* import() */[__webpack_require__.e(235), __webpack_require__.e(498)]).then(__webpack_require__.bind(__webpack_require__, 5498));
    const stores = await SecretStores.prepare(secrets, github, { clock: ctx.clock, deadline: ctx.client.deadline }, ctx.client.connections);
    for (const note of stores.accessNotes())
        ctx.log.info(note.message);
    return stores;
}
async function rotate(ctx, options, target, stores) {
    const { ledger, keys: snapshot } = await (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .openLedger */ .au)(ctx, options.keyName, target);
    const created = await (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .createKeyOnce */ .N)(ctx, ledger);
    ctx.log.info(`Created API key ${created.id} named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .quoted */ .TL)(options.keyName)} (${(0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .describeScope */ .OI)(target)}).`);
    (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .adviseScope */ .L8)(ctx, target, created.id);
    const cancellation = (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .cancellationOf */ .zg)(ctx);
    // The new key proves itself; unless it is project-scoped (it may not manage keys), it also
    // lists and revokes the old ones, so they go even if the step's own key is one of them.
    const newClient = ctx.client.withApiKey(created.key, `The platform refused the new key ${created.id} (401 Unauthorized) moments after creating it: it was revoked meanwhile ` +
        "(by another rotation running at the same time?) or is not honoured yet. The step's own key (`api-key`) was not the problem.");
    const lister = target.projectId === undefined ? newClient : ctx.client;
    let listed;
    try {
        cancellation.checkpoint('prove the new key');
        const proof = await proveKey(ctx, newClient, lister, target);
        ctx.log.info(`The new key works: ${proof.message}.`);
        listed = proof.keys;
        const appeared = listed.filter((k) => ledger.isStranger(k));
        if (appeared.length > 0)
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(describeConcurrentRun(options.keyName, appeared, 'when the new key proved itself'));
        cancellation.checkpoint(stores ? 'store the new key' : 'revoke the old keys');
    }
    catch (error) {
        throw await undoRotation(ctx, ledger, created, error);
    }
    let stored = '';
    let outcomes = [];
    let afterStore;
    if (stores && options.secrets) {
        const usual = ctx.client.deadline + _keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .CLEANUP_GRACE_MS */ .VO;
        outcomes = await stores.storeEverywhere(created.key, {
            clock: ctx.clock,
            deadline: ctx.client.deadline,
            settleDeadline: () => cancellation.undoDeadline(usual),
            cancelled: () => cancellation.signal !== undefined,
            stopped: cancellation.stopped,
            cutOnCancel: () => cancellation.afterSignal(WRITE_GRACE_MS),
            onWait: (message) => ctx.log.warning(message),
            // Handed out once a write may land (it left, and was not refused): from then on the post
            // step must never revoke the key, which a target may hold. Refused, it is pending again.
            onHolding: (holding) => (holding ? ledger.handedOut(created.id) : ledger.notHandedOut(created.id)),
        }, (outcome) => ctx.log.info(outcome.message));
        if (outcomes.some((o) => o.status !== 'stored'))
            return await notStoredEverywhere(ctx, options, ledger, created, outcomes);
        const many = outcomes.length > 1 ? ` in all ${outcomes.length} targets` : '';
        stored = `Stored the new key in secret ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .untrusted */ .bp)(options.secrets.name)}${many}`;
        // The store took a while: another rotation may have begun meanwhile.
        try {
            afterStore = await (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_9__/* .listKeysMerged */ .PT)(lister, target.namespace);
        }
        catch (error) {
            return rotated(ledger, options, created, NOTHING_REVOKED, outcomes, `${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .untrusted */ .bp)(stored, 400)}, but listing the keys again failed, so no old key was revoked: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)}`);
        }
    }
    const latest = afterStore ?? listed;
    const appeared = latest.filter((k) => ledger.isStranger(k));
    if (appeared.length > 0) {
        return rotated(ledger, options, created, NOTHING_REVOKED, outcomes, describeConcurrentRun(options.keyName, appeared, 'after storing the new key'));
    }
    // Keys of the snapshot still valid now; the newest `keepPrevious` stay so running jobs finish.
    const stillValid = new Set(latest.map((k) => k.id));
    const replaced = snapshot.filter((k) => (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .sameKind */ .Nc)(k, options.keyName, target.projectId) && stillValid.has(k.id));
    // `key-id` is revoked as asked, whatever keep-previous keeps.
    const kept = newestKeys(replaced, options.keepPrevious).filter((id) => id !== options.keyId);
    const doomed = replaced.filter((k) => !kept.includes(k.id)).map((k) => k.id);
    if (options.keyId !== undefined && options.keyId !== created.id && !doomed.includes(options.keyId))
        doomed.push(options.keyId);
    // Names as the platform listed them: `key-id` may name a key of another name, or one no list showed.
    const names = new Map([...snapshot, ...latest].map((k) => [k.id, k.name]));
    const unlisted = doomed.filter((id) => !names.has(id));
    const { revoked, alreadyRevoked, failure, failedRequest } = await (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_14__/* .revokeKeyIds */ .IZ)({ ...ctx, client: lister }, doomed, target.namespace, unlisted);
    for (const id of kept)
        ctx.log.info(`Kept API key ${id} valid until the next rotation (keep-previous: ${options.keepPrevious}).`);
    if (doomed.length === 0 && kept.length === 0)
        ctx.log.info('No old key to revoke.');
    const named = (ids) => ids.map((id) => ({ id, name: names.get(id) ?? '' }));
    return rotated(ledger, options, created, { revoked: named(revoked), kept: named(kept), alreadyRevoked: named(alreadyRevoked) }, outcomes, failure && `The new key ${created.id} is valid${stored ? ' and stored' : ''}, but revoking the old keys failed: ${failure}`, failedRequest);
}
/** A failure that lists at most this many targets; the summary and `secret-results` have them all. */
const MAX_TARGETS_NAMED = 5;
/** What went wrong with the targets that did not take the key, for one error line. */
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
        message: `Skipped ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .untrusted */ .bp)((0,_github_targets_js__WEBPACK_IMPORTED_MODULE_8__/* .targetText */ .Z3)(t))}: another target could not be prepared.`,
    });
    const count = failed.size;
    return {
        outputs: { 'revoked-key-ids': '[]', 'secret-results': secretResults(outcomes), ...(0,_api_organization_js__WEBPACK_IMPORTED_MODULE_7__/* .organizationOutput */ .fI)(target.namespace) },
        summary: (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .heading */ .R_)('API key not rotated') +
            targetsTable(outcomes) +
            (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .paragraph */ .FY)(`${count} of ${outcomes.length} secret target(s) could not be prepared, so no key was created and none was revoked.`),
        failure: `Rotation stopped before creating a key: ${describeTargetProblems(stores.problems)} ` +
            'No key was created and none was revoked; fix what failed and run rotate-key again.',
        next: NEXT_AFTER_TARGETS,
    };
}
/**
 * Some targets did not take the new key. None may hold it: it is revoked, as after a failed
 * proof. Some may: it stays valid, and so do the old keys, since the targets it did not reach
 * still hold one of them. Either way nothing old is revoked, and a second run converges.
 */
async function notStoredEverywhere(ctx, options, ledger, created, outcomes) {
    const stored = outcomes.filter((o) => o.status === 'stored').length;
    const uncertain = outcomes.filter((o) => o.status === 'uncertain').length;
    const problems = describeTargetProblems(outcomes);
    const outputs = {
        'revoked-key-ids': '[]',
        'secret-results': secretResults(outcomes),
        ...(0,_api_organization_js__WEBPACK_IMPORTED_MODULE_7__/* .organizationOutput */ .fI)(ledger.target.namespace),
    };
    const keyTable = (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .table */ .tp)(['', 'id', 'name'], [['new', { code: String(created.id) }, options.keyName]]);
    if (stored + uncertain === 0) {
        // No target holds it: should this revocation fail too, the post step revokes it.
        ledger.notHandedOut(created.id);
        const undo = await (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .revokeNewKey */ .Me)(ctx, ledger, created.id);
        ledger.settle();
        return {
            outputs,
            summary: (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .heading */ .R_)('API key not rotated') +
                keyTable +
                targetsTable(outcomes) +
                (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .paragraph */ .FY)(`No target took the new key, so it ${undo.revoked ? 'was revoked' : 'could not be revoked'}; no old key was revoked.`),
            failure: `Rotation stopped: ${problems} ${undo.message} No old key was revoked.`,
            next: NEXT_AFTER_TARGETS,
        };
    }
    ledger.settle();
    const id = created.id;
    const failure = outcomes.length === 1
        ? `Rotation stopped: ${problems} Nothing was revoked: the new key ${id} stays valid, as do the old keys. ` +
            `Run rotate-key again once GitHub answers (it replaces both), or revoke key ${id} once you know the secret does not hold it.`
        : `Rotation stopped: the new key ${id} is stored in ${stored} of ${outcomes.length} targets` +
            `${uncertain ? ` and may be in ${uncertain} more (GitHub did not answer)` : ''}. ${problems} ` +
            `Nothing was revoked: the new key ${id} stays valid, as do the old keys, so every target still holds a valid key. ` +
            'Fix what failed and run rotate-key again: it stores a newer key in every target, then revokes the keys it replaced.';
    return {
        outputs: { 'key-id': String(id), ...outputs },
        summary: (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .heading */ .R_)('API key not rotated everywhere') +
            keyTable +
            targetsTable(outcomes) +
            (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .paragraph */ .FY)(`The new key is in ${stored} of ${outcomes.length} target(s)${uncertain ? ` and may be in ${uncertain} more` : ''}: ` +
                'it stays valid, and so do the keys it was to replace. Run rotate-key again once the failures are fixed.'),
        failure,
        next: NEXT_AFTER_TARGETS,
    };
}
/** `secret-results`: each target, what became of it, and GitHub's status and request id when a request failed. */
function secretResults(outcomes) {
    return JSON.stringify(outcomes.map((o) => ({
        target: (0,_github_targets_js__WEBPACK_IMPORTED_MODULE_8__/* .targetText */ .Z3)(o.target),
        status: o.status,
        ...(o.httpStatus === undefined ? {} : { 'http-status': o.httpStatus }),
        ...(o.requestId === undefined ? {} : { 'request-id': o.requestId }),
    })));
}
function targetsTable(outcomes) {
    return (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .table */ .tp)(['secret target', 'result', 'why', 'HTTP status', 'request id'], outcomes.map((o) => [
        { code: (0,_github_targets_js__WEBPACK_IMPORTED_MODULE_8__/* .targetText */ .Z3)(o.target) },
        o.status === 'uncertain' ? 'may hold it (no answer)' : o.status,
        o.reason,
        o.httpStatus,
        o.requestId === undefined ? undefined : { code: o.requestId },
    ]));
}
/** After targets failed: what to do, for the summary. */
const NEXT_AFTER_TARGETS = 'Fix what failed for each target in the table above (the token, its permissions, the name of the target), then run rotate-key again: ' +
    'it stores a newer key in every target before it revokes the keys it replaced.';
const NOTHING_REVOKED = { revoked: [], kept: [], alreadyRevoked: [] };
/** The result, which hands the new key out (main writes it to the `key` output with no await before). */
function rotated(ledger, options, created, { revoked, kept, alreadyRevoked }, outcomes, failure, failedRequest) {
    ledger.handedOut(created.id);
    ledger.settle();
    const secrets = options.secrets;
    const only = secrets?.targets.length === 1 ? secrets.targets[0] : undefined;
    const place = only ? ` of ${(0,_github_targets_js__WEBPACK_IMPORTED_MODULE_8__/* .targetText */ .Z3)(only)}` : ` in all ${outcomes.length} targets`;
    return {
        outputs: {
            key: created.key,
            'key-id': String(created.id),
            'revoked-key-ids': JSON.stringify(revoked.map((k) => k.id)),
            ...(secrets ? { 'secret-results': secretResults(outcomes) } : {}),
            ...(0,_api_organization_js__WEBPACK_IMPORTED_MODULE_7__/* .organizationOutput */ .fI)(ledger.target.namespace),
        },
        summary: (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .heading */ .R_)('API key rotated') +
            (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .table */ .tp)(['', 'id', 'name'], [
                ['new', { code: String(created.id) }, options.keyName],
                ...kept.map((k) => [`kept (keep-previous: ${options.keepPrevious})`, { code: String(k.id) }, k.name]),
                ...revoked.map((k) => ['revoked', { code: String(k.id) }, k.name]),
                ...alreadyRevoked.map((k) => ['revoked by someone else meanwhile', { code: String(k.id) }, k.name]),
            ]) +
            (secrets
                ? (only ? '' : targetsTable(outcomes)) + (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .paragraph */ .FY)(`The new key is stored in secret ${secrets.name}${place}.`)
                : (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .paragraph */ .FY)('The new key is in the step output ', { code: 'key' }, ', masked in logs; no secret was written.')),
        failure,
        failedRequest,
    };
}
/** What to say when keys of that name appeared that this run did not make. */
function describeConcurrentRun(name, appeared, where) {
    return (`${(0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .describeIds */ .Sh)(appeared.map((k) => k.id))} named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .quoted */ .TL)(name)} appeared during this run (not in its snapshot before the create; seen ${where}): ` +
        'another rotation of the same keys is running at the same time, so this run revoked no old key. ' +
        'Give the workflow a `concurrency:` group (with cancel-in-progress: false) so rotations never overlap; the next rotation revokes what is left.');
}
/**
 * The ids to keep: the `count` newest keys by `created_at`. A key whose date cannot be read counts
 * as newest, and keys tied with the last one kept are kept too: when in doubt, a key stays valid.
 */
function newestKeys(keys, count) {
    if (count <= 0)
        return [];
    const time = (k) => {
        const parsed = (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_9__/* .readTime */ .aQ)(k.created_at);
        return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
    };
    const ordered = [...keys].sort((a, b) => time(b) - time(a));
    // Stryker disable next-line EqualityOperator: a fast path; the filter below gives the same ids in the same order
    if (ordered.length <= count)
        return ordered.map((k) => k.id);
    const boundary = time(ordered[count - 1]);
    return ordered.filter((k, i) => i < count || time(k) === boundary).map((k) => k.id);
}
/**
 * A read made with the new key, and the keys of its namespace as `lister` sees them. A personal
 * or organization key lists them itself; a project-scoped key may not, so it reads its project,
 * and the step's key lists them.
 */
async function proveKey(ctx, newClient, lister, target) {
    const proof = (read) => (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .retrying */ .R$)(read, {
        clock: ctx.clock,
        deadline: newClient.deadline,
        maxAttempts: PROOF_ATTEMPTS,
        delayAfter: (error, attempt) => (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .RequestError */ .GI && error.status === 401 ? PROOF_BACKOFF_MS * attempt : undefined),
        interrupt: {
            signal: (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .cancellationOf */ .zg)(ctx).stopped,
            stop: (error, _n, delay) => new _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .StepCancelled */ .EI(`The runner cancelled the step while the new key waited ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_12__/* .formatDuration */ .a)(delay)} to prove itself again: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)}`),
        },
    });
    const { projectId } = target;
    if (projectId === undefined) {
        const keys = await proof(() => (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_9__/* .listKeysMerged */ .PT)(newClient, target.namespace));
        return { keys, message: `it listed ${keys.length} key(s)` };
    }
    await proof(() => (0,_api_endpoints_js__WEBPACK_IMPORTED_MODULE_3__/* .getProject */ .U1)(newClient, projectId));
    return { keys: await (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_9__/* .listKeysMerged */ .PT)(lister, target.namespace), message: `it read project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .untrusted */ .bp)(projectId)}` };
}
/** Revokes the new key with the step's own key; no old key was touched. */
async function undoRotation(ctx, ledger, created, cause) {
    const undo = await (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_13__/* .revokeNewKey */ .Me)(ctx, ledger, created.id);
    ledger.settle();
    const message = `Rotation stopped: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(cause)} ${undo.message} No old key was revoked.`;
    return cause instanceof _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .StepCancelled */ .EI ? new _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .StepCancelled */ .EI(message) : new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(message, { cause });
}


/***/ })

};

//# sourceMappingURL=997.index.js.map