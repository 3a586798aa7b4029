import { describe, expect, it } from 'vitest';
import {
  isRelativeFileTarget,
  itemRefs,
  relativePath,
  remapItemRefs,
  resolveRelative,
  rewriteLinkTargets
} from './links';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

describe('links', () => {
  it('rewrites link and image targets, keeping titles, with angle brackets only around spaces', () => {
    const md = '[x](a.md "T") ![i](<my pic.png>) [u](https://e.com)';
    expect(rewriteLinkTargets(md, (t) => (t.endsWith('.com') ? undefined : `:/${t.length}`))).toBe(
      '[x](:/4 "T") ![i](:/10) [u](https://e.com)'
    );
  });

  it('rewrites the src of an HTML image', () => {
    expect(rewriteLinkTargets('<img src="p.png" width="3">', () => ':/1')).toBe('<img src=":/1" width="3">');
  });

  it('lists the :/id links of a body once each', () => {
    expect(itemRefs(`[a](:/${A}) ![b](:/${B}) [c](:/${A}#h)`)).toEqual([A, B]);
  });

  it('remaps only the ids in the map', () => {
    expect(remapItemRefs(`:/${A} :/${B}`, new Map([[A, B]]))).toBe(`:/${B} :/${B}`);
  });

  it('tells relative file targets from URLs, anchors and :/ links', () => {
    expect(['a.md', '../b/c.png'].map(isRelativeFileTarget)).toEqual([true, true]);
    expect(['https://x', 'mailto:a@b', '#top', ':/id', '/abs'].map(isRelativeFileTarget)).toEqual([
      false,
      false,
      false,
      false,
      false
    ]);
  });

  it('resolves a relative target against the linking file and refuses to leave the tree', () => {
    expect(resolveRelative('x/y/n.md', '../z/My%20file.md')).toBe('x/z/My file.md');
    expect(resolveRelative('n.md', '../out.md')).toBeUndefined();
  });

  it('makes the relative path from one file to another, URI-encoded', () => {
    expect(relativePath('lib/Work/Meeting.md', 'lib/Work/Projects/The plan.md')).toBe(
      'Projects/The%20plan.md'
    );
    expect(relativePath('lib/Personal/Photo.md', '_resources/pixel.png')).toBe('../../_resources/pixel.png');
  });
});
