import { describe, expect, it } from 'vitest';
import { leavePresentHref, pageMode } from './mode';

describe('the page mode', () => {
  it('is presenter mode for ?present=1, with a lesson and its stop or without', () => {
    expect(pageMode('?present=1')).toBe('present');
    expect(pageMode('?lesson=fuse&at=3&present=1&lang=zh')).toBe('present');
  });
  it('is embed for ?embed=1, presenter mode when both are asked, the page otherwise', () => {
    expect(pageMode('?embed=1')).toBe('embed');
    expect(pageMode('?embed=1&present=1')).toBe('present');
    expect(pageMode('?present=0')).toBe('page');
    expect(pageMode('')).toBe('page');
  });
  it('leaves presenter mode on the same lesson and stop', () => {
    expect(leavePresentHref('http://h/sim/?lesson=fuse&present=1&at=3')).toBe('/sim/?lesson=fuse&at=3');
  });
});
