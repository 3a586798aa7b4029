import { describe, expect, it } from 'vitest';
import { checkRenderSpec } from './render-spec';

const offline = { network: false };
const svg = 'data:image/svg+xml;utf8,%3Csvg xmlns%3D%22http://www.w3.org/2000/svg%22/%3E';

describe('checkRenderSpec', () => {
  it('keeps a list with titles, subtitles, thumbnails and checkboxes', () => {
    const spec = {
      type: 'list',
      title: 'Pack',
      items: [{ title: 'Boots', subtitle: '1 pair', thumbnail: svg, checked: false }]
    };
    expect(checkRenderSpec(spec, offline)).toEqual(spec);
  });

  it('refuses a javascript: thumbnail and names the field', () => {
    const spec = { type: 'list', items: [{ title: 'x', thumbnail: 'javascript:alert(1)' }] };
    expect(() => checkRenderSpec(spec, offline)).toThrow(/list\.items\[0\]\.thumbnail uses a javascript URL/);
  });

  it('refuses a data:text/html image', () => {
    const spec = { type: 'gallery', images: [{ src: 'data:text/html,<script>1</script>', alt: '' }] };
    expect(() => checkRenderSpec(spec, offline)).toThrow(/gallery\.images\[0\]\.src uses a data URL/);
  });

  it('refuses an https image without the network permission', () => {
    const spec = { type: 'gallery', images: [{ src: 'https://example.com/a.png', alt: 'a' }] };
    expect(() => checkRenderSpec(spec, offline)).toThrow(/no network permission/);
  });

  it('accepts an https image with the network permission', () => {
    const spec = { type: 'gallery', images: [{ src: 'https://example.com/a.png', alt: 'a' }] };
    expect(checkRenderSpec(spec, { network: true })).toEqual(spec);
  });

  it('refuses an unknown type', () => {
    expect(() => checkRenderSpec({ type: 'html', html: '<b>' }, offline)).toThrow(/unknown type "html"/);
  });

  it('drops fields it does not know', () => {
    const spec = checkRenderSpec({ type: 'markdown', text: '# Hi', onclick: 'x' }, offline);
    expect(spec).toEqual({ type: 'markdown', text: '# Hi' });
  });

  it('keeps table cells of text, numbers, booleans and null', () => {
    const spec = {
      type: 'table',
      columns: ['a', 'b'],
      rows: [
        ['x', 1],
        [true, null]
      ]
    };
    expect(checkRenderSpec(spec, offline)).toEqual(spec);
  });

  it('refuses stacks nested too deep', () => {
    let spec: unknown = { type: 'markdown', text: 'x' };
    for (let i = 0; i < 6; i++) spec = { type: 'stack', children: [spec] };
    expect(() => checkRenderSpec(spec, offline)).toThrow(/nested deeper/);
  });

  it('refuses a list longer than the limit', () => {
    const items = Array.from({ length: 501 }, () => ({ title: 'x' }));
    expect(() => checkRenderSpec({ type: 'list', items }, offline)).toThrow(/501 entries/);
  });
});

describe('RenderSpec totals', () => {
  const policy = { network: false };
  const table = {
    type: 'table',
    columns: Array.from({ length: 20 }, (_, i) => `c${i}`),
    rows: Array.from({ length: 500 }, () => Array.from({ length: 20 }, () => 'x'))
  };

  it('refuses 20 references to one shared 500×20 table (200,000 cells), though each passes alone', () => {
    expect(() => checkRenderSpec(table, policy)).not.toThrow();
    expect(() =>
      checkRenderSpec({ type: 'stack', children: Array.from({ length: 20 }, () => table) }, policy)
    ).toThrow(
      'The renderer returned an invalid spec: it has more than 20,000 cells, items and images in all.'
    );
  });

  it('counts parts across nested stacks', () => {
    const leaf = { type: 'markdown', text: 'x' };
    let spec: unknown = { type: 'stack', children: Array.from({ length: 20 }, () => leaf) };
    for (let i = 0; i < 3; i++) spec = { type: 'stack', children: Array.from({ length: 20 }, () => spec) };
    expect(() => checkRenderSpec(spec, policy)).toThrow(/more than 100 parts in all/);
  });

  it('counts the text of every reference', () => {
    const md = { type: 'markdown', text: 'x'.repeat(100_000) };
    expect(() =>
      checkRenderSpec({ type: 'stack', children: Array.from({ length: 20 }, () => md) }, policy)
    ).not.toThrow();
    const twice = {
      type: 'stack',
      children: [
        { type: 'stack', children: Array.from({ length: 20 }, () => md) },
        { type: 'stack', children: Array.from({ length: 20 }, () => md) }
      ]
    };
    expect(() => checkRenderSpec(twice, policy)).toThrow(/characters of text in all/);
  });
});
