export const id = 908;
export const ids = [908,3];
export const modules = {

/***/ 6908:
/***/ ((module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
__webpack_require__.r(__webpack_exports__);
/* harmony import */ var _runner_state_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6003);

/**
 * The post step's entry (action.yml `runs.post`). The runner runs it after every use of the action, and mostly it has
 * nothing to do: only create-key and rotate-key leave work, and their saved state says so. The toolkit and the rest of
 * the action load only when there is work.
 */
const KEY_COMMANDS = new Set(['create-key', 'rotate-key']);
try {
    if (KEY_COMMANDS.has((process.env.INPUT_COMMAND ?? '').trim()) && (0,_runner_state_js__WEBPACK_IMPORTED_MODULE_0__/* .postStepHasWork */ .OR)())
        await (await Promise.all(/* import() */[__webpack_require__.e(421), __webpack_require__.e(916), __webpack_require__.e(661)]).then(__webpack_require__.bind(__webpack_require__, 6661))).run();
}
catch (error) {
    await (await Promise.all(/* import() */[__webpack_require__.e(421), __webpack_require__.e(916)]).then(__webpack_require__.bind(__webpack_require__, 4916))).failStep('The post step', error);
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 6003:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AX: () => (/* binding */ POST_STEP_STATE),
/* harmony export */   Gi: () => (/* binding */ UNSETTLED_KEYS),
/* harmony export */   OR: () => (/* binding */ postStepHasWork),
/* harmony export */   OW: () => (/* binding */ JOB_KEY_ID)
/* harmony export */ });
/**
 * Everything the main step hands to the post step, in one place. The runner gives saved state back to the post step
 * as `STATE_<name>`. A key value is never saved here, and the main step never reads it.
 */
/** The id of a job-scoped key that create-key made with `revoke-after-job: true`. The post step revokes it. */
const JOB_KEY_ID = 'job-scoped-key-id';
/** What the post step needs to find a key the main step left valid (keys/ledger.ts). */
const UNSETTLED_KEYS = 'unsettled-keys';
/**
 * Every name the post step reads. An earlier step can plant `STATE_<name>` through `$GITHUB_ENV`, and the runner
 * replaces only the names the main step saved. So the main step saves each one, empty, before anything can fail.
 */
const POST_STEP_STATE = [JOB_KEY_ID, UNSETTLED_KEYS];
/**
 * One value of the main step's saved state, read from `STATE_<name>` without the toolkit. The post step's entry uses
 * it to tell whether it has work, at no start-up cost.
 */
function savedState(name, env = process.env) {
    return env[`STATE_${name}`] ?? '';
}
/** Whether the post step has anything to do, from the saved state alone. */
function postStepHasWork(read = savedState) {
    return read(JOB_KEY_ID) !== '' || read(UNSETTLED_KEYS) !== '';
}


/***/ })

};

//# sourceMappingURL=908.index.js.map