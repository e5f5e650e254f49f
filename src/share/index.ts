/** Share links: the screen as URL parameters, and back, validated. */
export { SHARE_KEYS, decodeShare, encodeShare, shareUrl, type Decoded, type Dropped, type ShareState } from './share';
