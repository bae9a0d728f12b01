import { describe, expect, it, vi } from 'vitest';
import { groupsOnDemand } from './groupsOnDemand';

function groupsOf(log: string[]) {
  return (
    [
      ['content', { news: 1 }],
      ['pools', { coins: 1, pools: 1 }],
      ['identity', { login: 1 }],
      ['admin', { audit: 1 }],
    ] as const
  ).map(([name, methods]) => async () => {
    log.push(name);
    return methods;
  });
}

describe('groupsOnDemand', () => {
  it('should load groups only as far as the methods asked for, then the rest after the warm-up', async () => {
    let warm: () => void = () => {};
    const demand = groupsOnDemand((ready) => {
      warm = ready;
    });
    const log: string[] = [];
    const seen: string[][] = [];
    const consumer = (async () => {
      for await (const group of demand.pace(groupsOf(log))) seen.push(Object.keys(group));
    })();
    // The first group comes at once; then nothing until something is asked for.
    await vi.waitFor(() => expect(log).toEqual(['content']));
    await new Promise((wait) => setTimeout(wait, 20));
    expect(log).toEqual(['content']);
    demand.want('news');
    await new Promise((wait) => setTimeout(wait, 20));
    expect(log).toEqual(['content']);
    // A method of the third group: the second and the third load, the fourth waits.
    demand.want('login');
    await vi.waitFor(() => expect(log).toEqual(['content', 'pools', 'identity']));
    await new Promise((wait) => setTimeout(wait, 20));
    expect(log).toEqual(['content', 'pools', 'identity']);
    warm();
    await consumer;
    expect(log).toEqual(['content', 'pools', 'identity', 'admin']);
    expect(seen).toEqual([['news'], ['coins', 'pools'], ['login'], ['audit']]);
  });

  it('should go on at once for a method asked for before its group was reached', async () => {
    const demand = groupsOnDemand(() => {});
    demand.want('audit');
    const log: string[] = [];
    for await (const _ of demand.pace(groupsOf(log))) {
      // each group in turn
    }
    expect(log).toEqual(['content', 'pools', 'identity', 'admin']);
  });

  it('should hand each group over in a task after the one that evaluated it', async () => {
    const demand = groupsOnDemand(() => {});
    const log: string[] = [];
    const loaders = [
      async () => {
        log.push('evaluated');
        // Runs at the end of the evaluating task's turn, before any later task.
        setTimeout(() => log.push('next task'), 0);
        return { news: 1 };
      },
    ];
    for await (const _ of demand.pace(loaders)) log.push('handed over');
    expect(log).toEqual(['evaluated', 'next task', 'handed over']);
  });
});
