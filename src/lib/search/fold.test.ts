import { describe, expect, it } from 'vitest';
import { foldText, tokenize, tokenizeWithOffsets } from './fold';

describe('folding and tokens', () => {
  it('removes accents and lowers case', () => {
    expect(foldText('Élan CAFÉ naïve')).toBe('elan cafe naive');
  });

  it('folds letters NFKD keeps (ß, ø, æ)', () => {
    expect(tokenize('Straße Ørsted Æsir')).toEqual(['strasse', 'orsted', 'aesir']);
  });

  it('decodes HTML entities before tokenizing', () => {
    expect(tokenize('R&amp;D caf&#233;')).toEqual(['r', 'd', 'cafe']);
  });

  it('splits at punctuation, underscores and apostrophes', () => {
    expect(tokenize("don't snake_case e-mail a.b")).toEqual(['don', 't', 'snake', 'case', 'e', 'mail', 'a', 'b']);
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
