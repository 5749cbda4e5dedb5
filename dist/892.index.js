export const id = 892;
export const ids = [892];
export const modules = {

/***/ 8892:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(6421);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./src/http/errors.ts
var errors = __webpack_require__(8549);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/base/clock.ts
var base_clock = __webpack_require__(6412);
// EXTERNAL MODULE: ./src/base/errors.ts
var base_errors = __webpack_require__(4758);
;// CONCATENATED MODULE: ./src/runner/time.ts



/**
 * The main step's time (StepTime in base/clock.ts). The runner cancels a step with SIGINT (Ctrl+C on Windows), then
 * SIGTERM (Ctrl+Break, which Node reports as SIGBREAK) about 7.5 s later, and kills it about 2.5 s after that. Node
 * exits at once on SIGINT unless a handler is installed: right while the step holds nothing, wrong while a new key
 * exists that only this step knows of. For that span the step calls `hold()`: a signal then only marks the step
 * cancelled, no new work starts (`checkpoint()` throws), and the work in flight ends within the runner's grace.
 */
/** The kill comes about 10 s after SIGINT. Undo work after a signal must be over before then. */
const CANCEL_GRACE_MS = 9_000;
/**
 * How long a request in flight at the signal gets to be answered, when the step must report its outcome (a key's
 * create, a secret's write). The rest of the grace finds out what it did.
 */
const ANSWER_GRACE_MS = 5_000;
const RUNNER_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'];
/** The main step's time: its deadline `timeoutMs` from now, and the runner's signals once it holds a key. */
function watchStepTime(options) {
    const { log, clock } = options;
    const deadline = clock.now() + options.timeoutMs;
    let signal;
    let cancelledAt = Number.POSITIVE_INFINITY;
    let holding = false;
    let requestInFlight;
    /** Timers that start with the first signal (attemptCut). */
    const onFirstSignal = new Set();
    const stop = new AbortController();
    const onSignal = (name) => {
        if (signal === undefined) {
            signal = name;
            cancelledAt = clock.now();
            for (const start of onFirstSignal)
                start();
            onFirstSignal.clear();
            log.warning(requestInFlight === undefined
                ? `The runner cancelled the step (${name}). The step starts nothing new. ` +
                    'It finishes or undoes the key work in flight before it stops.'
                : `The runner cancelled the step (${name}) during ${(0,base_text/* untrusted */.bp)(requestInFlight)}, ` +
                    'which may or may not take effect. The step starts nothing new, waits for the answer, and says which.');
            stop.abort();
        }
        else {
            log.warning(`${name}: the runner stops the step in a moment.`);
        }
    };
    /** Aborts `ms` after the runner's first signal, or never. */
    const afterSignal = (ms) => {
        const controller = new AbortController();
        let timer;
        const start = () => {
            timer = clock.deadline(cancelledAt + ms - clock.now());
            timer.signal.addEventListener('abort', () => controller.abort(), { once: true });
        };
        if (signal === undefined)
            onFirstSignal.add(start);
        else
            start();
        return {
            signal: controller.signal,
            clear: () => {
                onFirstSignal.delete(start);
                timer?.clear();
            },
        };
    };
    return {
        clock,
        deadline,
        get signal() {
            return signal;
        },
        stopped: stop.signal,
        hold() {
            if (holding)
                return;
            holding = true;
            const source = options.signals ?? process;
            for (const name of RUNNER_SIGNALS)
                source.on(name, () => onSignal(name));
        },
        checkpoint(work) {
            if (signal !== undefined)
                throw new base_errors/* StepCancelled */.EI(`The runner cancelled the step (${(0,base_text/* untrusted */.bp)(signal)}) before it could ${(0,base_text/* untrusted */.bp)(work)}.`);
        },
        cleanupDeadline() {
            return Math.min(deadline + base_clock/* CLEANUP_GRACE_MS */.VO, cancelledAt + CANCEL_GRACE_MS);
        },
        inFlight(request) {
            requestInFlight = request;
            return () => {
                if (requestInFlight === request)
                    requestInFlight = undefined;
            };
        },
        // An attempt in flight at the signal gets ANSWER_GRACE_MS more; one sent after it ends with the grace.
        attemptCut() {
            return afterSignal(signal === undefined ? ANSWER_GRACE_MS : CANCEL_GRACE_MS);
        },
    };
}

// EXTERNAL MODULE: ./src/runner/context.ts
var context = __webpack_require__(1953);
// EXTERNAL MODULE: ./src/commands/registry.ts + 16 modules
var registry = __webpack_require__(8603);
// EXTERNAL MODULE: ./src/runner/outputs.ts
var runner_outputs = __webpack_require__(7424);
// EXTERNAL MODULE: ./src/step.ts + 3 modules
var step = __webpack_require__(4916);
// EXTERNAL MODULE: ./src/base/version.ts
var version = __webpack_require__(2301);
// EXTERNAL MODULE: ./src/keys/ledger.ts
var ledger = __webpack_require__(4299);
;// CONCATENATED MODULE: ./src/main.ts













/**
 * The main step (action.yml `runs.main`): read the settings, run the command, then write the outputs and the summary.
 * It never reads saved state (`STATE_*`): an earlier step of the job can plant it through `$GITHUB_ENV`.
 */
async function run() {
    for (const name of ledger/* POST_STEP_STATE */.AX)
        core/* saveState */.LZ(name, '');
    let settings;
    try {
        settings = (0,step.readStepSettings)((message) => core/* warning */.$e(message));
    }
    catch (error) {
        // So `if: steps.gate.outputs.status == 'error'` sees an input error too.
        if (error instanceof base_errors/* InputError */.dz && core/* getInput */.V4('command').trim() === 'wait-for-operations')
            core/* setOutput */.uH('status', 'error');
        await (0,step.failStep)('The step', error);
        return;
    }
    const clock = base_clock/* systemClock */.ml;
    const time = watchStepTime({ log: step.coreLogger, clock, timeoutMs: settings.timeoutMs });
    core/* info */.pq(`neon-api-action ${version/* ACTION_VERSION */.Y}: ${settings.command} on ${(0,base_text/* untrusted */.bp)(settings.apiHost)}`);
    let client;
    try {
        client = (0,step.openClient)(settings, time);
        const ctx = {
            client,
            clock,
            log: step.coreLogger,
            mask: step.maskSecret,
            notice: (message) => core/* notice */.lm(message),
            saveState: (name, value) => core/* saveState */.LZ(name, value),
            fileDir: listFileDir(),
            time,
            docs: (0,context/* actionDocs */.A1)(process.env),
        };
        const result = await dispatch(settings, ctx);
        const failedRequest = result.failedRequest ? (0,context/* requestFailureOutputs */.OP)(result.failedRequest) : {};
        const { outputs, warnings, notes } = await (0,runner_outputs/* boundOutputs */.JN)({ ...result.outputs, ...failedRequest }, listFileDir(), result.oversized);
        for (const message of notes)
            core/* info */.pq(message);
        for (const warning of warnings)
            core/* warning */.$e(warning);
        for (const [name, value] of Object.entries(outputs))
            core/* setOutput */.uH(name, value);
        await (0,step.writeSummary)((0,step.commandSummary)(result));
        if (result.failure)
            core/* setFailed */.C1(result.failure);
    }
    catch (error) {
        // Set these outputs before the step fails: the steps after a `continue-on-error` step branch on them.
        const failedRequest = (0,errors/* requestErrorIn */.p)(error);
        if (failedRequest)
            for (const [name, value] of Object.entries((0,context/* requestFailureOutputs */.OP)(failedRequest)))
                core/* setOutput */.uH(name, value);
        await (0,step.failStep)(settings.command, error);
    }
    finally {
        // Every connection ends here, even a connect still hanging on a silent server or proxy.
        await client?.connections.close();
    }
}
/** Where whole lists are written: the runner's temporary directory, emptied after each job. */
function listFileDir() {
    return process.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)();
}
/** Runs the settings' command through its row of COMMANDS. */
function dispatch(settings, ctx) {
    // Each row of the table has its own settings type. A step's settings are the union of them all.
    const definition = registry/* COMMANDS */.Lo[settings.command];
    return definition.run(ctx, settings);
}


/***/ })

};

//# sourceMappingURL=892.index.js.map