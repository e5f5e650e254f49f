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
        <span className="hs-guide__num">{t('guide.lessonHead', { n: g.number })}</span> {t(g.lesson.title)}
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
          {t(g.homework)}
        </p>
      )}
      <h3>{t('guide.yourTurns')}</h3>
      <ul className="hs-guide__turns">
        {g.yourTurns.map((y) => (
          <li key={y.at}>
            <span className="hs-guide__stop">{t('guide.atStop', { n: y.at + 1 })}</span> {t(y.ask)}
          </li>
        ))}
      </ul>
      <h3>{t('guide.predictions')}</h3>
      <ol className="hs-guide__asks">
        {g.predictions.map((p) => (
          <Ask key={p.at} p={p} t={t} />
        ))}
      </ol>
      <h3>{t('guide.discuss')}</h3>
      <dl className="hs-guide__discuss">
        {[...g.discuss, ...g.discussHome].map((d, i) => (
          <div key={d.q} data-where={i < g.discuss.length ? 'class' : 'home'}>
            <dt>
              {i >= g.discuss.length && (
                <span className="hs-guide__stop">
                  {t('guide.homeTag')}
                  {t('label.gap')}
                </span>
              )}
              {t(d.q)}
            </dt>
            <dd>
              <strong>{t('guide.lookFor')}</strong>
              {t('label.gap')}
              {t(d.a)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One prediction: where the run stands, what to ask, and the answer the lesson's replay gives. */
function Ask({ p, t }: { p: GuidePrediction; t: T }) {
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
        {(p.ask && t(p.ask)) ?? '—'}
      </p>
      <p className="hs-guide__answer">
        {t('guide.from', { state: q.from })}
        {t('label.gap')}
        <strong>{answer}</strong>
        {t('label.gap')}
        {t('guide.why')}
        {t('label.gap')}
        {t(q.why)}
      </p>
    </li>
  );
}
