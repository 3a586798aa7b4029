import { describe, expect, it } from 'vitest';
import { foldText, tokenize, tokenizeWithOffsets } from './fold';

describe('folding and tokens', () => {
  it('removes accents and lowers case', () => {
    expect(foldText('Élan CAFÉ naïve')).toBe('elan cafe naive');
  });

  it('folds letters without a decomposition as Joplin does (ß → s, ø, æ, ł, hooked letters)', () => {
    expect(tokenize('Straße Ørsted Æsir Łódź ƀ ɓ')).toEqual(['strase', 'orsted', 'aesir', 'lodz', 'b', 'b']);
  });

  // What Joplin's normalisation and SQLite FTS4's simple tokenizer give for the same text.
  it.each([
    ['5 € today', ['5', '€', 'today']],
    ['½ cup, not 1, 2', ['½', 'cup', 'not', '1', '2']],
    ['x² and ﬁle', ['x²', 'and', 'ﬁle']],
    ['ｆｕｌｌ ⓦⓘⓓⓔ', ['full', 'wide']],
    ['word—another “quoted”', ['word—another', '“quoted”']],
    ['a\u00a0b\u3000c\u2009d', ['a', 'b', 'c', 'd']],
    ['Ἀθῆναι Йошкар', ['ἀθῆναι', 'йошкар']],
    ['Cafe\u0301 CAFÉ', ['cafe', 'cafe']],
    ['emoji 🙂ok', ['emoji', '🙂ok']]
  ])('tokenizes %j as Joplin does', (text, tokens) => {
    expect(tokenize(text)).toEqual(tokens);
  });

  it('decodes HTML entities before tokenizing', () => {
    expect(tokenize('R&amp;D caf&#233;')).toEqual(['r', 'd', 'cafe']);
  });

  it('splits at punctuation, underscores and apostrophes', () => {
    expect(tokenize("don't snake_case e-mail a.b")).toEqual([
      'don',
      't',
      'snake',
      'case',
      'e',
      'mail',
      'a',
      'b'
    ]);
  });

  it('makes one token per CJK character and keeps Latin words whole beside them', () => {
    expect(tokenize('東京tokyo行く')).toEqual(['東', '京', 'tokyo', '行', 'く']);
  });

  it('gives offsets into the original text', () => {
    expect(tokenizeWithOffsets('Hé, Café!')).toEqual([
      { token: 'he', start: 0, end: 2 },
      { token: 'cafe', start: 4, end: 8 }
    ]);
  });
});
