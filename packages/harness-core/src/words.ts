import type { Bilingual } from './types.js';

/**
 * The words of what the harness injects into the context channel (recovery hints, reminders,
 * rejections), as keyed rows with `{name}` placeholders. A message keeps its text in zh and en
 * (`ContextMessage.text`: what the model reads, what the token meter counts, what a harness
 * author logs) and the key and params it was filled from (`ContextMessage.words`), so a host
 * with dictionaries of its own (the simulator) can say it in any language: these rows are its
 * zh and en rows, spelled once, here.
 */
export const CHANNEL_WORDS = {
  // `{refs}` is '' when no artifact bears on the step: the English row's space is in channel.refs.
  'channel.hint': {
    zh: '第 {step}/{total} 步「{title}」{what}：{type}（{message}）。{tried}{refs}{advice}{next}',
    en: 'Step {step}/{total} "{title}" {what}: {type} ({message}). {tried} {refs}{advice} {next}',
  },
  'channel.what.failed': { zh: '失败', en: 'failed' },
  'channel.what.no_progress': { zh: '没有进展', en: 'made no progress' },
  'channel.tried': { zh: '已试过：{list}。', en: 'Already tried: {list}.' },
  'channel.tried.join': { zh: '{a}；{b}', en: '{a}; {b}' },
  'channel.first': { zh: '这是本步第一次失败。', en: 'First failure at this step.' },
  'channel.next': { zh: '按计划下一步是第 {n} 步「{title}」。', en: 'The plan’s next step is {n} "{title}".' },
  'channel.last': { zh: '这是计划的最后一步。', en: 'This is the plan’s last step.' },
  'channel.refs': { zh: '相关产物：{list}。', en: 'Related artifacts: {list}. ' },
  'channel.ref': { zh: '{ref}（第 {step} 步）', en: '{ref} (step {step})' },
  'channel.refs.join': { zh: '{a}，{b}', en: '{a}, {b}' },
  'channel.advice.recheck_path': {
    zh: '多半是路径写错或文件还没生成：重新读取目录、核对路径后再试。',
    en: 'Most likely a wrong path or a file not written yet: re-read the directory and check the path, then retry.',
  },
  'channel.advice.check_renamed_artifact': {
    zh: '先查产物引用：第 {step} 步「{title}」已把 {from} 改为 {to}，请改用新文件名。',
    en: 'Check the artifact refs first: step {step} "{title}" renamed {from} to {to}; use the new name.',
  },
  'channel.advice.wait_and_retry': {
    zh: '超时：稍后重试，或缩小这一步的工作量。',
    en: 'Timed out: retry after a pause, or make the step smaller.',
  },
  'channel.advice.ask_for_access': {
    zh: '没有权限：换一条不需要该权限的路径，或请人授权。',
    en: 'Permission denied: take a path that needs no such right, or ask a person for access.',
  },
  'channel.advice.reread_then_write': {
    zh: '冲突：先重新读取目标的当前状态，再写入。',
    en: 'Conflict: re-read the target’s current state before writing.',
  },
  'channel.advice.change_approach': {
    zh: '同一动作重复而没有进展：换一种做法，不要原样再试。',
    en: 'The same action repeats with no progress: change the approach instead of retrying it as is.',
  },
  'channel.advice.use_rejection_reason': {
    zh: '审批被拒：按拒绝理由调整做法，不要盲目重试。',
    en: 'The approval was rejected: adjust to the reason given; do not retry blindly.',
  },
  'channel.reminder.stall': {
    zh: '<system-reminder> 没有进展：同一个调用已经 {count} 次返回同样的结果（{key}）。到 {fuseAt} 次将熔断并交还给人。请换一种做法，不要原样再调。',
    en: '<system-reminder> No progress: the same call has returned the same result {count} times ({key}). At {fuseAt} the fuse trips and the task goes back to a person. Change the approach; do not make the same call again.',
  },
  'channel.reminder.fail': {
    zh: '<system-reminder> 同一操作已失败 {count} 次（{key}）。到 {fuseAt} 次将熔断并交还给人。请换一种做法，不要原样重试。',
    en: '<system-reminder> The same call has failed {count} times ({key}). At {fuseAt} the fuse trips and the task goes back to a person. Change the approach; do not retry it as is.',
  },
  'channel.reminder': { zh: '{reminder}{hint}', en: '{reminder} {hint}' },
  'channel.rejection': { zh: '审批被拒（第 {step} 步）：{reason}', en: 'Approval rejected (step {step}): {reason}' },
} as const satisfies Record<string, Bilingual>;

/** A key of CHANNEL_WORDS. */
export type ChannelKey = keyof typeof CHANNEL_WORDS;

/**
 * A message as a key and the parts its placeholders stand for: text as it is (an error's
 * message, a path), a number, a step's title (said in its own words by a host that knows them),
 * or other words.
 */
export interface MessageWords {
  readonly key: ChannelKey;
  readonly params: Readonly<Record<string, string | number | Bilingual | MessageWords>>;
}

/** Words with their params. */
export const words = (key: ChannelKey, params: MessageWords['params'] = {}): MessageWords => ({ key, params });

/** A part a placeholder stands for. */
export type WordsPart = MessageWords['params'][string];

/** `items` as one, each pair joined by `join` (the language decides the separator); '' for none. */
export function joined(items: readonly WordsPart[], join: ChannelKey): WordsPart {
  const [first, ...rest] = items;
  return first === undefined ? '' : rest.reduce<WordsPart>((a, b) => words(join, { a, b }), first);
}

const isWords = (p: object): p is MessageWords => 'key' in p;

/** `w` filled in one of the library's languages: the text the harness injects. */
export function fillWords(w: MessageWords, lang: keyof Bilingual): string {
  return CHANNEL_WORDS[w.key][lang].replace(/\{(\w+)\}/g, (m, name: string) => {
    const p = w.params[name];
    if (p === undefined) return m;
    if (typeof p !== 'object') return String(p);
    return isWords(p) ? fillWords(p, lang) : p[lang];
  });
}

/** `w` in both languages. */
export const bilingualOf = (w: MessageWords): Bilingual => ({ zh: fillWords(w, 'zh'), en: fillWords(w, 'en') });
