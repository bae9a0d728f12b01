/**
 * Resolves in a later task (a zero-delay timer): what ran before has ended its task, so the
 * browser may paint and answer input before what comes after. Long start-up work awaits it
 * between its steps, so that no single task is long.
 *
 * @example
 * createRouter();
 * await nextTask();
 * hydrate();
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
