import { nextTask } from '@poolkit/core';

/** How long after a pause the remaining endpoint groups start loading anyway, one per idle period. */
export const WARM_UP_DELAY_MS = 10_000;

/** Calls `ready` once the page has been quiet for {@link WARM_UP_DELAY_MS} and the browser is idle. */
function afterQuiet(ready: () => void): void {
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => ready());
    else ready();
  }, WARM_UP_DELAY_MS);
}

/**
 * Paces the contract's endpoint groups by what the page asks for. Evaluating a group's schemas is
 * one task (up to a quarter of a second each on a throttled phone): a page that calls two groups
 * should not pay for twelve before it is interactive. So after each group the loading pauses
 * until a method no loaded group holds is asked for (`want`), and goes on group by group until
 * every method asked for has arrived; the rest load later, one per idle period, when the page has
 * been quiet a while (`warmUp`), so that the next page finds them.
 *
 * @param warmUp - calls `ready` when the remaining groups may load without being asked for
 */
export function groupsOnDemand(warmUp: (ready: () => void) => void = afterQuiet) {
  const known = new Set<string>();
  const wanted = new Set<string>();
  let wake: (() => void) | null = null;
  return {
    /** A method was asked for: when no loaded group holds it, loading goes on. */
    want(name: string): void {
      if (known.has(name)) return;
      wanted.add(name);
      wake?.();
    },
    /**
     * Loads and yields the groups of `loaders` in order, each in its own task (and handed over
     * in the task after), pausing between two as described.
     */
    async *pace<P extends object>(
      loaders: readonly (() => Promise<P>)[],
    ): AsyncGenerator<P, void, undefined> {
      for (const [index, load] of loaders.entries()) {
        if (index > 0) {
          if (wanted.size === 0) {
            await new Promise<void>((resume) => {
              wake = resume;
              warmUp(resume);
            });
            wake = null;
          }
          // Not in the task of the call that asked: each group is evaluated in a task of its own.
          await nextTask();
        }
        const group = await load();
        for (const name of Object.keys(group)) {
          known.add(name);
          wanted.delete(name);
        }
        // Not in the task that evaluated the group either: the calls that waited for it (each
        // building and sending its request, then reading its answer) run in the next one. Both
        // in one task made the home page's longest task once the page was painted.
        await nextTask();
        yield group;
      }
    },
  };
}
