export const id = 250;
export const ids = [250];
export const modules = {

/***/ 3250:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runWaitForOperations: () => (/* binding */ runWaitForOperations)
});

// EXTERNAL MODULE: ./src/base/clock.ts
var clock = __webpack_require__(6412);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/operations/status.ts
var operations_status = __webpack_require__(9986);
// EXTERNAL MODULE: ./src/http/errors.ts
var errors = __webpack_require__(8549);
// EXTERNAL MODULE: ./src/api/endpoints.ts
var endpoints = __webpack_require__(9214);
// EXTERNAL MODULE: ./src/api/paging.ts
var paging = __webpack_require__(6882);
// EXTERNAL MODULE: ./src/http/retry.ts
var retry = __webpack_require__(8902);
// EXTERNAL MODULE: ./src/operations/pacing.ts
var pacing = __webpack_require__(3928);
;// CONCATENATED MODULE: ./src/operations/waiter.ts








/**
 * Request budget of one poll round: at most ROUND_REQUEST_BUDGET requests, however many
 * operations are awaited (at most 1,000, see inputs/operations.ts).
 * - One awaited operation: one GET of it.
 * - Several: list pages, newest first, of 4× the pending count (100 to 1000 records), at most
 *   LIST_PAGES_PER_ROUND pages. Awaited operations are usually the newest, so 40 of them cost
 *   one request a round, and 1,000 one or two. An operation not found there is read with its
 *   own GET, as many as the budget has left, the longest unread first; the rest wait for the
 *   next round.
 * - `pending` (the idle gate): the newest IDLE_PAGE_SIZE operations, and further pages only
 *   while a page ends on a pending one, at most IDLE_MAX_PAGES pages (500 records): pending
 *   operations sit at the head of the list, behind them lie thousands of old ones. Reaching that
 *   limit is never taken for "idle": the next round reads on from where this one stopped.
 *   Operations seen pending earlier but no longer in the pages read get their own GET, within
 *   the budget.
 * Every cursor of a round is remembered: a repeated cursor, or a page that adds no new
 * operation, ends that round's listing with a warning naming it.
 */
