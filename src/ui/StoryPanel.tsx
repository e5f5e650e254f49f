import { useState } from 'react';
import { STORIES, STORY_IDS, type StoryId } from '../engine';
import { useSimStore } from '../store/simStore';
import { SelectField } from './SelectField';
import { useT } from './useT';

/** Plays the article's opening story, in either ending, on a fresh run of the chosen design. */
export function StoryPanel() {
  const t = useT();
  const design = useSimStore((s) => s.settings.design);
  const role = useSimStore((s) => s.role);
  const status = useSimStore((s) => (s.activity?.kind === 'story' ? s.activity : null));
  const [pick, setPick] = useState<StoryId>('opening-story');
  const playing = !!status?.beat;
  return (
    <section className="hs-panel hs-story" aria-label={t('story.title')}>
      <h2>{t('story.title')}</h2>
      <SelectField
        label={t('story.pick')}
        testId="select-story"
        value={pick}
        options={STORY_IDS}
        name={(id) => t(`story.${id}`)}
        onChange={setPick}
      />
      <p className="hs-story__about">{t(STORIES[pick].title)}</p>
      <button
        type="button"
        className="hs-btn hs-btn--primary"
        data-testid="btn-story-play"
        data-design={design}
        disabled={role !== 'driver'}
        onClick={() => void useSimStore.getState().playStory(pick)}
      >
        {t('story.play')}
      </button>
      {playing && (
        <button
          type="button"
          className="hs-btn"
          data-testid="btn-story-stop"
          onClick={() => useSimStore.getState().stopStory()}
        >
          {t('story.stop')}
        </button>
      )}
      <p
        data-testid="story-status"
        data-story={status?.id ?? ''}
        data-done={status?.done ? 'true' : 'false'}
        aria-live="polite"
      >
        {playing
          ? t('story.playing', { beat: t(`story.beat.${status?.beat as 'night'}`) })
          : status?.done
            ? t('story.ended')
            : ''}
      </p>
    </section>
  );
}
