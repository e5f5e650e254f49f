import { useEffect, useMemo } from 'react';
import { checkChallenge, describeGoal, type Challenge, type ChallengeVerdict } from '../../challenges';
import { challengeOf, challengeRun, openChallenge, pressesOf, releaseChallenge } from '../../store/challenge';
import type { ChallengeRequest } from '../../store/challengeGate';
import { useSimStore } from '../../store/simStore';
import { COMMANDS } from '../controls/commands';
import { useT } from '../useT';
import './challenges.css';
import { OutsideText } from '../OutsideText';
import { own } from '../engineText';
import { visibleText } from '../../share/visibleText';

/**
 * A challenge over the page (`?challenge=<id>` or a file): its brief, its goal in the page's
 * language (`challenge-goal`) and its status (`challenge-status`, open → pass or fail with the
 * reason), checked from the run's own ledger and checkpoints each time the page shows the run.
 */
export function ChallengeBar({ request }: { request: ChallengeRequest }) {
  const t = useT();
  const ch = useMemo(() => challengeOf(request), [request]);
  // No such challenge: the page's own run keeps every control.
  useEffect(() => {
    if (!ch) releaseChallenge();
  }, [ch]);
  if (!ch) {
    const id = 'id' in request ? request.id : '';
    return (
      <p className="hs-notice hs-notice--error" data-testid="notice" role="alert">
        {t('challenge.unknown', { id })}
      </p>
    );
  }
  return <Bar key={ch.id} ch={ch} />;
}

function Bar({ ch }: { ch: Challenge }) {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  useEffect(() => {
    void openChallenge(ch);
    return releaseChallenge;
  }, [ch]);
  // Checked each time the page publishes the run (what the student sees is what is judged).
  const view = useSimStore((s) => s.view);
  const run = useSimStore((s) => challengeRun(s, ch));
  const verdict = useMemo<ChallengeVerdict | null>(
    () => (run ? checkChallenge(ch, run.sim, pressesOf(run)) : null),
    // The view changes whenever the run does; the Sim itself is mutated in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ch, run, view],
  );
  const status = verdict?.status ?? 'open';
  const controls = ch.controls
    .map((id) => COMMANDS.find((c) => c.testId === id))
    .filter((c) => c !== undefined)
    .map((c) => t(c.label))
    .join(t('list.sep'));
  return (
    <section
      className="hs-challenge hs-panel"
      data-testid="challenge"
      data-challenge={ch.id}
      aria-label={visibleText(own(ch.title, lang))}
    >
      <p className="hs-challenge__title">
        {t('challenge.title')} ·{' '}
        <strong data-testid="challenge-title">
          <OutsideText text={own(ch.title, lang)} />
        </strong>
      </p>
      <p className="hs-challenge__brief">
        <OutsideText text={own(ch.brief, lang)} />
      </p>
      <p className="hs-challenge__goal">
        {t('challenge.goal')}: <span data-testid="challenge-goal">{t(describeGoal(ch))}</span>
      </p>
      <p className="hs-challenge__allowed">{t('challenge.allowed', { controls })}</p>
      <p
        className={`hs-challenge__status hs-challenge__status--${status}`}
        data-testid="challenge-status"
        data-status={status}
        role="status"
        aria-live="polite"
      >
        <strong>{t(`challenge.status.${status}`)}</strong>{' '}
        <span data-testid="challenge-reason">{verdict ? t(verdict.reason) : t('challenge.left')}</span>
      </p>
      <div className="hs-lesson__nav">
        <button
          type="button"
          className="hs-btn hs-btn--primary"
          data-testid="btn-challenge-restart"
          onClick={() => void openChallenge(ch)}
        >
          {t('challenge.restart')}
        </button>
        <a className="hs-btn" data-testid="btn-challenge-exit" href={exitHref()}>
          {t('challenge.exit')}
        </a>
      </div>
    </section>
  );
}

/** The page without the challenge: its own saved run again. */
function exitHref(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('challenge');
  return url.pathname + url.search;
}
