import { useState } from 'react';
import { inert } from '../../engine';
import { said, type Words } from '../../i18n';
import { CHALLENGE_TITLES } from '../../challenges/meta';
import { requestChallenge } from '../../store/challengeGate';
import { useSimStore } from '../../store/simStore';
import { useT } from '../useT';
import './challenges.css';
import { own } from '../engineText';
import '../panels/bidi.css';

/**
 * The shipped challenges (each opens the page on it) and `input-challenge-file` for a teacher's
 * own: a bad file is refused with the error naming the field, and nothing else changes.
 */
export function ChallengeList() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const [error, setError] = useState<Words | null>(null);
  const open = async (file: File | undefined) => {
    if (!file) return;
    // The parser comes with the challenge chunk, which the page needs once a challenge is opened.
    const { parseChallenge } = await import('../../challenges/parse');
    let text: string;
    try {
      text = await file.text();
    } catch (e) {
      // The file was moved or deleted since it was picked: said, nothing else changes.
      return setError(said('challenge.fileError', { msg: inert(String((e as Error | null)?.message ?? e)) }));
    }
    const r = parseChallenge(text);
    // Said in the page's language, then and after a switch of it.
    if (!r.ok) return setError(said('challenge.fileError', { msg: r.error.message }));
    setError(null);
    // A file is not a shipped id: the address no longer names a challenge.
    const url = new URL(window.location.href);
    url.searchParams.delete('challenge');
    window.history.replaceState(null, '', url);
    requestChallenge({ challenge: r.challenge });
  };
  return (
    <section className="hs-panel hs-challenge-list" aria-label={t('challenge.list')}>
      <h2>{t('challenge.list')}</h2>
      <ol data-testid="challenge-list">
        {CHALLENGE_TITLES.map((c) => (
          <li key={c.id} data-testid="challenge-item" data-challenge={c.id}>
            <a href={`?challenge=${encodeURIComponent(c.id)}&lang=${lang}`}>{own(c.title, lang)}</a>
          </li>
        ))}
      </ol>
      <label className="hs-challenge-list__file">
        {t('challenge.file')}
        <input
          type="file"
          accept=".json,application/json"
          data-testid="input-challenge-file"
          onChange={(e) => {
            const input = e.currentTarget;
            void open(input.files?.[0]).finally(() => (input.value = ''));
          }}
        />
      </label>
      {error && (
        <p className="hs-notice hs-notice--error" data-testid="challenge-error" role="alert">
          {t(error)}
        </p>
      )}
    </section>
  );
}
