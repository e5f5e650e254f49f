import type { Lang } from '../../engine';
import { DISCUSS_IN_CLASS, type ClassPlan, type GuideLesson } from '../../lessons/guide';
import { PACE } from '../../lessons/player';
import type { ArticleSection } from '../../lessons';
import type { T } from '../useT';
import { duration, playTime } from './format';
import { lessonHref } from './links';

/** The article's last section, by its heading (the closed list in lessons/sections.ts checks it). */
const SELF_TEST: ArticleSection = '自测';

/** What a lesson holds in class, as the plan counts it: measured playback and the counted parts. */
const holds = (g: GuideLesson, t: T) =>
  t('guide.holds', {
    play: playTime(t, g.playMs),
    asks: g.predictions.length,
    turns: g.yourTurns.length,
    prompts: g.discuss.length,
  });

/**
 * The class at a glance (`guide-plan`, `data-minutes` = the 45): each lesson held in class with
 * its minutes and what they hold, the homework ones marked, the self-test, the slack; and how
 * the minutes are counted (`guide-allowances`).
 */
export function GuidePlan({ plan, lang, t }: { plan: ClassPlan; lang: Lang; t: T }) {
  const span = (from: number, minutes: number) => t('guide.span', { from, to: from + minutes });
  const a = plan.allowances;
  return (
    <section
      className="hs-guide__block hs-guide__plan"
      aria-labelledby="guide-plan"
      data-testid="guide-plan"
      data-minutes={plan.total}
      data-planned={plan.planned}
      data-slack={plan.slack}
    >
      <h2 id="guide-plan">{t('guide.plan')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('guide.col.time')}</th>
            <th scope="col">{t('guide.col.lesson')}</th>
            <th scope="col" className="hs-guide__sec">
              {t('guide.col.section')}
            </th>
            <th scope="col">{t('guide.col.minutes')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.lessons.map((g) => (
            <tr
              key={g.lesson.id}
              className={g.start === null ? 'is-homework' : undefined}
              data-testid="guide-plan-row"
              data-lesson={g.lesson.id}
              data-minutes={g.minutes}
            >
              <td>{g.start === null ? '—' : span(g.start, g.minutes)}</td>
              <td>
                {g.number}.{' '}
                <a href={lessonHref(g.lesson.id, lang)} className="hs-guide__plain">
                  {t(g.lesson.title)}
                </a>
                {g.start !== null && <span className="hs-guide__holds">{holds(g, t)}</span>}
              </td>
              <td className="hs-guide__sec" lang="zh-CN">
                {g.sections[0]}
              </td>
              <td>{g.start === null ? t('guide.homework') : t('guide.minutes', { n: g.minutes })}</td>
            </tr>
          ))}
          <tr data-testid="guide-plan-row" data-lesson="self-test" data-minutes={plan.selfTest.minutes}>
            <td>{span(plan.selfTest.start, plan.selfTest.minutes)}</td>
            <td>
              <a href="#guide-selftest" className="hs-guide__plain">
                {t('guide.selftestRow')}
              </a>
            </td>
            <td className="hs-guide__sec" lang="zh-CN">
              {SELF_TEST}
            </td>
            <td>{t('guide.minutes', { n: plan.selfTest.minutes })}</td>
          </tr>
          <tr className="is-slack" data-testid="guide-slack" data-minutes={plan.slack}>
            <td>{span(plan.planned, plan.slack)}</td>
            <td>{t('guide.slackRow')}</td>
            <td className="hs-guide__sec" />
            <td>{t('guide.minutes', { n: plan.slack })}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('guide.total')}
            </th>
            <td className="hs-guide__sec" />
            <td>{t('guide.minutes', { n: plan.total })}</td>
          </tr>
        </tfoot>
      </table>
      <p className="hs-guide__allowances" data-testid="guide-allowances">
        {t('guide.allowances', {
          caption: PACE.captionMs / 1000,
          move: PACE.moveMs / 1000,
          prediction: duration(t, a.predictionMs),
          turn: duration(t, a.yourTurnMs),
          discuss: duration(t, a.discussMs),
          inClass: DISCUSS_IN_CLASS,
          write: duration(t, a.selfTestWriteMs),
          compare: duration(t, a.selfTestCompareMs),
          planned: plan.planned,
          slack: plan.slack,
        })}
      </p>
    </section>
  );
}
