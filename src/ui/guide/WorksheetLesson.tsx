import type { Lang } from '../../engine';
import type { ControlId } from '../../lessons/controls';
import type { SheetLesson, SheetQuestion } from '../../lessons/guide';
import type { MessageKey } from '../../i18n';
import type { T } from '../useT';
import { lessonUrl } from './links';
import { QrCode } from './QrCode';

/** The label of each control, as its button says it (ui/controls/commands.ts). */
const CONTROL_LABEL = {
  'btn-start': 'ctl.start',
  'btn-step': 'ctl.step',
  'btn-play': 'ctl.play',
  'btn-fast-forward-approval': 'ctl.fastForward',
  'btn-fail': 'ctl.fail',
  'btn-change-approach': 'ctl.changeApproach',
  'btn-request-approval': 'ctl.requestApproval',
  'btn-approve': 'ctl.approve',
  'btn-reject': 'ctl.reject',
  'btn-cancel': 'ctl.cancel',
  'btn-replan': 'ctl.replan',
  'btn-crash': 'ctl.crash',
  'btn-restart': 'ctl.restart',
  'btn-checkpoint': 'ctl.checkpoint',
} as const satisfies Record<ControlId, MessageKey>;

/** A line to write on: blank on paper, nothing for a screen reader to read. */
const Blank = ({ wide }: { wide?: boolean }) => (
  <span className={wide ? 'hs-sheet__blank is-wide' : 'hs-sheet__blank'} aria-hidden="true" />
);

/** Where the run stands (Predict first's "Now") and the move about to be played, as the student's controls name it. */
function whereText(q: SheetQuestion, t: T): string {
  const label = q.control ? t(CONTROL_LABEL[q.control]) : q.command;
  const move = q.error ? t('sheet.withError', { move: label, error: q.error }) : label;
  const state = t(`state.${q.from}`);
  return q.times > 1 ? t('sheet.whereTimes', { state, move, n: q.times }) : t('sheet.where', { state, move });
}

/** Tick boxes: one a choice, none ticked (`data-choice`). */
function Ticks({ choices, label }: { choices: readonly { id: string; text: string }[]; label: string }) {
  return (
    <ul className="hs-sheet__ticks" aria-label={label}>
      {choices.map((c) => (
        <li key={c.id} data-choice={c.id}>
          <span className="hs-sheet__box" aria-hidden="true" />
          {c.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * One prediction as Predict first asks it (`worksheet-question`, `data-stop` = the stop's id):
 * where the run stands and the move, then the state to tick and the fuse, or the step to write;
 * and a line for why. No answer: the guide keeps those.
 */
function Question({ q, t }: { q: SheetQuestion; t: T }) {
  const [before, after] = t('sheet.stepBlank').split('{blank}');
  return (
    <li className="hs-sheet__question" data-testid="worksheet-question" data-stop={q.stopId} data-at={q.at}>
      <p className="hs-sheet__where">
        <strong>{q.at === 0 ? t('guide.beforeOpen') : t('guide.beforeStop', { n: q.at + 1 })}</strong> {whereText(q, t)}
      </p>
      {q.ask.kind === 'state' ? (
        <>
          <p className="hs-sheet__ask">{t('predict.ask')}</p>
          <Ticks label={t('predict.ask')} choices={q.ask.choices.map((s) => ({ id: s, text: t(`state.${s}`) }))} />
          <div className="hs-sheet__fuse">
            <span className="hs-sheet__ask">{t('predict.fuse')}</span>
            <Ticks
              label={t('predict.fuse')}
              choices={(['yes', 'no'] as const).map((f) => ({ id: f, text: t(`predict.${f}`) }))}
            />
          </div>
        </>
      ) : (
        <p className="hs-sheet__ask" data-blank="step">
          {t('predict.askStep')} {before}
          <Blank />
          {after}
        </p>
      )}
      <p className="hs-sheet__reason">
        {t('sheet.reason')}
        <Blank wide />
      </p>
      <span className="hs-sheet__line" aria-hidden="true" />
    </li>
  );
}

/**
 * One lesson of the worksheet (`worksheet-lesson`, `data-lesson`, `data-part="class|homework"`):
 * its title, its address and a QR code of it (`worksheet-qr`), and its predictions to fill in. One
 * A4 page at most: it is never cut across two (worksheet.css).
 */
export function WorksheetLesson({ l, lang, t }: { l: SheetLesson; lang: Lang; t: T }) {
  const url = lessonUrl(l.id, lang);
  return (
    <section
      className="hs-sheet__lesson"
      data-testid="worksheet-lesson"
      data-lesson={l.id}
      data-part={l.homework ? 'homework' : 'class'}
      aria-labelledby={`sheet-${l.id}`}
    >
      <div className="hs-sheet__lesson-head">
        <div>
          <h3 id={`sheet-${l.id}`}>
            <span className="hs-guide__num">{t('guide.lessonHead', { n: l.number })}</span> {t(l.title)}
            {l.homework && <span className="hs-guide__min is-homework">{t('sheet.homework')}</span>}
          </h3>
          <p className="hs-sheet__url">
            {t('guide.address')}
            {t('label.gap')}
            <a href={url} data-testid="worksheet-link">
              {url}
            </a>
          </p>
        </div>
        <QrCode text={url} label={t('guide.qr', { n: l.number })} testId="worksheet-qr" className="hs-sheet__qr" />
      </div>
      {l.questions.length > 0 ? (
        <ol className="hs-sheet__questions">
          {l.questions.map((q) => (
            <Question key={q.stopId} q={q} t={t} />
          ))}
        </ol>
      ) : (
        <p className="hs-sheet__reason">
          {t('sheet.none')}
          <Blank wide />
        </p>
      )}
    </section>
  );
}
