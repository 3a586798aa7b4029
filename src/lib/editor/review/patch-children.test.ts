// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { patchChildren } from './patch-children';

function element(html: string): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = html;
  return el;
}

/** Patches `from` with `to` and returns the target, after checking it now shows exactly `to`. */
function patched(from: string, to: string): HTMLElement {
  const target = element(from);
  patchChildren(target, element(to));
  expect(target.innerHTML).toBe(to);
  return target;
}

describe('patchChildren', () => {
  it('grows a paragraph in its own text node', () => {
    const target = element('<p>Then walk</p>');
    const [p, text] = [target.firstChild!, target.firstChild!.firstChild!];
    patchChildren(target, element('<p>Then walk home</p>'));
    expect(target.innerHTML).toBe('<p>Then walk home</p>');
    expect(target.firstChild).toBe(p);
    expect(p.firstChild).toBe(text);
  });

  it('keeps the elements that stay as they were, and appends what is new', () => {
    const target = element('<p>Some <strong>bold</strong> text</p>');
    const strong = target.querySelector('strong');
    patchChildren(target, element('<p>Some <strong>bold</strong> text and <em>more</em></p><p>Next.</p>'));
    expect(target.innerHTML).toBe('<p>Some <strong>bold</strong> text and <em>more</em></p><p>Next.</p>');
    expect(target.querySelector('strong')).toBe(strong);
  });

  it('replaces an element whose tag or attributes changed', () => {
    const target = element('<p><a href="https://example.com/a">site</a></p><h2>Title</h2>');
    const [link, heading] = [target.querySelector('a'), target.querySelector('h2')];
    patchChildren(target, element('<p><a href="https://example.com/ab">site</a></p><h3>Title</h3>'));
    expect(target.innerHTML).toBe('<p><a href="https://example.com/ab">site</a></p><h3>Title</h3>');
    expect(target.querySelector('a')).not.toBe(link);
    expect(heading?.isConnected).toBe(false);
  });

  it('removes what the new drawing no longer has, and swaps text for elements', () => {
    patched('<p>One</p><p>Two</p><p>Three</p>', '<p>One</p>');
    patched('<p>Then **walk</p>', '<p>Then <strong>walk</strong></p>');
    patched('<p>Then <strong>walk</strong></p>', '<p>Then **walk</p>');
    patched(
      '<ul><li class="task-item" data-checked="false"><p>a</p></li></ul>',
      '<ul><li><p>a</p></li></ul>'
    );
    patched('', '<p>First</p>');
    patched('<p>Last</p>', '');
  });

  it('shows exactly the new drawing after any pair of drawings', () => {
    const drawings = [
      '',
      '<p>A</p>',
      '<p>A line</p>',
      '<p>A <em>line</em></p>',
      '<p>A <em>line</em> more</p>',
      '<h1>A</h1><p>b</p>',
      '<ul><li><p>x</p></li><li><p>y</p></li></ul>',
      '<pre data-info="js"><code>let a</code></pre>',
      '<pre><code>let a = 1</code></pre>',
      '<p>text<!-- note --></p>'
    ];
    for (const from of drawings) for (const to of drawings) patched(from, to);
  });
});
