import { useCallback, useSyncExternalStore } from 'react';

/** Two short tones, less than half a second in all. */
const CHIME: readonly { frequency: number; start: number; duration: number }[] = [
  { frequency: 880, start: 0, duration: 0.14 },
  { frequency: 1318.5, start: 0.12, duration: 0.22 },
];
/** A burst of events rings once. */
const MIN_GAP_MS = 1500;

type AudioContextLike = Pick<AudioContext, 'state' | 'currentTime' | 'destination' | 'resume'> & {
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
};

export interface NotificationSoundOptions {
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Made on the first play after the user interacted with the page. */
  createContext?: () => AudioContextLike;
  /** The browser's own record of a user gesture (navigator.userActivation), where it has one. */
  hasBeenActive?: () => boolean;
  now?: () => number;
}

export interface NotificationSound {
  /** Plays the chime; false (and silence) before the user has interacted with the page or without audio. */
  play(): boolean;
  dispose(): void;
}

const defaultContext = (): AudioContextLike => {
  const Ctor =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) throw new Error('No Web Audio');
  return new Ctor();
};

const browserActivation = (): boolean =>
  (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive === true;

const GESTURES = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * The new-chat-event sound (SPEC §4 "A sound plays on new chat events"), made with the Web Audio
 * API (nothing to download). Browsers let a page play sound only after the user interacted with
 * it: until then `play` stays silent, and it never throws.
 */
export const createNotificationSound = ({
  target = window,
  createContext = defaultContext,
  hasBeenActive = browserActivation,
  now = () => Date.now(),
}: NotificationSoundOptions = {}): NotificationSound => {
  let interacted = false;
  let context: AudioContextLike | null = null;
  let lastPlayed = -Infinity;

  const onGesture = (): void => {
    interacted = true;
    for (const type of GESTURES) target.removeEventListener(type, onGesture, true);
  };
  for (const type of GESTURES) target.addEventListener(type, onGesture, true);

  const chime = (ctx: AudioContextLike): void => {
    const t0 = ctx.currentTime;
    for (const tone of CHIME) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(tone.frequency, t0 + tone.start);
      gain.gain.setValueAtTime(0.0001, t0 + tone.start);
      gain.gain.exponentialRampToValueAtTime(0.18, t0 + tone.start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + tone.start + tone.duration);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(t0 + tone.start);
      oscillator.stop(t0 + tone.start + tone.duration + 0.02);
    }
  };

  return {
    play() {
      if (!interacted && !hasBeenActive()) return false;
      const at = now();
      if (at - lastPlayed < MIN_GAP_MS) return false;
      try {
        context ??= createContext();
        if (context.state === 'suspended') void context.resume().catch(() => undefined);
        chime(context);
        lastPlayed = at;
        return true;
      } catch {
        return false;
      }
    },
    dispose() {
      onGesture();
    },
  };
};

let shared: NotificationSound | null = null;

/** The app's one sound (made on first use; it starts listening for the first gesture then). */
export const notificationSound = (): NotificationSound => {
  shared ??= createNotificationSound();
  return shared;
};

// ─── The setting: sound on or off, per user, in this browser ────────────────────────────────────

const STORAGE_PREFIX = 'chat-sound-off:';
const listeners = new Set<() => void>();
/** where the setting lives when storage refuses it (private mode): until the page closes */
const memory = new Map<string, boolean>();

const storageKey = (userId: number | null): string => `${STORAGE_PREFIX}${userId ?? 'guest'}`;

/** Whether new chat events play the sound for this user (on unless turned off). */
export const isChatSoundEnabled = (userId: number | null): boolean => {
  const key = storageKey(userId);
  try {
    return window.localStorage.getItem(key) !== '1';
  } catch {
    return memory.get(key) ?? true;
  }
};

export const setChatSoundEnabled = (userId: number | null, enabled: boolean): void => {
  const key = storageKey(userId);
  try {
    if (enabled) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, '1');
  } catch {
    memory.set(key, enabled);
  }
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  // another tab of the same browser changed it
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(STORAGE_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** The sound setting of a user, and its switch; every screen showing it follows a change. */
export const useChatSoundSetting = (userId: number | null): [boolean, (enabled: boolean) => void] => {
  const enabled = useSyncExternalStore(
    subscribe,
    () => isChatSoundEnabled(userId),
    () => true,
  );
  const set = useCallback((value: boolean) => setChatSoundEnabled(userId, value), [userId]);
  return [enabled, set];
};
