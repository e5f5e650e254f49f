import type { Lang } from '../../engine';
import type { GuideLesson as Guide, GuidePrediction } from '../../lessons/guide';
import { useSimStore } from '../../store/simStore';
import type { T } from '../useT';
import { useT } from '../useT';
import { playTime } from './format';
import { lessonHref, lessonUrl } from './links';
import { QrCode } from './QrCode';

/** One lesson of the guide (`guide-section`): what its data says, and the teacher's notes. */
export function GuideLesson({ g }: { g: Guide }) {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const id = g.lesson.id;
  const url = lessonUrl(id, lang);
  return (
    <section
      className="hs-guide__block hs-guide__lesson"
      data-testid="guide-section"
      data-lesson={id}
      aria-labelledby={`guide-${id}`}
    >
      <h2 id={`guide-${id}`}>
        <span className="hs-guide__num">{t('guide.lessonHead', { n: g.number })}</span> {g.lesson.title[lang]}
        <span className={g.start === null ? 'hs-guide__min is-homework' : 'hs-guide__min'}>
          {g.start === null ? t('guide.atHome', { n: g.homeMinutes }) : t('guide.minutes', { n: g.minutes })}
        </span>
      </h2>
      <p className="hs-guide__facts">
        {t('guide.facts', {
          stops: g.lesson.stops.length,
          turns: g.yourTurns.length,
          asks: g.predictions.length,
          time: playTime(t, g.playMs),
        })}{' '}
        <a className="hs-guide__open" href={lessonHref(id, lang)}>
          {t('guide.open')}
        </a>
      </p>
      {/* On paper a relative link leads nowhere: the absolute address, and a QR code of it. */}
      <div className="hs-guide__where">
        <QrCode text={url} label={t('guide.qr', { n: g.number })} />
        <p>
          {t('guide.address')}
          {t('label.gap')}
          <a className="hs-guide__url" data-testid="guide-link" href={url}>
            {url}
          </a>
        </p>
      </div>
      <p className="hs-guide__sections">
        {t('guide.sections')}
        {t('label.gap')}
        <span lang="zh-CN">{g.sections.join(' / ')}</span>
      </p>
      {g.homework && (
        <p className="hs-guide__homework">
          <strong>{t('guide.whyHomework')}</strong>
          {t('label.gap')}
          {g.homework[lang]}
        </p>
      )}
      <h3>{t('guide.yourTurns')}</h3>
      <ul className="hs-guide__turns">
        {g.yourTurns.map((y) => (
          <li key={y.at}>
            <span className="hs-guide__stop">{t('guide.atStop', { n: y.at + 1 })}</span> {y.ask[lang]}
          </li>
        ))}
      </ul>
      <h3>{t('guide.predictions')}</h3>
      <ol className="hs-guide__asks">
        {g.predictions.map((p) => (
          <Ask key={p.at} p={p} lang={lang} t={t} />
        ))}
      </ol>
      <h3>{t('guide.discuss')}</h3>
      <dl className="hs-guide__discuss">
        {[...g.discuss, ...g.discussHome].map((d, i) => (
          <div key={d.q.en} data-where={i < g.discuss.length ? 'class' : 'home'}>
            <dt>
              {i >= g.discuss.length && (
                <span className="hs-guide__stop">
                  {t('guide.homeTag')}
                  {t('label.gap')}
                </span>
              )}
              {d.q[lang]}
            </dt>
            <dd>
              <strong>{t('guide.lookFor')}</strong>
              {t('label.gap')}
              {d.a[lang]}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One prediction: where the run stands, what to ask, and the answer the lesson's replay gives. */
function Ask({ p, lang, t }: { p: GuidePrediction; lang: Lang; t: T }) {
  const { prediction: q } = p;
  const answer = q.steps
    ? t('guide.answerStep', { n: q.steps.answer, choices: q.steps.choices.join(', ') })
    : t('guide.answer', { state: q.answer, fuse: t(q.fuseTrips ? 'guide.fuseYes' : 'guide.fuseNo') });
  return (
    <li className="hs-guide__ask" data-at={p.at} data-stop={p.stopId}>
      <p>
        <span className="hs-guide__stop">
          {p.at === 0 ? t('guide.beforeOpen') : t('guide.beforeStop', { n: p.at + 1 })}
        </span>{' '}
        {p.ask?.[lang] ?? '—'}
      </p>
      <p className="hs-guide__answer">
        {t('guide.from', { state: q.from })}
        {t('label.gap')}
        <strong>{answer}</strong>
        {t('label.gap')}
        {t('guide.why')}
        {t('label.gap')}
        {q.why[lang]}
      </p>
    </li>
  );
}
