export const id = 3;
export const ids = [3];
export const modules = {

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

//# sourceMappingURL=3.index.js.map