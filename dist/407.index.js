export const id = 407;
export const ids = [407];
export const modules = {

/***/ 9407:
/***/ ((module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
__webpack_require__.r(__webpack_exports__);
/**
 * The main step's entry (action.yml `runs.main`). It runs the command and reads no saved state (`STATE_*`): an earlier
 * step can plant such a variable, since the runner copies what a step writes to `$GITHUB_ENV` into every later step.
 * The post step has an entry of its own (post-entry.ts). Each step's module (main.ts, post.ts) exports `run()`, as
 * local runners of actions expect.
 */
try {
    await (await Promise.all(/* import() */[__webpack_require__.e(421), __webpack_require__.e(916), __webpack_require__.e(730)]).then(__webpack_require__.bind(__webpack_require__, 1730))).run();
}
catch (error) {
    // main.ts catches the failures it expects. Anything else (a runner file it cannot write, a chunk of the bundle that
    // does not load) ends the step the same way: one line that says where in src/, and a summary.
    await (await Promise.all(/* import() */[__webpack_require__.e(421), __webpack_require__.e(916), __webpack_require__.e(3)]).then(__webpack_require__.bind(__webpack_require__, 4916))).failStep('The step', error);
}


__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ })

};

//# sourceMappingURL=407.index.js.map