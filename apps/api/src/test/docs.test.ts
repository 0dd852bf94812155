import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { REPO_ROOT } from '../platform/config';

describe('docs/API.md', () => {
  it('lists every error of the catalogue with its code, status, key and English message', () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'API.md'), 'utf8');
    const missing = Object.entries(ERRORS)
      .map(
        ([name, def]) =>
          `| ${def.code} | ${name} | ${def.status} | \`${def.key}\` | ${ERROR_MESSAGES[def.key].en} |`,
      )
      .filter((row) => !text.includes(row));
    expect(missing).toEqual([]);
  });
});
