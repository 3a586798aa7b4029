import { describe, expect, it } from 'vitest';
import { foldName, reservedLookalike, toolIdSkeleton } from './tool-names';

const RESERVED = [
  'search_notes',
  'append_to_note',
  'edit_selection',
  'rewrite_paragraph',
  'delete_note',
  'list_tags'
];

describe('the tool namespace', () => {
  it('finds the built-in an id equals in any letter case or separator', () => {
    for (const id of [
      'Search_Notes',
      'SEARCH_NOTES',
      'search-notes',
      'search.notes',
      'searchnotes',
      'append_to_note',
      'Edit_Selection'
    ]) {
      expect(reservedLookalike(id, RESERVED), id).toBeDefined();
    }
  });

  it('finds lookalike characters', () => {
    expect(reservedLookalike('de1ete_note', RESERVED)).toBe('delete_note');
    expect(reservedLookalike('De1ete_N0te', RESERVED)).toBe('delete_note');
    expect(reservedLookalike('Iist_tags', RESERVED)).toBe('list_tags');
    expect(reservedLookalike('rewrite_paragraph_', RESERVED)).toBe('rewrite_paragraph');
    expect(toolIdSkeleton('rn')).toBe(toolIdSkeleton('m'));
  });

  it('leaves different names alone', () => {
    for (const id of [
      'plan_trip_packing',
      'search_recipes',
      'read_notes_aloud',
      'list_tag_colors',
      'delete_notes_older'
    ]) {
      expect(reservedLookalike(id, RESERVED), id).toBeUndefined();
    }
  });

  it('folds names with NFKC and case', () => {
    expect(foldName('ＦＯＬＩＯ')).toBe('folio');
    expect(foldName('  Folio  ')).toBe('folio');
  });
});
