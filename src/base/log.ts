/** The runner's log in a step, a list in tests. */
export interface Logger {
  info(message: string): void
  warning(message: string): void
  debug(message: string): void
}
