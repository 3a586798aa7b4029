import { describe, expect, it } from 'vitest';
import { markdownToText } from './markdown-text';

describe('markdownToText', () => {
  it('drops heading, list, task and quote markers', () => {
    expect(
      markdownToText('# Project kickoff\n\n- apples\n- [ ] pears\n- [x] plums\n> quoted\n1. first')
    ).toBe('Project kickoff apples pears plums quoted first');
  });

  it('keeps the text of links and images, not their targets', () => {
    expect(
      markdownToText(
        'See [the plan](https://example.com/plan) and ![a chart](:/0123456789abcdef0123456789abcdef).'
      )
    ).toBe('See the plan and a chart.');
  });

  it('drops emphasis, code marks and fences but keeps the code', () => {
    expect(markdownToText('**bold** _it_ ~~gone~~ `x = 1`\n```js\nlet y = 2;\n```')).toBe(
      'bold it gone x = 1 let y = 2;'
    );
  });

  it('turns tables into their cells and drops rules', () => {
    expect(markdownToText('| Item | Qty |\n| --- | ---: |\n| socks | 3 |\n\n---\nafter')).toBe(
      'Item Qty socks 3 after'
    );
  });

  it('keeps escaped characters as text', () => {
    expect(markdownToText('5 \\* 3 \\| pipe \\# not a heading')).toBe('5 * 3 | pipe # not a heading');
  });

  it('leaves a bare dash in running text alone', () => {
    expect(markdownToText('before - after')).toBe('before - after');
  });
});
