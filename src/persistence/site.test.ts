import { describe, expect, it } from 'vitest';
import { sited } from './keys';

describe("names from the site's folder", () => {
  it('are the plain names at the root, and differ between two folders of one host', () => {
    expect(sited('harness-sim', '/')).toBe('harness-sim');
    expect(sited('harness-sim', '/course-a/')).not.toBe(sited('harness-sim', '/course-b/'));
    expect(sited('harness-sim', '/course-a/')).toBe('harness-sim@/course-a/');
  });
});
