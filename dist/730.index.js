export const id = 730;
export const ids = [730];
export const modules = {

/***/ 1730:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6421);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8549);
/* harmony import */ var _runner_time_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6241);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6412);
/* harmony import */ var _runner_context_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1953);
/* harmony import */ var _commands_registry_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8603);
/* harmony import */ var _runner_outputs_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7424);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(766);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4758);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(4916);
/* harmony import */ var _base_version_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(2301);
/* harmony import */ var _keys_ledger_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(4299);













/**
 * The main step (action.yml `runs.main`): read the settings, run the command, then write the outputs and the summary.
 * It never reads saved state (`STATE_*`): an earlier step of the job can plant it through `$GITHUB_ENV`.
 */
async function run() {
    for (const name of _keys_ledger_js__WEBPACK_IMPORTED_MODULE_11__/* .POST_STEP_STATE */ .AX)
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .saveState */ .LZ(name, '');
    let settings;
    try {
        settings = (0,_step_js__WEBPACK_IMPORTED_MODULE_10__.readStepSettings)((message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(message));
    }
    catch (error) {
        // So `if: steps.gate.outputs.status == 'error'` sees an input error too.
        if (error instanceof _base_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .InputError */ .dz && _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('command').trim() === 'wait-for-operations')
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('status', 'error');
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_10__.failStep)('The step', error);
        return;
    }
    const clock = _base_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .systemClock */ .ml;
    const time = (0,_runner_time_js__WEBPACK_IMPORTED_MODULE_3__/* .watchStepTime */ .Lk)({ log: _step_js__WEBPACK_IMPORTED_MODULE_10__.coreLogger, clock, timeoutMs: settings.timeoutMs });
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`neon-api-action ${_base_version_js__WEBPACK_IMPORTED_MODULE_12__/* .ACTION_VERSION */ .Y}: ${settings.command} on ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_8__/* .untrusted */ .bp)(settings.apiHost)}`);
    let client;
    try {
        client = (0,_step_js__WEBPACK_IMPORTED_MODULE_10__.openClient)(settings, time);
        const ctx = {
            client,
            clock,
            log: _step_js__WEBPACK_IMPORTED_MODULE_10__.coreLogger,
            mask: _step_js__WEBPACK_IMPORTED_MODULE_10__.maskSecret,
            notice: (message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .notice */ .lm(message),
            saveState: (name, value) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .saveState */ .LZ(name, value),
            fileDir: listFileDir(),
            time,
            docs: (0,_runner_context_js__WEBPACK_IMPORTED_MODULE_5__/* .actionDocs */ .A1)(process.env),
        };
        const result = await dispatch(settings, ctx);
        const failedRequest = result.failedRequest ? (0,_runner_context_js__WEBPACK_IMPORTED_MODULE_5__/* .requestFailureOutputs */ .OP)(result.failedRequest) : {};
        const { outputs, warnings, notes } = await (0,_runner_outputs_js__WEBPACK_IMPORTED_MODULE_7__/* .boundOutputs */ .JN)({ ...result.outputs, ...failedRequest }, listFileDir(), result.oversized);
        for (const message of notes)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(message);
        for (const warning of warnings)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(warning);
        for (const [name, value] of Object.entries(outputs))
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(name, value);
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_10__.writeSummary)((0,_step_js__WEBPACK_IMPORTED_MODULE_10__.commandSummary)(result));
        if (result.failure)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(result.failure);
    }
    catch (error) {
        // Set these outputs before the step fails: the steps after a `continue-on-error` step branch on them.
        const failedRequest = (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .requestErrorIn */ .p)(error);
        if (failedRequest)
            for (const [name, value] of Object.entries((0,_runner_context_js__WEBPACK_IMPORTED_MODULE_5__/* .requestFailureOutputs */ .OP)(failedRequest)))
                _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(name, value);
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_10__.failStep)(settings.command, error);
    }
    finally {
        // Every connection ends here, even a connect still hanging on a silent server or proxy.
        await client?.connections.close();
    }
}
/** Where whole lists are written: the runner's temporary directory, emptied after each job. */
function listFileDir() {
    return process.env.RUNNER_TEMP || (0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)();
}
/** Runs the settings' command through its row of COMMANDS. */
function dispatch(settings, ctx) {
    // Each row of the table has its own settings type. A step's settings are the union of them all.
    const definition = _commands_registry_js__WEBPACK_IMPORTED_MODULE_6__/* .COMMANDS */ .Lo[settings.command];
    return definition.run(ctx, settings);
}


/***/ })

};

//# sourceMappingURL=730.index.js.map