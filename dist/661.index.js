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
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6412);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4758);
/* harmony import */ var _keys_ledger_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4299);
/* harmony import */ var _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2323);
/* harmony import */ var _keys_usage_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2811);
/* harmony import */ var _runner_state_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(6003);
/* harmony import */ var _keys_revocation_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3142);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(4916);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(766);











/**
 * The post step revokes the job-scoped key that create-key made, however the job ended. It also revokes any new key
 * that the main step made but never handed out, because the step was cancelled, killed, or lost an answer. The main
 * step's inputs apply, so `timeout` bounds the post step too. The entry (index.ts) loads this module only when the
 * saved state says there is work. The state is read through the toolkit, so a local runner that replaces the toolkit
 * (@github/local-action) hands over what the main step saved.
 */
async function run() {
    const saved = (name) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getState */ .Gu(name);
    if (!(0,_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .postStepHasWork */ .OR)(saved))
        return;
    const jobKey = saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .JOB_KEY_ID */ .OW);
    const jobKeyId = jobKey ? Number(jobKey) : undefined;
    const ledger = (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_4__/* .readLedger */ .SC)(saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .UNSETTLED_KEYS */ .Gi));
    let client;
    try {
        client = (0,_step_js__WEBPACK_IMPORTED_MODULE_8__.openClient)((0,_step_js__WEBPACK_IMPORTED_MODULE_8__.readStepSettings)(), _base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .systemClock */ .m);
        // /api_keys does not know an organization or project-scoped key, so revoke it in its organization.
        if (jobKeyId !== undefined)
            await revokeJobKey(client, jobKeyId, saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .JOB_KEY_ORG_ID */ .b_));
        if (ledger)
            await revokeLeftovers(client, ledger, jobKeyId);
    }
    catch (error) {
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_8__.failStep)('The post step', error);
    }
    finally {
        // Every connection ends here, even a connect still hanging on a silent server or proxy.
        await client?.connections.close();
    }
}
async function revokeJobKey(client, keyId, orgId) {
    const run = await (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_7__/* .revokeInTurn */ .Nz)({ client, log: _step_js__WEBPACK_IMPORTED_MODULE_8__.coreLogger }, [keyId], orgId ? (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .organizationKeys */ .O$)(orgId) : _api_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .PERSONAL_KEYS */ .uV, {
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
    const name = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_9__/* .quoted */ .TL)(ledger.name);
    const problems = [];
    // One key at a time, so that a failure is named and the next key is still tried.
    const revoke = async (id, reason, by = client) => {
        const run = await (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_7__/* .revokeInTurn */ .Nz)({ client: by, log: _step_js__WEBPACK_IMPORTED_MODULE_8__.coreLogger }, [id], namespace, {
            revoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Revoked API key ${id} named ${name}: ${reason}.`),
            alreadyRevoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`API key ${id} named ${name} was already revoked.`),
        });
        if (run.failed) {
            problems.push(`Revoking API key ${id} named ${name} failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(run.failed.error)} Revoke it by hand (revoke-key with \`key-id\`).`);
        }
    };
    for (const id of ledger.pending) {
        if (id !== jobKeyId)
            await revoke(id, 'the main step made it and never handed it out');
    }
    const accounted = new Set([...ledger.known, ...ledger.pending, ...(jobKeyId === undefined ? [] : [jobKeyId])]);
    const unaccounted = (key) => (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_4__/* .sameKind */ .Nc)(key, ledger.name, ledger.project) && !accounted.has(key.id);
    // After a create the cancel cut off, the look for its key and the key's revocation may run LATE_KEY_WATCH_MS past the
    // step's timeout, as the main step's clean-up may: a key left valid is worse than a late step.
    const lister = ledger.inFlight ? client.withDeadline(client.deadline + _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .LATE_KEY_WATCH_MS */ .m$) : client;
    const look = async () => (await (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_6__/* .listKeysMerged */ .PT)(lister, namespace)).filter(unaccounted);
    let strangers;
    try {
        strangers = ledger.inFlight ? await watchForLateKey(lister, ledger.name, look) : await look();
    }
    catch (error) {
        problems.push(`The post step could not look for a key named ${name} that the main step may have left valid: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)} ` +
            'Run list-keys and revoke a key of that name you do not expect.');
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_9__/* .untrusted */ .bp)(problems.join(' '), Number.POSITIVE_INFINITY));
    }
    const lost = (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_4__/* .lostKeyAmong */ .Gt)(strangers);
    if (lost) {
        await revoke(lost.id, "the main step's create made it, but the answer never reached the step, so nobody holds its value", lister);
    }
    else if (strangers.length > 0) {
        problems.push(`Keys named ${name} appeared during the job that the main step cannot account for: ${(0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_4__/* .describeStrangers */ .vU)(strangers)}. None was ` +
            "revoked, since the post step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`).");
    }
    else if (problems.length === 0 && ledger.inFlight) {
        const watched = (0,_base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(_runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .LATE_KEY_WATCH_MS */ .m$);
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`No key named ${name} appeared in ${watched}, so the create that the cancel cut off made no key.`);
    }
    else if (problems.length === 0) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`No other key named ${name} from the main step is valid: the list taken now shows none.`);
    }
    if (problems.length > 0)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_9__/* .untrusted */ .bp)(problems.join(' '), Number.POSITIVE_INFINITY));
}
/**
 * The runner cancelled the main step while a create was in flight, and the platform may still carry it out. Lists
 * the keys every LATE_KEY_LOOK_EVERY_MS until a key of that name appears that the main step cannot account for, or
 * until LATE_KEY_WATCH_MS (and the client's deadline) runs out.
 */
async function watchForLateKey(client, keyName, look) {
    const { clock } = client;
    const until = Math.min(clock.now() + _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .LATE_KEY_WATCH_MS */ .m$, client.deadline);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`A create of key ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_9__/* .quoted */ .TL)(keyName)} was in flight when the runner cancelled the main step: ` +
        `looking for that key for up to ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(_runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .LATE_KEY_WATCH_MS */ .m$)}.`);
    for (;;) {
        const strangers = await look();
        if (strangers.length > 0 || clock.now() + _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .LATE_KEY_LOOK_EVERY_MS */ .Em > until)
            return strangers;
        await clock.sleep(_runner_cancellation_js__WEBPACK_IMPORTED_MODULE_5__/* .LATE_KEY_LOOK_EVERY_MS */ .Em);
    }
}


/***/ })

};

//# sourceMappingURL=661.index.js.map