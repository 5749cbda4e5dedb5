export const id = 661;
export const ids = [661];
export const modules = {

/***/ 6661:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6421);
/* harmony import */ var _api_namespace_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3551);
/* harmony import */ var _api_organization_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1258);
/* harmony import */ var _keys_expiry_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8121);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6412);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4758);
/* harmony import */ var _keys_ledger_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4299);
/* harmony import */ var _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2323);
/* harmony import */ var _keys_usage_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2811);
/* harmony import */ var _runner_state_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(6003);
/* harmony import */ var _keys_revocation_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3142);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(4916);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(766);













/**
 * The post step of create-key and rotate-key (post-entry.ts loads it only for them, and only when their saved state
 * says there is work). It revokes the job-scoped key that create-key made, however the job ended. It also revokes any
 * new key that the main step made but never handed out, because the step was cancelled, killed, or lost an answer.
 * The main step's inputs apply, so `timeout` bounds the post step too. The saved state may have been planted by an
 * earlier step, so the post step acts on it only where its own inputs agree: the namespace comes from its inputs, and
 * a key is revoked only when its name is one they make. The state is read through the toolkit, so a local runner that
 * replaces the toolkit (@github/local-action) hands over what the main step saved.
 */
async function run() {
    const saved = (name) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getState */ .Gu(name);
    if (!(0,_runner_state_js__WEBPACK_IMPORTED_MODULE_12__/* .postStepHasWork */ .OR)(saved))
        return;
    let client;
    try {
        const settings = (0,_step_js__WEBPACK_IMPORTED_MODULE_10__.readStepSettings)();
        if (settings.command !== 'create-key' && settings.command !== 'rotate-key')
            return;
        client = (0,_step_js__WEBPACK_IMPORTED_MODULE_10__.openClient)(settings, _base_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .systemClock */ .m);
        const namespace = await (0,_api_organization_js__WEBPACK_IMPORTED_MODULE_2__/* .keyNamespaceFor */ .W7)({ client, log: _step_js__WEBPACK_IMPORTED_MODULE_10__.coreLogger }, settings);
        const makesName = (name) => madeByInputs(name, settings.keyName, settings.command === 'create-key');
        const jobKey = saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_12__/* .JOB_KEY_ID */ .OW);
        if (jobKey && settings.command === 'create-key' && settings.revokeAfterJob) {
            await revokeJobKey(client, namespace, Number(jobKey), makesName);
        }
        else if (jobKey) {
            warnOfState(_runner_state_js__WEBPACK_IMPORTED_MODULE_12__/* .JOB_KEY_ID */ .OW, 'this step made no job-scoped key (`revoke-after-job` is not true)');
        }
        const ledger = (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .readLedger */ .SC)(saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_12__/* .UNSETTLED_KEYS */ .Gi));
        const ledgerOrg = namespace.kind === 'organization' ? namespace.orgId : undefined;
        if (ledger && (!makesName(ledger.name) || ledger.org !== ledgerOrg)) {
            warnOfState(_runner_state_js__WEBPACK_IMPORTED_MODULE_12__/* .UNSETTLED_KEYS */ .Gi, "it names keys that this step's inputs do not make");
        }
        else if (ledger) {
            await revokeLeftovers(client, ledger, jobKey && settings.command === 'create-key' ? Number(jobKey) : undefined);
        }
    }
    catch (error) {
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_10__.failStep)('The post step', error);
    }
    finally {
        // Every connection ends here, even a connect still hanging on a silent server or proxy.
        await client?.connections.close();
    }
}
/**
 * Whether `name` is one the step's inputs make: `key-name` itself or, for create-key, `key-name` with the expiry
 * that create-key writes into a name (keys/expiry.ts).
 */
