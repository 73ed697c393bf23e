import { describe, expect, it } from 'vitest';
import { visibilityOf } from './metrics.js';

describe('visibility and its Wilson interval', () => {
  it('matches hand-computed values', () => {
    // 5 of 10: p = 0.5, 95 % Wilson = [0.2366, 0.7634].
    expect(visibilityOf(5, 10)).toEqual({ visibility: 0.5, sampleSize: 10, visibilityCi: [0.2366, 0.7634] });
    // 0 of 3: [0, 0.5615]; 3 of 3: [0.4385, 1].
    expect(visibilityOf(0, 3).visibilityCi).toEqual([0, 0.5615]);
    expect(visibilityOf(3, 3).visibilityCi).toEqual([0.4385, 1]);
  });

  it('reports nothing known for no answers', () => {
    expect(visibilityOf(0, 0)).toEqual({ visibility: 0, sampleSize: 0, visibilityCi: [0, 1] });
    expect(visibilityOf(2, 8)).toMatchObject({ visibility: 0.25, sampleSize: 8 });
  });
});
