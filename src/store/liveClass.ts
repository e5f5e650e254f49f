import { create } from 'zustand';
import { createClassSlice } from '../class/client';
import type { LiveClass } from '../class/view';
import { dialRelay } from '../class/wire';
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

/**
 * Without a lesson on screen (the address `npm run class` prints opens presenter mode alone),
 * "Start a class" opens `href` (a lesson) and starts the class there: the lesson's page finds
 * this tab's class pending, as it finds one it ran before.
 */
export function startClassAt(href: string): void {
  session.setItem(LIVE_KEY, 'pending');
  window.location.assign(href);
}

/**
 * The lesson on this page is still loading: its class panel starts the class once the lesson's
 * stop shows, as it rejoins one this tab ran before.
 */
export const startClassWhenShown = (): void => session.setItem(LIVE_KEY, 'pending');

/** This tab's teacher ran a class before this page (another lesson, a reload): the panel rejoins it. */
export const classWasLive = (): boolean => session.getItem(LIVE_KEY) !== null;
