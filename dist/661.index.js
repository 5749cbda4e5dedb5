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
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6412);
/* harmony import */ var _keys_ledger_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4299);
/* harmony import */ var _keys_life_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3320);
/* harmony import */ var _runner_state_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6003);
/* harmony import */ var _keys_revocation_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3142);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4916);








/**
 * The post step of create-key and rotate-key. It revokes the job-scoped key that create-key made, however the job
 * ended, and any new key the main step made but never handed out (cancelled, killed, or an answer lost). It acts on
 * its own saved state only: the main step saved every name it reads before anything could fail (runner/state.ts).
 * The state is read through the toolkit, so a local runner that replaces the toolkit hands over what main saved.
 */
async function run() {
    const saved = (name) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getState */ .Gu(name);
    if (!(0,_runner_state_js__WEBPACK_IMPORTED_MODULE_5__/* .postStepHasWork */ .OR)(saved))
        return;
    let client;
    try {
        const settings = (0,_step_js__WEBPACK_IMPORTED_MODULE_7__.readStepSettings)();
        if (settings.command !== 'create-key' && settings.command !== 'rotate-key')
            return;
        client = (0,_step_js__WEBPACK_IMPORTED_MODULE_7__.openClient)(settings, _base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .systemClock */ .m);
        const jobKey = saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_5__/* .JOB_KEY_ID */ .OW) ? Number(saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_5__/* .JOB_KEY_ID */ .OW)) : undefined;
        if (jobKey !== undefined) {
            // By id, whatever a list shows: a list may lag, and a 404 means it is revoked already.
            const namespace = await (0,_api_organization_js__WEBPACK_IMPORTED_MODULE_1__/* .keyNamespaceFor */ .W7)({ client, log: _step_js__WEBPACK_IMPORTED_MODULE_7__.coreLogger }, settings);
            const run = await (0,_keys_revocation_js__WEBPACK_IMPORTED_MODULE_6__/* .revokeInTurn */ .Nz)({ client, log: _step_js__WEBPACK_IMPORTED_MODULE_7__.coreLogger }, [jobKey], namespace, {
                revoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Revoked the job-scoped API key ${jobKey}.`),
                alreadyRevoked: () => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`The job-scoped API key ${jobKey} was already revoked.`),
            });
            if (run.failed)
                throw run.failed.error;
        }
        const ledger = (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_3__/* .readLedger */ .SC)(saved(_runner_state_js__WEBPACK_IMPORTED_MODULE_5__/* .UNSETTLED_KEYS */ .Gi));
        if (ledger)
            await (0,_keys_life_js__WEBPACK_IMPORTED_MODULE_4__/* .finishLeftovers */ .Wj)(client, _step_js__WEBPACK_IMPORTED_MODULE_7__.coreLogger, ledger, jobKey);
    }
    catch (error) {
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_7__.failStep)('The post step', error);
    }
    finally {
        // Every connection ends here, even a connect still hanging on a silent server or proxy.
        await client?.connections.close();
    }
}


/***/ })

};

//# sourceMappingURL=661.index.js.map