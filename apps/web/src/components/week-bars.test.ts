import { describe, expect, it } from 'vitest';
import { niceMax } from './week-bars';

describe('niceMax', () => {
  it('rounds a chart’s top up to a round number', () => {
    expect(niceMax(6000)).toBe(6000);
    expect(niceMax(7000)).toBe(8000);
    expect(niceMax(25_000)).toBe(25_000);
    expect(niceMax(26_000)).toBe(30_000);
    expect(niceMax(0.3)).toBeCloseTo(0.3);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(101)).toBe(120);
    expect(niceMax(0)).toBe(1);
  });

  it('keeps counts whole and even, at least 2', () => {
    expect(niceMax(0, true)).toBe(2);
    expect(niceMax(1, true)).toBe(2);
    expect(niceMax(3, true)).toBe(4);
    expect(niceMax(5, true)).toBe(6);
    expect(niceMax(6, true)).toBe(6);
    expect(niceMax(13, true)).toBe(16);
    expect(niceMax(250, true)).toBe(250);
  });
});
