/**
 * jest's transform of every `.ts` file (jest.config.js): Node's own type stripping, the one that runs `src/` and
 * `scripts/` directly (`node scripts/step.ts`). Types become blanks, so every line and column stays where it was: a
 * stack trace points at the source with no map. Type errors are `npm run typecheck`'s to find.
 */
import { stripTypeScriptTypes } from 'node:module'

export default {
  process: (source: string) => ({ code: stripTypeScriptTypes(source) }),
}
