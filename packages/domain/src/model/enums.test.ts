import { describe, expect, it } from 'vitest';
import { parseStageList } from './enums.ts';

describe('parseStageList (the live page and stream’s `stages` parameter)', () => {
  it('reads stages as people type them: any case, spaces around, in the order given, each once', () => {
    expect(parseStageList('final, semifinal')).toEqual(['FINAL', 'SEMIFINAL']);
    expect(parseStageList(' QUALIFICATION ,Final,final')).toEqual(['QUALIFICATION', 'FINAL']);
  });

  it('leaves out what is not a stage, and reads nothing from an empty or missing value', () => {
    expect(parseStageList('final,BIG_FINAL,,semi final,<script>')).toEqual(['FINAL']);
    expect(parseStageList('')).toEqual([]);
    expect(parseStageList(null)).toEqual([]);
    expect(parseStageList(undefined)).toEqual([]);
  });
});
