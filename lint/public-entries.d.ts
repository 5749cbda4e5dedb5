import type { Rule } from 'eslint'

/** The rule `local/public-entries`: see public-entries.js. */
declare const publicEntries: Rule.RuleModule
export default publicEntries
