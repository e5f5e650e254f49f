import { describe, expect, it } from 'vitest';
import { lessonHref, lessonUrl } from './links';

describe('the guide’s lesson links', () => {
  it('are relative on screen, keeping the language', () => {
    expect(lessonHref('fuse', 'zh')).toBe('?lesson=fuse&lang=zh');
  });

  it('print absolute, from the page’s own host and folder, whatever the page’s own query', () => {
    expect(lessonUrl('fuse', 'zh', 'https://school.example/courses/harness/?guide=1&lang=zh')).toBe(
      'https://school.example/courses/harness/?lesson=fuse&lang=zh',
    );
    expect(lessonUrl('three-endings', 'en', 'http://localhost:4185/index.html?guide=1#guide-plan')).toBe(
      'http://localhost:4185/index.html?lesson=three-endings&lang=en',
    );
  });
});
