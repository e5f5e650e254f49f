import type { SimCommand, SimCommandType } from '../engine';

/**
 * The page's controls that a lesson or a challenge may name, by their ui-contract test ids,
 * and the command each one sends. One table: the buttons (ui/controls/commands.ts) send and are
 * enabled by these commands, so a lesson's "your turn" and a challenge's allowed controls
 * cannot drift from what the buttons do.
 */
export const CONTROL_COMMANDS = {
  'btn-start': 'START',
  'btn-step': 'TICK',
  // Play and fast-forward send the same TICKs as the step button, only more of them.
  'btn-play': 'TICK',
  'btn-fast-forward-approval': 'TICK',
  'btn-fail': 'FAIL_NOW',
  'btn-change-approach': 'CHANGE_APPROACH',
  'btn-request-approval': 'REQUEST_APPROVAL',
  'btn-approve': 'APPROVE',
  'btn-reject': 'REJECT',
  'btn-cancel': 'CANCEL',
  'btn-replan': 'REPLAN',
  'btn-crash': 'CRASH',
  'btn-restart': 'RESTART',
  'btn-checkpoint': 'CHECKPOINT',
} as const satisfies Record<string, SimCommandType>;

export type ControlId = keyof typeof CONTROL_COMMANDS;
export const CONTROL_IDS = Object.keys(CONTROL_COMMANDS) as ControlId[];

export const isControlId = (v: unknown): v is ControlId => typeof v === 'string' && Object.hasOwn(CONTROL_COMMANDS, v);

/** The first control that sends `cmd` (INJECT_FAULT has none: a world input, what a script injects). */
export function controlOf(cmd: SimCommand): ControlId | null {
  for (const id of CONTROL_IDS) if (CONTROL_COMMANDS[id] === cmd.type) return id;
  return null;
}

/** Some control in `allowed` sends `cmd` (the step button and play both send TICK). */
export const sentByOneOf = (cmd: SimCommand, allowed: readonly ControlId[]): boolean =>
  allowed.some((id) => CONTROL_COMMANDS[id] === cmd.type);
