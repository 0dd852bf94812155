import { pinyin } from 'pinyin-pro';
import type { SearchKeys } from '../../src/rows';
import { foldText } from '../../src/fold';

/** Build-time search keys of a name: folded English ('' when plain lower-casing is enough), full pinyin and initials of the Chinese name. */
export function searchKeys(name: string, chineseName: string): SearchKeys {
  const folded = foldText(name);
  const syllables = chineseName
    ? pinyin(chineseName, { toneType: 'none', type: 'array', v: true })
        .map((s) => s.toLowerCase().replace(/[^a-z]/g, ''))
        .filter((s) => s !== '')
    : [];
  return [
    folded === name.toLowerCase() ? '' : folded,
    syllables.join(''),
    syllables.map((s) => s.charAt(0)).join(''),
  ];
}
