import { readFileSync } from 'node:fs';

/** Reads an OPTD `^`-separated file into records keyed by the header line. */
export function readCaretFile(path: string): Record<string, string>[] {
  const [header = '', ...lines] = readFileSync(path, 'utf8').trimEnd().split('\n');
  const keys = header.split('^');
  return lines.map((line) => {
    const cells = line.split('^');
    return Object.fromEntries(keys.map((key, i) => [key, cells[i] ?? '']));
  });
}

/** Splits one CSV line (RFC 4180 quoting, no embedded newlines). */
export function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** Reads a CSV file with a header line into records. */
export function readCsvFile(path: string): Record<string, string>[] {
  const [header = '', ...lines] = readFileSync(path, 'utf8').trimEnd().split(/\r?\n/);
  const keys = parseCsvLine(header);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = parseCsvLine(line);
      return Object.fromEntries(keys.map((key, i) => [key, cells[i] ?? '']));
    });
}
