import { useT } from '../useT';

/** The fuse question's answers, the predictor's and a class's phone's alike: "unsure" sends none. */
export const FUSE_ANSWERS = ['yes', 'no', 'unsure'] as const;
export type FuseAnswer = (typeof FUSE_ANSWERS)[number];

/** The fuse question's radios (inside the caller's fieldset and legend). */
export function FuseRadios({
  name,
  value,
  onPick,
}: {
  /** The radio group's name, also its test id (ui-contract: `predict-fuse`, `student-fuse`). */
  name: string;
  value: FuseAnswer;
  onPick: (answer: FuseAnswer) => void;
}) {
  const t = useT();
  return FUSE_ANSWERS.map((f) => (
    <label key={f}>
      <input
        type="radio"
        name={name}
        data-testid={name}
        data-fuse={f}
        checked={value === f}
        onChange={() => onPick(f)}
      />
      {t(f === 'unsure' ? 'predict.skipFuse' : `predict.${f}`)}
    </label>
  ));
}
