import type { Rule } from 'eslint'

/** The rule `local/outside-text`: see outside-text.js. */
declare const outsideText: Rule.RuleModule
export default outsideText