function madeByInputs(name, keyName, withExpiryAllowed) {
    if (name === keyName)
        return true;
    return withExpiryAllowed && (0,_keys_expiry_js__WEBPACK_IMPORTED_MODULE_3__/* .expiryOf */ .p1)(name) !== undefined && name.slice(0, -_keys_expiry_js__WEBPACK_IMPORTED_MODULE_3__/* .EXPIRY_SUFFIX_LENGTH */ .DA) === keyName;
}
/** A saved state the post step does not act on. Its value is never written. */
function warnOfState(state, reason) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`The post step left the saved state ${state} alone: ${reason}. An earlier step of the job may have set it.`);
}
/** Revokes the job key, after finding it by listing the namespace the inputs give, with a name the inputs make. */
async function revokeJobKey(client, namespace, keyId, makesName) {
    const key = (await (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .listKeysMerged */ .PT)(client, namespace)).find((k) => k.id === keyId);
    if (!key) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`The job-scoped API key ${keyId} is not among the valid keys: it was already revoked.`);
        return;
    }
    if (!makesName(key.name)) {
        warnOfState(_runner_state_js__WEBPACK_IMPORTED_MODULE_12__/* .JOB_KEY_ID */ .OW, `API key ${keyId} is named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .quoted */ .TL)(key.name)}, a name this step's inputs do not make`);
        return;
    }
    const run = await (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_9__/* .revokeInTurn */ .Nz)({ client, log: _step_js__WEBPACK_IMPORTED_MODULE_10__.coreLogger }, [keyId], namespace, {
        revoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Revoked the job-scoped API key ${keyId}.`),
        alreadyRevoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`The job-scoped API key ${keyId} was already revoked.`),
    });
    if (run.failed)
        throw run.failed.error;
}
/**
 * Settles the keys the main step left. It revokes the main step's pending keys. Then it lists the keys and compares
 * their ids with the main step's snapshot, to find a key that a create made when its answer never reached the step.
 * One such key, never used, is that key. Nobody holds its value, so the post step revokes it. With more such keys,
 * or one in use, it revokes none and fails, naming them (see the promises in keys/creation.ts).
 */
async function revokeLeftovers(client, ledger, jobKeyId) {
    const namespace = ledger.org ? (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .organizationKeys */ .O$)(ledger.org) : _api_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .PERSONAL_KEYS */ .uV;
    const name = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .quoted */ .TL)(ledger.name);
    const problems = [];
    // One key at a time, so that a failure is named and the next key is still tried.
    const revoke = async (id, reason, by = client) => {
        const run = await (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_9__/* .revokeInTurn */ .Nz)({ client: by, log: _step_js__WEBPACK_IMPORTED_MODULE_10__.coreLogger }, [id], namespace, {
            revoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Revoked API key ${id} named ${name}: ${reason}.`),
            alreadyRevoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`API key ${id} named ${name} was already revoked.`),
        });
        if (run.failed) {
            problems.push(`Revoking API key ${id} named ${name} failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .messageOf */ .bD)(run.failed.error)} Revoke it by hand (revoke-key with \`key-id\`).`);
        }
    };
    for (const id of ledger.pending) {
        if (id !== jobKeyId)
            await revoke(id, 'the main step made it and never handed it out');
    }
    const accounted = new Set([...ledger.known, ...ledger.pending, ...(jobKeyId === undefined ? [] : [jobKeyId])]);
    const unaccounted = (key) => (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .sameKind */ .Nc)(key, ledger.name, ledger.project) && !accounted.has(key.id);
    // After a create the cancel cut off, the look for its key and the key's revocation may run LATE_KEY_WATCH_MS past the
    // step's timeout, as the main step's clean-up may: a key left valid is worse than a late step.
    const lister = ledger.inFlight ? client.withDeadline(client.deadline + _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_7__/* .LATE_KEY_WATCH_MS */ .m$) : client;
    const look = async () => (await (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_8__/* .listKeysMerged */ .PT)(lister, namespace)).filter(unaccounted);
    let strangers;
    try {
        strangers = ledger.inFlight ? await watchForLateKey(lister, ledger.name, look) : await look();
    }
    catch (error) {
        problems.push(`The post step could not look for a key named ${name} that the main step may have left valid: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .messageOf */ .bD)(error)} ` +
            'Run list-keys and revoke a key of that name you do not expect.');
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .untrusted */ .bp)(problems.join(' '), Number.POSITIVE_INFINITY));
    }
    const lost = (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .lostKeyAmong */ .Gt)(strangers);
    if (lost) {
        await revoke(lost.id, "the main step's create made it, but the answer never reached the step, so nobody holds its value", lister);
    }
    else if (strangers.length > 0) {
        problems.push(`Keys named ${name} appeared during the job that the main step cannot account for: ${(0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_6__/* .describeStrangers */ .vU)(strangers)}. None was ` +
            "revoked, since the post step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`).");
    }
    else if (problems.length === 0 && ledger.inFlight) {
        const watched = (0,_base_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a)(_runner_cancellation_js__WEBPACK_IMPORTED_MODULE_7__/* .LATE_KEY_WATCH_MS */ .m$);
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`No key named ${name} appeared in ${watched}, so the create that the cancel cut off made no key.`);
    }
    else if (problems.length === 0) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`No other key named ${name} from the main step is valid: the list taken now shows none.`);
    }
    if (problems.length > 0)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .untrusted */ .bp)(problems.join(' '), Number.POSITIVE_INFINITY));
}
/**
 * The runner cancelled the main step while a create was in flight, and the platform may still carry it out. Lists
 * the keys every LATE_KEY_LOOK_EVERY_MS until a key of that name appears that the main step cannot account for, or
 * until LATE_KEY_WATCH_MS (and the client's deadline) runs out.
 */
async function watchForLateKey(client, keyName, look) {
    const { clock } = client;
    const until = Math.min(clock.now() + _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_7__/* .LATE_KEY_WATCH_MS */ .m$, client.deadline);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`A create of key ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_11__/* .quoted */ .TL)(keyName)} was in flight when the runner cancelled the main step: ` +
        `looking for that key for up to ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a)(_runner_cancellation_js__WEBPACK_IMPORTED_MODULE_7__/* .LATE_KEY_WATCH_MS */ .m$)}.`);
    for (;;) {
        const strangers = await look();
        if (strangers.length > 0 || clock.now() + _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_7__/* .LATE_KEY_LOOK_EVERY_MS */ .Em > until)
            return strangers;
        await clock.sleep(_runner_cancellation_js__WEBPACK_IMPORTED_MODULE_7__/* .LATE_KEY_LOOK_EVERY_MS */ .Em);
    }
}


/***/ })

};

//# sourceMappingURL=661.index.js.map