const ROUND_REQUEST_BUDGET = 10;
const LIST_PAGES_PER_ROUND = 3;
const IDLE_PAGE_SIZE = 100;
const IDLE_MAX_PAGES = 5;
/** The latest record of each awaited operation; logs a line per change of status, not per poll. */
class OperationTracker {
    records = new Map();
    warned = new Set();
    ctx;
    constructor(ctx) {
        this.ctx = ctx;
    }
    has(id) {
        return this.records.has(id);
    }
    update(operation) {
        const previous = this.records.get(operation.id);
        this.records.set(operation.id, operation);
        if (previous?.status === operation.status)
            return;
        const change = previous ? `${(0,base_text/* untrusted */.bp)(previous.status)} → ${(0,base_text/* untrusted */.bp)(operation.status)}` : (0,base_text/* untrusted */.bp)(operation.status);
        const took = (0,operations_status/* isTerminal */.Hd)(operation.status) && previous ? ` after ${(0,clock/* formatDuration */.a)((0,operations_status/* durationOf */.cf)(operation))}` : '';
        const failures = operation.failures_count > 0 ? ` (${operation.failures_count} failure${operation.failures_count > 1 ? 's' : ''})` : '';
        this.ctx.log.info(`${describeOperation(operation)}: ${change}${took}${failures}`);
        if (!(0,operations_status/* isKnownStatus */.ih)(operation.status) && !this.warned.has(operation.status)) {
            this.warned.add(operation.status);
            this.ctx.log.warning(`Operation ${(0,base_text/* untrusted */.bp)(operation.id)} has status ${(0,base_text/* quoted */.TL)(operation.status)}, which the action does not know; it counts as pending.`);
        }
    }
    isDone(id) {
        const record = this.records.get(id);
        return record !== undefined && (0,operations_status/* isTerminal */.Hd)(record.status);
    }
    get(id) {
        return this.records.get(id);
    }
    all() {
        return [...this.records.values()];
    }
    pendingIds() {
        return this.all()
            .filter((o) => !(0,operations_status/* isTerminal */.Hd)(o.status))
            .map((o) => o.id);
    }
}
function waitForOperations(ctx, options) {
    return new Waiter(ctx, options).run();
}
class Waiter {
    ctx;
    options;
    tracker;
    pace;
    /** The awaited ids; undefined for `pending`. */
    awaited;
    branchId;
    /** The round each awaited operation was last read in. */
    lastRead = new Map();
    round = 0;
    started = 0;
    /** `pending`: where the next round reads on when the last one stopped at its page limit. */
    resumeCursor;
    branchChecked = false;
    /** Whether the log says the waiter slowed down for congestion. */
    slowed = false;
    /** Warnings already given, so a problem that lasts is one line, not one a poll. */
    noted = new Set();
    constructor(ctx, options) {
        this.ctx = ctx;
        this.options = options;
        this.tracker = new OperationTracker(ctx);
        this.pace = new pacing/* PollPace */.r_(options.pollIntervalMs, options.random);
        this.awaited = options.operations.kind === 'ids' ? options.operations.ids : undefined;
        this.branchId = options.operations.kind === 'pending' ? options.operations.branchId : undefined;
    }
    async run() {
        const { log } = this.ctx;
        this.started = this.ctx.clock.now();
        const every = (0,clock/* formatDuration */.a)(this.options.pollIntervalMs);
        if (this.awaited?.length === 0) {
            log.info('Nothing to wait for: `operation-ids` is an empty list.');
            return this.outcome('finished', 0);
        }
        log.info(this.awaited
            ? `Waiting for ${this.awaited.length} operation(s) in project ${(0,base_text/* untrusted */.bp)(this.options.projectId)}, polling every ${every}.`
            : `Waiting until ${this.describeScope()} has no pending operation, polling every ${every}.`);
        // The first poll goes out at once: a gate whose operations are already done costs one round.
        for (this.round = 1;; this.round++) {
            const rounds = this.round;
            let congestion;
            let conclusive = false;
            try {
                conclusive = await this.poll();
            }
            catch (error) {
                if (!(error instanceof errors/* RequestError */.GI))
                    throw error;
                if (error.kind === 'deadline')
                    return this.timedOut(rounds, error);
                if (!(error.kind === 'http' && retry/* CONGESTION_STATUSES */.lg.has(error.status ?? 0)))
                    return this.couldNotFindOut(rounds, error);
                congestion = error;
            }
            if (!congestion && conclusive && this.unfinished().length === 0)
                return this.settled(rounds);
            const delay = congestion ? this.congested(congestion) : this.answered();
            if (!(await this.sleep(delay)))
                return this.timedOut(rounds, congestion);
        }
    }
    /** One poll round; false when it could not tell that nothing more is pending. */
    async poll() {
        const budget = { left: ROUND_REQUEST_BUDGET };
        if (this.awaited) {
            await this.pollAwaited(budget);
            return true;
        }
        if (this.branchId && !this.branchChecked) {
            // A branch id that names no branch would make an idle gate that always passes.
            budget.left--;
            await (0,endpoints/* getBranch */.d7)(this.ctx.client, this.options.projectId, this.branchId);
            this.branchChecked = true;
        }
        return this.pollPending(budget);
    }
    async pollAwaited(budget) {
        let rest = this.unfinished();
        if (rest.length > 1) {
            const wanted = new Set(rest);
            const limit = Math.min(endpoints/* OPERATIONS_PAGE_LIMIT */.lZ, Math.max(IDLE_PAGE_SIZE, rest.length * 4));
            await this.readPages(limit, undefined, LIST_PAGES_PER_ROUND, budget, (operations) => {
                for (const operation of operations)
                    if (wanted.delete(operation.id))
                        this.record(operation);
                return wanted.size > 0;
            });
            rest = [...wanted];
        }
        // Older than the pages read, or not in the list at all (a 404 then names it): the longest unread first.
        rest.sort((a, b) => (this.lastRead.get(a) ?? 0) - (this.lastRead.get(b) ?? 0));
        if (rest.length > budget.left) {
            this.note('older', 'info', `${rest.length} operation(s) are not among the newest ones a poll lists: each poll reads up to ${budget.left} of them on their own, the longest unread first.`);
        }
        for (const id of rest.slice(0, Math.max(0, budget.left)))
            await this.readOne(id, budget);
    }
    async pollPending(budget) {
        const from = this.resumeCursor;
        const seen = new Set();
        const end = await this.readPages(IDLE_PAGE_SIZE, from, IDLE_MAX_PAGES, budget, (operations, last) => {
            for (const operation of operations) {
                seen.add(operation.id);
                if (!this.counts(operation))
                    continue;
                if (!(0,operations_status/* isTerminal */.Hd)(operation.status) || this.tracker.has(operation.id))
                    this.tracker.update(operation);
            }
            // Pending operations sit at the head of the list: read on only while a page ends on one.
            return last !== undefined && !(0,operations_status/* isTerminal */.Hd)(last.status);
        });
        this.resumeCursor = end.reason === 'page-limit' ? end.cursor : undefined;
        if (end.reason === 'page-limit') {
            this.note('page-limit', 'warning', `The operations of project ${(0,base_text/* untrusted */.bp)(this.options.projectId)} still end on a pending one after the pages a poll reads ` +
                `(${IDLE_MAX_PAGES} of ${IDLE_PAGE_SIZE}): the next poll reads on from cursor ${(0,base_text/* quoted */.TL)(end.cursor)}, and the ` +
                'project does not count as idle until a poll reads to an operation that is done.');
        }
        const unseen = this.tracker.pendingIds().filter((id) => !seen.has(id));
        for (const id of unseen.slice(0, Math.max(0, budget.left)))
            await this.readOne(id, budget);
        // Idle only on a round that read from the head of the list to where nothing is pending.
        return from === undefined && (end.reason === 'end' || end.reason === 'enough');
    }
    /**
     * Pages of the operations list from `from` (the head when undefined), while `onPage` asks for
     * more, within `maxPages` and the round's budget. `onPage` gets the operations not seen
     * before in this listing, and the page's last record.
     */
    async readPages(limit, from, maxPages, budget, onPage) {
        const { projectId } = this.options;
        const guard = new paging/* PagingGuard */.m(from);
        let cursor = from;
        for (let page = 1;; page++) {
            budget.left--;
            const result = await (0,endpoints/* listOperations */.RT)(this.ctx.client, projectId, { limit, cursor });
            const fresh = guard.unseen(result.operations, (o) => o.id);
            if (result.operations.length > 0 && fresh.length === 0) {
                this.note('nothing-new', 'warning', `The page of project ${(0,base_text/* untrusted */.bp)(projectId)}'s operations after cursor ${(0,base_text/* quoted */.TL)(cursor ?? '')} holds only operations already read: ` +
                    'the listing of this poll ends there.');
                return { reason: 'broken' };
            }
            if (!onPage(fresh, result.operations.at(-1)))
                return { reason: 'enough' };
            const next = result.cursor;
            if (result.operations.length < limit || next === undefined || next === '')
                return { reason: 'end' };
            if (guard.repeated(next)) {
                this.note('repeated-cursor', 'warning', `The platform handed out cursor ${(0,base_text/* quoted */.TL)(next)} twice while listing the operations of project ${(0,base_text/* untrusted */.bp)(projectId)}: ` +
                    'the listing of this poll ends there.');
                return { reason: 'broken' };
            }
            if (page >= maxPages || budget.left <= 0)
                return { reason: 'page-limit', cursor: next };
            cursor = next;
        }
    }
    async readOne(id, budget) {
        budget.left--;
        this.record(await (0,endpoints/* getOperation */.eu)(this.ctx.client, this.options.projectId, id));
    }
    record(operation) {
        this.tracker.update(operation);
        this.lastRead.set(operation.id, this.round);
    }
    /** `pending` with `branch-id`: only that branch's operations count. */
    counts(operation) {
        return this.branchId === undefined || operation.branch_id === this.branchId;
    }
    unfinished() {
        return this.awaited ? this.awaited.filter((id) => !this.tracker.isDone(id)) : this.tracker.pendingIds();
    }
    /** The wait after a 429 or 503: no failure, a slower pace. One warning when it starts. */
    congested(error) {
        const delay = this.pace.afterCongestion(error.retryAfterMs);
        const asked = error.retryAfterMs === undefined ? '' : `, Retry-After ${(0,clock/* formatDuration */.a)(error.retryAfterMs)}`;
        const line = `The platform answered ${error.status} (${error.status === 429 ? 'too many requests' : 'unavailable'}${asked}; ` +
            `request id ${(0,base_text/* untrusted */.bp)(error.requestId ?? '')}): polling every ${(0,clock/* formatDuration */.a)(this.pace.intervalMs)} for now, the next poll in ${(0,clock/* formatDuration */.a)(delay)}.`;
        if (this.slowed)
            this.ctx.log.debug(line);
        else
            this.ctx.log.warning(line);
        this.slowed = true;
        return delay;
    }
    /** The wait after a round the platform answered; says so once the pace is back to normal. */
    answered() {
        const delay = this.pace.afterAnswer();
        if (this.slowed && !this.pace.widened) {
            this.ctx.log.info(`The platform answers again: polling every ${(0,clock/* formatDuration */.a)(this.pace.baseMs)} again.`);
            this.slowed = false;
        }
        return delay;
    }
    /** Sleeps `ms`, never past the step's deadline; false once the deadline is reached. */
    async sleep(ms) {
        const { clock, client } = this.ctx;
        const left = client.deadline - clock.now();
        if (left <= 0)
            return false;
        if (ms > 0)
            await clock.sleep(Math.min(ms, left));
        return clock.now() < client.deadline;
    }
    note(key, level, message) {
        if (this.noted.has(key))
            this.ctx.log.debug(message);
        else
            this.ctx.log[level](message);
        this.noted.add(key);
    }
    describeScope() {
        return this.branchId
            ? `branch ${(0,base_text/* untrusted */.bp)(this.branchId)} of project ${(0,base_text/* untrusted */.bp)(this.options.projectId)}`
            : `project ${(0,base_text/* untrusted */.bp)(this.options.projectId)}`;
    }
    /** The records in the order of `operation-ids`, or as found for `pending`. */
    records() {
        if (!this.awaited)
            return this.tracker.all();
        return this.awaited.flatMap((id) => this.tracker.get(id) ?? []);
    }
    outcome(status, rounds, extra = {}) {
        const operations = this.records();
        const pending = status === 'finished' || status === 'failed' ? [] : this.unfinished();
        return { status, operations, failed: operations.filter(isFailure), pending, rounds, ...extra };
    }
    settled(rounds) {
        const outcome = this.outcome('finished', rounds);
        if (outcome.failed.length > 0) {
            return { ...outcome, status: 'failed', failure: describeFailures(outcome.failed, outcome.operations.length) };
        }
        const elapsed = (0,clock/* formatDuration */.a)(this.ctx.clock.now() - this.started);
        this.ctx.log.info(outcome.operations.length === 0
            ? `${(0,base_text/* untrusted */.bp)(capitalised(this.describeScope()))} has no pending operation.`
            : `All ${outcome.operations.length} operation(s) succeeded after ${elapsed}.`);
        return outcome;
    }
    /** `timed-out`, naming what is still pending, and why the last poll did not get through. */
    timedOut(rounds, cause) {
        const left = this.unfinished();
        const still = left.map((id) => {
            const record = this.tracker.get(id);
            return record ? `${describeOperation(record)} is ${(0,base_text/* untrusted */.bp)(record.status)}` : `operation ${(0,base_text/* untrusted */.bp)(id)} was not read yet`;
        });
        let hint = '';
        if (cause?.kind === 'deadline')
            hint = ` ${cause.message}`;
        else if (cause) {
            const asked = cause.retryAfterMs === undefined ? '' : ` and asked to wait ${(0,clock/* formatDuration */.a)(cause.retryAfterMs)}`;
            hint = ` The platform's last answer was ${cause.status}${asked} (request id ${(0,base_text/* untrusted */.bp)(cause.requestId ?? '')}).`;
        }
        const reason = left.length > 0
            ? `${left.length} operation(s) not finished: ${(0,base_text/* untrusted */.bp)(still.join('; '), Number.POSITIVE_INFINITY)}`
            : `${this.describeScope()} not known to be idle`;
        return this.outcome('timed-out', rounds, {
            failure: `The step's \`timeout\` of ${(0,clock/* formatDuration */.a)(this.options.timeoutMs)} ran out with ${reason}.${hint}`,
            failedRequest: cause?.status === undefined ? undefined : cause,
        });
    }
    /** `error`: a request failed in a way that waiting cannot mend. */
    couldNotFindOut(rounds, error) {
        return this.outcome('error', rounds, { failure: error.message, failedRequest: error });
    }
}
function isFailure(operation) {
    return (0,operations_status/* statusGroup */.u9)(operation.status) === 'failure';
}
function describeOperation(operation) {
    return `${(0,base_text/* untrusted */.bp)(operation.action)} ${(0,base_text/* untrusted */.bp)(operation.id)} on branch ${(0,base_text/* untrusted */.bp)(operation.branch_id)}`;
}
function describeFailures(failed, total) {
    const lines = failed.map((o) => {
        let text = `${(0,base_text/* untrusted */.bp)(o.id)} (${(0,base_text/* untrusted */.bp)(o.action)}, branch ${(0,base_text/* untrusted */.bp)(o.branch_id)}): ${(0,base_text/* untrusted */.bp)(o.status)}, failures_count ${o.failures_count}`;
        if (o.error)
            text += `, error ${(0,base_text/* quoted */.TL)(o.error)}`;
        return text;
    });
    return `${failed.length} of ${total} operation(s) did not succeed: ${(0,base_text/* untrusted */.bp)(lines.join('; '), Number.POSITIVE_INFINITY)}.`;
}
function capitalised(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

// EXTERNAL MODULE: ./src/runner/summary.ts
var summary = __webpack_require__(1070);
;// CONCATENATED MODULE: ./src/commands/wait-for-operations.ts





/**
 * wait-for-operations: the deploy gate. Waits (operations/waiter.ts) until the operations are
 * done, and fails naming each one that ended badly; sets every output before it fails.
 */
const STATUS_LABEL = { success: '✅', failure: '❌', pending: '⏳' };
const TITLES = {
    finished: 'Operations finished',
    failed: 'Operations failed',
    'timed-out': 'Timed out waiting for operations',
    error: 'Could not find out whether the operations finished',
};
async function runWaitForOperations(ctx, options) {
    const outcome = await waitForOperations(ctx, options);
    const rows = outcome.operations.map((o) => [
        { code: o.id },
        o.action,
        o.branch_id,
        o.endpoint_id,
        `${STATUS_LABEL[(0,operations_status/* statusGroup */.u9)(o.status)]} ${o.status}`,
        (0,clock/* formatDuration */.a)((0,operations_status/* durationOf */.cf)(o)),
        (0,summary/* formatDate */.Yq)(o.created_at),
    ]);
    const where = options.operations.kind === 'pending' && options.operations.branchId
        ? `branch ${(0,base_text/* untrusted */.bp)(options.operations.branchId)} of project ${(0,base_text/* untrusted */.bp)(options.projectId)}`
        : `project ${(0,base_text/* untrusted */.bp)(options.projectId)}`;
    return {
        outputs: {
            operations: JSON.stringify(outcome.operations),
            status: outcome.status,
            'failed-operation-ids': JSON.stringify(outcome.failed.map((o) => o.id)),
            'pending-operation-ids': JSON.stringify(outcome.pending),
        },
        summary: (0,summary/* heading */.R_)(`${TITLES[outcome.status]}: ${where}`) +
            (0,summary/* paragraph */.FY)(whatHappened(outcome, options)) +
            (rows.length ? (0,summary/* table */.tp)(['operation', 'action', 'branch', 'compute', 'status', 'duration', 'date'], rows) : ''),
        failure: outcome.failure,
        failedRequest: outcome.failedRequest,
        ...(NEXT[outcome.status] === undefined ? {} : { next: NEXT[outcome.status] }),
    };
}
/** What to do after a wait that failed on what it found; `error` goes by the request it failed on. */
const NEXT = {
    failed: "The platform ran these operations and reports that they did not succeed: the table above gives each one's status, and the console its error. " +
        'Fix the cause and run the job again; a later step can read `failed-operation-ids`.',
    'timed-out': 'Raise the `timeout` input, or wait on in a later step: `pending-operation-ids` lists the operations still pending.',
};
/** The summary's first sentence: which case this is, so a reader tells "failed" from "could not look". */
function whatHappened(outcome, options) {
    const request = outcome.failedRequest;
    const answer = request
        ? ` (${request.status === undefined ? request.kind : `HTTP ${request.status}`}, request id ${request.requestId})`
        : '';
    switch (outcome.status) {
        case 'finished':
            if (outcome.operations.length > 0)
                return 'Status finished: every operation succeeded.';
            return options.operations.kind === 'ids' ? 'Status finished: no operation to wait for.' : 'Status finished: no pending operation.';
        case 'failed':
            return `Status failed: the platform reports that ${outcome.failed.length} operation(s) did not succeed.`;
        case 'timed-out':
            return (`Status timed-out: the step's timeout ran out first${answer}. The output pending-operation-ids lists the ` +
                `${outcome.pending.length} operation(s) still pending, for a later step to wait on.`);
        case 'error':
            return (`Status error: the step could not read the operations${answer}. Nothing says that an operation failed` +
                (outcome.operations.length > 0 ? '; the statuses below are the last ones read.' : '.'));
    }
}


/***/ }),

