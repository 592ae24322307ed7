/** A command called the wrong way: it prints the message and its usage, and exits with 2. */
export class UsageError extends Error {}

/** Whether `error` is a wrong call: ours, or node:util's parseArgs refusing an option or a value. */
export function isUsageError(error: unknown): boolean {
  return error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
}
