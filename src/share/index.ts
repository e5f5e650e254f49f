/** Share links: the screen as URL parameters, and back, validated. */
export {
  SHARE_KEYS,
  decodeShare,
  encodeShare,
  shareCatalog,
  shareUrl,
  type Decoded,
  type Dropped,
  type ShareCatalog,
  type ShareState,
} from './share';
export { MAX_LINK_CHARS, MAX_REPLAY_COMMANDS, packReplay, unpackReplay, type Replay, type Unpacked } from './replay';
export { REPLAY_BUDGET_MS, holdCheckpoints, sendInSlices, type HeldCheckpoints, type ReplayEnd } from './replaySend';
export { SLICE_MS, runInSlices, type Sliced, type Slicer } from './slices';
