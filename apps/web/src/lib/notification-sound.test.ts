import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  createNotificationSound,
  isChatSoundEnabled,
  setChatSoundEnabled,
  useChatSoundSetting,
  type NotificationSoundOptions,
} from './notification-sound';

/** A Web Audio context that records the tones it is asked to play. */
const fakeContext = (state: AudioContextState = 'running') => {
  const started: number[] = [];
  const param = () => ({
    setValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn(),
  });
  const ctx = {
    state,
    currentTime: 0,
    destination: {} as AudioDestinationNode,
    resume: vi.fn(() => Promise.resolve()),
    createGain: () => {
      const gain = { gain: param(), connect: (node: unknown) => node };
      return gain as unknown as GainNode;
    },
    createOscillator: () => {
      const oscillator = {
        type: 'sine',
        frequency: param(),
        connect: (node: unknown) => node,
        start: (at: number) => started.push(at),
        stop: vi.fn(),
      };
      return oscillator as unknown as OscillatorNode;
    },
  };
  return { ctx, started };
};

const setup = (options: Partial<NotificationSoundOptions> = {}) => {
  const { ctx, started } = fakeContext('suspended');
  const target = document.createElement('div') as unknown as Window;
  let clock = 10_000;
  const createContext = vi.fn(() => ctx);
  const sound = createNotificationSound({
    target,
    createContext,
    hasBeenActive: () => false,
    now: () => clock,
    ...options,
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  return { sound, target, ctx, started, createContext, advance };
};

afterEach(() => {
  window.localStorage.clear();
});

describe('notification sound', () => {
  it('stays silent until the user has interacted with the page (autoplay rule), then plays a chime', () => {
    const { sound, target, started, createContext, ctx } = setup();
    expect(sound.play()).toBe(false);
    expect(createContext).not.toHaveBeenCalled();

    target.dispatchEvent(new Event('pointerdown'));
    expect(sound.play()).toBe(true);
    expect(createContext).toHaveBeenCalledTimes(1);
    expect(ctx.resume).toHaveBeenCalled();
    expect(started).toHaveLength(2);
  });

  it('plays at once when the browser already saw a gesture (navigator.userActivation)', () => {
    const { sound } = setup({ hasBeenActive: () => true });
    expect(sound.play()).toBe(true);
  });

  it('a burst of events rings once', () => {
    const { sound, target, started, advance } = setup();
    target.dispatchEvent(new Event('keydown'));
    expect(sound.play()).toBe(true);
    advance(200);
    expect(sound.play()).toBe(false);
    advance(1500);
    expect(sound.play()).toBe(true);
    expect(started).toHaveLength(4);
  });

  it('never throws: no Web Audio, or a context that fails', () => {
    const { sound, target } = setup({
      createContext: () => {
        throw new Error('No Web Audio');
      },
    });
    target.dispatchEvent(new Event('pointerdown'));
    expect(() => sound.play()).not.toThrow();
    expect(sound.play()).toBe(false);
  });
});

describe('the sound setting', () => {
  it('is on by default, kept per user in local storage', () => {
    expect(isChatSoundEnabled(1)).toBe(true);
    setChatSoundEnabled(1, false);
    expect(isChatSoundEnabled(1)).toBe(false);
    expect(isChatSoundEnabled(2)).toBe(true);
    expect(window.localStorage.getItem('chat-sound-off:1')).toBe('1');
    setChatSoundEnabled(1, true);
    expect(isChatSoundEnabled(1)).toBe(true);
    expect(window.localStorage.getItem('chat-sound-off:1')).toBeNull();
  });

  it('every screen showing it follows a change', () => {
    const a = renderHook(() => useChatSoundSetting(5));
    const b = renderHook(() => useChatSoundSetting(5));
    expect(a.result.current[0]).toBe(true);
    act(() => a.result.current[1](false));
    expect(b.result.current[0]).toBe(false);
  });
});
