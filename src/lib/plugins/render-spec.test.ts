import { describe, expect, it } from 'vitest';
import { checkRenderSpec } from './render-spec';

const offline = { network: false };
const svg = 'data:image/svg+xml;utf8,%3Csvg xmlns%3D%22http://www.w3.org/2000/svg%22/%3E';

describe('checkRenderSpec', () => {
  it('keeps a list with titles, subtitles, thumbnails and checkboxes', () => {
    const spec = { type: 'list', title: 'Pack', items: [{ title: 'Boots', subtitle: '1 pair', thumbnail: svg, checked: false }] };
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
    const spec = { type: 'table', columns: ['a', 'b'], rows: [['x', 1], [true, null]] };
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
