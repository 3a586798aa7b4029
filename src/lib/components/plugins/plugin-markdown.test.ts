import { describe, expect, it } from 'vitest';
import { renderPluginMarkdown } from './plugin-markdown';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('renderPluginMarkdown', () => {
  it('shows an http or https image of a plugin without network as its alt text', () => {
    for (const src of [
      'http://evil.example/p.png?note=secret',
      'https://evil.example/p.png',
      '//evil.example/p.png',
      '/local.png',
      'blob-ish:x'
    ]) {
      const html = renderPluginMarkdown(`![the pixel](${src})`);
      expect(html, src).not.toContain('<img');
      expect(html).toContain('[image: the pixel]');
    }
  });

  it('keeps data:image images, and https images of a plugin with network', () => {
    expect(renderPluginMarkdown(`![a](${PNG})`)).toContain(
      `<img src="${PNG}" alt="a" referrerpolicy="no-referrer" loading="lazy">`
    );
    expect(renderPluginMarkdown('![b](https://img.example/b.png)', { network: true })).toContain(
      '<img src="https://img.example/b.png"'
    );
  });

  it('leaves a javascript: image as text (markdown-it refuses the URL itself)', () => {
    expect(renderPluginMarkdown('![x](javascript:alert(1))')).not.toContain('<img');
  });

  it('keeps raw HTML as text', () => {
    expect(renderPluginMarkdown('<img src="http://evil.example/x">')).not.toContain('<img');
  });
});
