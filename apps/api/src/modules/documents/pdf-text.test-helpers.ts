/**
 * The text of a PDF as a reader extracts it (pdfjs-dist), page after page, for tests that check
 * what a document says. Node 20 lacks `Promise.withResolvers`, which pdfjs-dist 6 uses.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  if (!('withResolvers' in Promise)) {
    Object.defineProperty(Promise, 'withResolvers', {
      configurable: true,
      value: <T>() => {
        let resolve: (value: T) => void = () => undefined;
        let reject: (reason: unknown) => void = () => undefined;
        const promise = new Promise<T>((yes, no) => {
          resolve = yes;
          reject = no;
        });
        return { promise, resolve, reject };
      },
    });
  }
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages.join('\n');
}
