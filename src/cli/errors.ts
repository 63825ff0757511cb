/** A command used wrongly (exit 2). */
export class UsageError extends Error {}
/** A condition the operator must fix, said in one line (exit 1). */
export class FatalError extends Error {}
