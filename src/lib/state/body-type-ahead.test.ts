// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { BodyTypeAhead, heldKey } from './body-type-ahead';

const ahead = new BodyTypeAhead();
afterEach(() => ahead.take());

/** Presses a key on an input, as the browser does; returns whether the input may act on it. */
function press(input: HTMLElement, key: string, init: KeyboardEventInit = {}): boolean {
  return input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
}

function titleInput(): HTMLInputElement {
  const input = document.createElement('input');
  document.body.append(input);
  input.focus();
  return input;
}

describe('BodyTypeAhead', () => {
  it('holds characters, Enter and Backspace typed anywhere, in order, and keeps them from the focused field', () => {
    const input = titleInput();
    let reachedInput = 0;
    input.addEventListener('keydown', () => reachedInput++);
    ahead.start();
    for (const key of ['S', 'e', '€', 'Enter', 'x', 'Backspace', '😀']) expect(press(input, key)).toBe(false);
    expect(press(input, 'Enter', { shiftKey: true })).toBe(false);
    expect(reachedInput).toBe(0);
    expect(ahead.take()).toEqual(['S', 'e', '€', 'Enter', 'x', 'Backspace', '😀', 'Shift-Enter']);
    expect(ahead.capturing).toBe(false);
    expect(press(input, 'a')).toBe(true); // taken: keys go to the field again
  });

  it('lets shortcuts, arrows and IME composition through', () => {
    const input = titleInput();
    ahead.start();
    expect(press(input, 'n', { altKey: true })).toBe(true);
    expect(press(input, 'k', { ctrlKey: true })).toBe(true);
    expect(press(input, 'z', { metaKey: true })).toBe(true);
    expect(press(input, 'ArrowLeft')).toBe(true);
    expect(press(input, 'F5')).toBe(true);
    expect(press(input, 'か', { isComposing: true })).toBe(true);
    expect(ahead.capturing).toBe(true);
    expect(ahead.take()).toEqual([]);
  });

  it('stops holding when the user goes elsewhere (a click, Tab, Escape), keeping what it held', () => {
    const input = titleInput();
    for (const leave of [
      () => input.dispatchEvent(new Event('pointerdown', { bubbles: true })),
      () => press(input, 'Tab'),
      () => press(input, 'Escape')
    ]) {
      ahead.start();
      press(input, 'a');
      leave();
      expect(ahead.capturing).toBe(false);
      expect(press(input, 'b')).toBe(true);
      expect(ahead.take()).toEqual(['a']);
    }
  });

  it('names the keys it holds', () => {
    const key = (init: KeyboardEventInit) => heldKey(new KeyboardEvent('keydown', init));
    expect(key({ key: 'q' })).toBe('q');
    expect(key({ key: ' ' })).toBe(' ');
    expect(key({ key: 'Q', shiftKey: true })).toBe('Q');
    expect(key({ key: 'Enter', shiftKey: true })).toBe('Shift-Enter');
    expect(key({ key: 'Backspace' })).toBe('Backspace');
    expect(key({ key: 'Delete' })).toBeNull();
    expect(key({ key: 'Shift', shiftKey: true })).toBeNull();
  });
});
