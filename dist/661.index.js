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
/* harmony import */ var _api_organization_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1258);
/* harmony import */ var _keys_expiry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8121);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6412);
/* harmony import */ var _keys_ledger_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4299);
/* harmony import */ var _keys_life_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3320);
/* harmony import */ var _keys_usage_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2811);
/* harmony import */ var _runner_state_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(6003);
/* harmony import */ var _keys_revocation_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3142);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(4916);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(766);











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
    if (!(0,_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .postStepHasWork */ .OR)(saved))
        return;
    let client;
    try {
        const settings = (0,_step_js__WEBPACK_IMPORTED_MODULE_8__.readStepSettings)();
        if (settings.command !== 'create-key' && settings.command !== 'rotate-key')
            return;
        client = (0,_step_js__WEBPACK_IMPORTED_MODULE_8__.openClient)(settings, _base_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .systemClock */ .m);
        const namespace = await (0,_api_organization_js__WEBPACK_IMPORTED_MODULE_1__/* .keyNamespaceFor */ .W7)({ client, log: _step_js__WEBPACK_IMPORTED_MODULE_8__.coreLogger }, settings);
        const makesName = (name) => madeByInputs(name, settings.keyName, settings.command === 'create-key');
        const jobKey = saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .JOB_KEY_ID */ .OW);
        if (jobKey && settings.command === 'create-key' && settings.revokeAfterJob) {
            await revokeJobKey(client, namespace, Number(jobKey), makesName);
        }
        else if (jobKey) {
            warnOfState(_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .JOB_KEY_ID */ .OW, 'this step made no job-scoped key (`revoke-after-job` is not true)');
        }
        const ledger = (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_4__/* .readLedger */ .SC)(saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .UNSETTLED_KEYS */ .Gi));
        const ledgerOrg = namespace.kind === 'organization' ? namespace.orgId : undefined;
        if (ledger && (!makesName(ledger.name) || ledger.org !== ledgerOrg)) {
            warnOfState(_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .UNSETTLED_KEYS */ .Gi, "it names keys that this step's inputs do not make");
        }
        else if (ledger) {
            await (0,_keys_life_js__WEBPACK_IMPORTED_MODULE_5__/* .finishLeftovers */ .Wj)(client, _step_js__WEBPACK_IMPORTED_MODULE_8__.coreLogger, ledger, jobKey && settings.command === 'create-key' ? Number(jobKey) : undefined);
        }
    }
    catch (error) {
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_8__.failStep)('The post step', error);
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
    return withExpiryAllowed && (0,_keys_expiry_js__WEBPACK_IMPORTED_MODULE_2__/* .expiryOf */ .p1)(name) !== undefined && name.slice(0, -_keys_expiry_js__WEBPACK_IMPORTED_MODULE_2__/* .EXPIRY_SUFFIX_LENGTH */ .DA) === keyName;
}
/** A saved state the post step does not act on. Its value is never written. */
function warnOfState(state, reason) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`The post step left the saved state ${state} alone: ${reason}. An earlier step of the job may have set it.`);
}
/** Revokes the job key, after finding it by listing the namespace the inputs give, with a name the inputs make. */
async function revokeJobKey(client, namespace, keyId, makesName) {
    const key = (await (0,_keys_usage_js__WEBPACK_IMPORTED_MODULE_6__/* .listKeysMerged */ .PT)(client, namespace)).find((k) => k.id === keyId);
    if (!key) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`The job-scoped API key ${keyId} is not among the valid keys: it was already revoked.`);
        return;
    }
    if (!makesName(key.name)) {
        warnOfState(_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .JOB_KEY_ID */ .OW, `API key ${keyId} is named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_9__/* .quoted */ .TL)(key.name)}, a name this step's inputs do not make`);
        return;
    }
    const run = await (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_7__/* .revokeInTurn */ .Nz)({ client, log: _step_js__WEBPACK_IMPORTED_MODULE_8__.coreLogger }, [keyId], namespace, {
        revoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Revoked the job-scoped API key ${keyId}.`),
        alreadyRevoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`The job-scoped API key ${keyId} was already revoked.`),
    });
    if (run.failed)
        throw run.failed.error;
}


/***/ })

};

//# sourceMappingURL=661.index.js.map