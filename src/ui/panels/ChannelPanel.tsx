import { formatClock } from '../../i18n';
import { shownView, useSimStore } from '../../store/simStore';
import { Icon } from '../icons';
import { messageText } from '../engineText';
import { useT } from '../useT';

/**
 * A message's text shown in the panel: a hint after thousands of failed attempts on one step
 * lists every one (75 KB a message; a replayed link's run laid out 3.7 MB of text in one 1.9 s
 * task), so past this the rest is counted, not drawn.
 */
const SHOWN_CHARS = 2000;

/** What the model would see injected: reminders, recovery hints, rejection reasons. */
export function ChannelPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const channel = useSimStore((s) => shownView(s).context.channel);
  const simple = useSimStore((s) => shownView(s).simple);
  return (
    <section className="hs-panel hs-channel" aria-label={t('panel.channel')}>
      <h2>{t('panel.channel')}</h2>
      <ol
        className="hs-scroll"
        data-testid="context-channel"
        aria-live="polite"
        tabIndex={0}
        aria-label={t('panel.channel')}
      >
        {[...channel].reverse().map((m, i) => (
          <li key={channel.length - i} className={`hs-msg hs-msg--${m.kind}`} data-kind={m.kind}>
            <span className="hs-msg__kind">
              <Icon name={m.kind === 'reminder' ? 'warn' : m.kind === 'rejection' ? 'hand' : 'hint'} />{' '}
              {t(`channel.kind.${m.kind}`)} · {formatClock(lang, m.at)} · {t('channel.tokens', { n: m.tokens })}
            </span>
            <p className="hs-msg__text">
              <Shown text={messageText(lang, m)} more={(n) => t('channel.more', { n })} />
            </p>
          </li>
        ))}
      </ol>
      {channel.length === 0 && (
        <p className="hs-empty" data-testid={simple ? 'channel-none' : undefined}>
          {t(simple ? 'simple.noChannel' : 'channel.empty')}
        </p>
      )}
    </section>
  );
}

/** A message's text, cut at SHOWN_CHARS with the rest counted. */
function Shown({ text, more }: { text: string; more: (n: number) => string }) {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… ${more(text.length - SHOWN_CHARS)}` : text;
}
