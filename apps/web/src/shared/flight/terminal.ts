/** A terminal as suppliers send it ("2", "T2", "t2") without its letter, to write "T2" or "Terminal 2". */
export function terminalNumber(terminal: string): string {
  return terminal.replace(/^T/i, '');
}
