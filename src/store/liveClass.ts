import { create } from 'zustand';
import { createClassSlice, dialRelay, type LiveClass } from '../class/client';
import { LIVE_KEY, storageOr } from '../class/keys';

const session = storageOr(() => sessionStorage);

/**
 * The tab's live class (issue 43): the projector's class as its teacher, or a phone's as a
 * student. Its data and its one connection to the relay are class/client.ts's slice; this file
 * only makes the store, with the browser's storage and Socket.IO. Loaded with the class's UI,
 * never by the first screen.
 */
export const useLiveClass = create<LiveClass>()(
  createClassSlice({ dial: dialRelay, session, local: storageOr(() => localStorage) }),
);

/** This tab's teacher ran a class before this page (another lesson, a reload): the panel rejoins it. */
export const classWasLive = (): boolean => session.getItem(LIVE_KEY) !== null;