/***/ 3928:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vq: () => (/* binding */ RequestPacer),
/* harmony export */   r_: () => (/* binding */ PollPace)
/* harmony export */ });
/* unused harmony exports MAX_CONGESTED_INTERVAL_MS, CONGESTION_PAUSE_MS, routeOf */
/**
 * How long the waiter waits between two polls. Normally `poll-interval`. Every job of an account
 * shares the account's rate limit (700 requests a minute, 40 a second per route), so a matrix
 * of waiters must slow down together when the service says it is congested:
 * - a 429 or 503 doubles this job's interval, up to a bound, and the next poll comes no sooner
 *   than Retry-After, plus a random part so jobs told the same Retry-After do not return together;
 * - every round the service answers narrows the interval again, back to `poll-interval`: fast
 *   from a long interval, gently near the normal one, where congestion starts again.
 * The first poll goes out at once, with no random offset: in a model of 100 jobs started
 * together (`npm run bench -- --only rate-limits`) an offset of up to 3 s before the first or
 * the second poll changed neither the 429s nor the detection latency beyond the noise between
 * seeds, and it cost every gate whose operations were already done that much time for nothing.
 * At `poll-interval` the pace has no jitter: a calm waiter polls exactly that often.
 */
/** Congestion widens the interval up to this (or to `poll-interval`, when that is longer). */
const MAX_CONGESTED_INTERVAL_MS = 60_000;
/** Each congested round multiplies the interval by this. */
const WIDENING = 2;
/**
 * Each answered round adds 1/NARROWING_ROUNDS of the normal polling rate to a widened interval's
 * rate: from twice `poll-interval` back to it in 8 rounds, from eight times in 14. Narrowing
 * slowly keeps a fleet just under the account's limit instead of overshooting it into long
 * Retry-After waits: in a model of 100 jobs (`npm run bench -- --only rate-limits`), 16 gave the
 * shortest slowest detections and the fewest 429s of 4, 8, 16, 24 and 32.
 */
