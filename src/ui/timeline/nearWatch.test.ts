import { describe, expect, it } from 'vitest';
import { HeightGuess } from './nearWatch';

describe('HeightGuess', () => {
  it('guesses nothing until an item has been measured', () => {
    expect(new HeightGuess().guess(5)).toBeUndefined();
  });

  it('guesses by the units measured, on average', () => {
    const guess = new HeightGuess();
    guess.learn({}, 500, 5);
    guess.learn({}, 300, 1);
    // 800 pixels over 6 units.
    expect(guess.guess(3)).toBe(400);
  });

  it('counts an item once however often it is measured: its latest size replaces the one before', () => {
    const guess = new HeightGuess();
    const growing = {};
    guess.learn(growing, 100, 1);
    guess.learn(growing, 300, 2);
    guess.learn(growing, 900, 3);
    expect(guess.guess(1)).toBe(300);
    expect(guess.of(growing)).toBe(900);
    expect(guess.of({})).toBeUndefined();
    guess.learn({}, 100, 1);
    expect(guess.guess(4)).toBe(1000);
  });

  it('ignores what cannot be a measurement (a detached element measures zero)', () => {
    const guess = new HeightGuess();
    guess.learn({}, 0, 5);
    guess.learn({}, 120, 0);
    guess.learn({}, Number.NaN, 2);
    expect(guess.guess(1)).toBeUndefined();
  });
});
