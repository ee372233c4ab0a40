import { describe, expect, it } from 'vitest';
import { createDemand } from './onDemand';

describe('a part loaded on demand', () => {
  it('is not wanted until asked; asked once, it tells each listener once and stays wanted', () => {
    const demand = createDemand();
    const heard: string[] = [];
    const off = demand.subscribe(() => heard.push('a'));
    demand.subscribe(() => heard.push('b'));
    expect(demand.wanted()).toBe(false);
    demand.want();
    demand.want();
    expect(demand.wanted()).toBe(true);
    expect(heard).toEqual(['a', 'b']);
    off();
  });
});