const NARROWING_ROUNDS = 16;
class PollPace {
    baseMs;
    maxMs;
    currentMs;
    random;
    constructor(baseMs, random = Math.random) {
        this.baseMs = baseMs;
        this.maxMs = Math.max(baseMs, MAX_CONGESTED_INTERVAL_MS);
        this.currentMs = baseMs;
        this.random = random;
    }
    /** The interval the waiter polls at now, without jitter. */
    get intervalMs() {
        return this.currentMs;
    }
    /** Whether congestion has widened the interval beyond `poll-interval`. */
    get widened() {
        return this.currentMs > this.baseMs;
    }
    /** The wait after a round the service answered; a widened interval narrows a step. */
    afterAnswer() {
        this.currentMs = Math.max(this.baseMs, 1 / (1 / this.currentMs + 1 / (this.baseMs * NARROWING_ROUNDS)));
        if (!this.widened)
            return this.baseMs;
        // Jitter keeps slowed jobs from falling back into step; never faster than poll-interval.
        return Math.max(this.baseMs, Math.round(this.currentMs * (0.75 + 0.5 * this.random())));
    }
    /** The wait after a 429 or 503: the widened interval, and never sooner than Retry-After. */
    afterCongestion(retryAfterMs) {
        this.currentMs = Math.min(this.maxMs, this.currentMs * WIDENING);
        return Math.round(Math.max(retryAfterMs ?? 0, this.currentMs) + (this.random() * this.currentMs) / 2);
    }
}
const SERVICE_RATE_BUDGET = { perMinute: 700, perRoutePerSecond: 40 };
/** How long every request waits after a 429 that names no Retry-After. */
const CONGESTION_PAUSE_MS = 1000;
/** Requests of one window: those in flight, and when each finished one's answer came. */
class Window {
    limit;
    lengthMs;
    inFlight = 0;
    /** Ascending; those before `head` have left the window. */
    ended = [];
    head = 0;
    constructor(limit, lengthMs) {
        this.limit = limit;
        this.lengthMs = lengthMs;
    }
    /** How long until one more request fits: 0 now, undefined until a request in flight ends. */
    waitAt(now) {
        while (this.head < this.ended.length && this.ended[this.head] <= now - this.lengthMs)
            this.head++;
        if (this.head > 1024) {
            this.ended.splice(0, this.head);
            this.head = 0;
        }
        const inWindow = this.ended.length - this.head;
        const over = this.inFlight + inWindow - this.limit + 1;
        if (over <= 0)
            return 0;
        // Requests in flight end later than any that ended: the over-th oldest that ended frees the place.
        return over <= inWindow ? this.ended[this.head + over - 1] + this.lengthMs - now : undefined;
    }
    end(at) {
        this.inFlight--;
        // Answers come in any order; their times on this clock only grow.
        this.ended.push(Math.max(at, this.ended.at(-1) ?? at));
    }
}
/**
 * Paces a step's requests under the account's rate limits (700 a minute, 40 a second per
 * route), so that reading hundreds of projects costs no 429: a request goes only when fewer
 * than the limit of each of its windows (the account's minute, its route's second) are in
 * flight or were answered within the window. Counting a request from its answer, not from its
 * sending, never lets the service count one more in its window than the limit, whatever the
 * network's delays: the service saw a request before its answer came. Requests take their
 * turns in the order they asked. A 429 (or a 503 with Retry-After) holds every request back
 * for as long as it says (a 429 without Retry-After, CONGESTION_PAUSE_MS): other jobs of the
 * account share its budget.
 */
