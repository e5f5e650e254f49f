/** Share links: the screen as URL parameters, and back, validated. */
export { SHARE_KEYS, decodeShare, encodeShare, shareCatalog, shareUrl, type Decoded, type ShareState } from './share';
export { MAX_LINK_CHARS, MAX_REPLAY_COMMANDS, packReplay, unpackReplay, type Unpacked } from './replay';
export { REPLAY_BUDGET_MS, holdCheckpoints, sendInSlices } from './replaySend';
export { SLICE_MS, type Slicer } from './slices';
