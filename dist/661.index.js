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
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6412);
/* harmony import */ var _keys_ledger_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4299);
/* harmony import */ var _keys_life_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3320);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4916);





/**
 * The post step (action.yml `runs.post`): it finishes what the main step of create-key or rotate-key saved. It revokes
 * the job-scoped key, however the job ended, and any new key the main step made but never handed out (cancelled,
 * killed, or an answer lost). It acts on its own saved state only: the main step saved every name it reads before
 * anything could fail. The main step's inputs apply, so `timeout` bounds the post step too.
 */
async function run() {
    const saved = (0,_keys_ledger_js__WEBPACK_IMPORTED_MODULE_2__/* .readSavedLife */ .G3)(_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getState */ .Gu(_keys_ledger_js__WEBPACK_IMPORTED_MODULE_2__/* .SAVED_LIFE */ .PG));
    if (!saved)
        return;
    let client;
    try {
        const settings = (0,_step_js__WEBPACK_IMPORTED_MODULE_4__.readStepSettings)();
        client = (0,_step_js__WEBPACK_IMPORTED_MODULE_4__.openClient)(settings, (0,_base_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .fixedTime */ .EZ)(_base_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .systemClock */ .ml, _base_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .systemClock */ .ml.now() + settings.timeoutMs));
        await (0,_keys_life_js__WEBPACK_IMPORTED_MODULE_3__/* .cleanUpAfterJob */ .gG)(client, _step_js__WEBPACK_IMPORTED_MODULE_4__.coreLogger, saved);
    }
    catch (error) {
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_4__.failStep)('The post step', error);
    }
    finally {
        // Every connection ends here, even a connect still hanging on a silent server or proxy.
        await client?.connections.close();
    }
}


/***/ })

};

//# sourceMappingURL=661.index.js.map