class RequestPacer {
    clock;
    budget;
    account;
    routes = new Map();
    pausedUntil = Number.NEGATIVE_INFINITY;
    queue = Promise.resolve();
    ended = settles();
    /** Requests sent, and answers that asked the step to slow down (429, or 503 with Retry-After). */
    sent = 0;
    congested = 0;
    constructor(clock, budget = SERVICE_RATE_BUDGET) {
        this.clock = clock;
        this.budget = budget;
        this.account = new Window(budget.perMinute, 60_000);
    }
    turn(request, deadline) {
        const turn = this.queue.then(() => this.admit(routeOf(request), deadline));
        this.queue = turn.catch(() => undefined);
        return turn;
    }
    /** Holds every request back until `ms` from now. */
    pause(ms) {
        this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    }
    async admit(route, deadline) {
        const windows = [this.account, this.routeWindow(route)];
        for (;;) {
            const now = this.clock.now();
            // Past the deadline the request goes, and fails on it at once.
            if (now >= deadline)
                break;
            let waitMs = Math.max(0, this.pausedUntil - now);
            let untilAnEnd = false;
            for (const window of windows) {
                const wait = window.waitAt(now);
                if (wait === undefined)
                    untilAnEnd = true;
                else
                    waitMs = Math.max(waitMs, wait);
            }
            if (waitMs > 0)
                await this.clock.sleep(Math.min(waitMs, deadline - now));
            else if (untilAnEnd)
                await this.ended.promise;
            else
                break;
        }
        for (const window of windows)
            window.inFlight++;
        this.sent++;
        let over = false;
        return (answer) => {
            if (over)
                return;
            over = true;
            const now = this.clock.now();
            for (const window of windows)
                window.end(now);
            if (answer.status === 429 || (answer.status === 503 && answer.retryAfterMs !== undefined)) {
                this.congested++;
                this.pause(answer.retryAfterMs ?? CONGESTION_PAUSE_MS);
            }
            const { resolve } = this.ended;
            this.ended = settles();
            resolve();
        };
    }
    routeWindow(route) {
        let window = this.routes.get(route);
        if (!window) {
            window = new Window(this.budget.perRoutePerSecond, 1000);
            this.routes.set(route, window);
        }
        return window;
    }
}
/** `GET /projects/{}/operations`: the route a request counts against, its ids left out (the API's paths alternate names and ids). */
function routeOf(request) {
    const segments = request.path.split('?')[0].split('/').filter(Boolean);
    return `${request.method} /${segments.map((segment, i) => (i % 2 === 1 ? '{}' : segment)).join('/')}`;
}
function settles() {
    let resolve = () => undefined;
    const promise = new Promise((done) => (resolve = done));
    return { promise, resolve };
}


/***/ })

};

//# sourceMappingURL=250.index.js.map