import { describe, expect, it } from 'vitest';
import { placedInCommit } from './useFollowScroll';

/**
 * Where a followed list is scrolled (issue 40): a step of the run in React's commit, so the
 * frame does not lay the page out twice; a run replaced (a challenge opened, a run file or a
 * share link shown) in the next frame, so the whole new page's layout is a task of its own and
 * not inside the commit's (540 ms of a 970 ms task at 4× CPU when a challenge opened).
 */
describe('placedInCommit', () => {
  it('places a tick, and an unchanged key, in the commit', () => {
    expect(placedInCommit(true, true, 7, 8)).toBe(true);
    expect(placedInCommit(true, true, 8, 8)).toBe(true);
    expect(placedInCommit(true, true, 8, 7)).toBe(true);
  });
  it('waits for the frame when the key jumps: the run was replaced', () => {
    expect(placedInCommit(true, true, 40, 1)).toBe(false);
    expect(placedInCommit(true, true, 1, 3)).toBe(false);
    expect(placedInCommit(true, true, 'a', 'b')).toBe(false);
  });
  it('waits for the frame on the first placement and for a windowed list', () => {
    expect(placedInCommit(true, false, 7, 8)).toBe(false);
    expect(placedInCommit(false, true, 7, 8)).toBe(false);
  });
});
