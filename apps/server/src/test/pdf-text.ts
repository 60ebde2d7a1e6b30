/**
 * Test helper: the text a PDF made by pdfkit with its standard fonts shows, read back without a PDF library.
 * pdfkit writes each page's content as a Flate-compressed stream whose text operators are `[<hex> kern <hex>] TJ`
 * (or `<hex> Tj`), the hex being WinAnsi bytes; each operator is one line of text as laid out (trimmed here).
 */
import { inflateSync } from 'node:zlib';

/** WinAnsiEncoding's bytes 0x80..0x9f (the rest of its printable bytes are Latin-1's). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeHex(hex: string): string {
  let text = '';
  for (let index = 0; index + 1 < hex.length; index += 2) {
    const byte = parseInt(hex.slice(index, index + 2), 16);
    text += byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return text;
}

/** What a PDF shows: its text lines in drawing order (page by page as stored) and its number of pages. */
export interface PdfText {
  lines: string[];
  /** Every line joined with '\n', for `toContain`. */
  text: string;
  pages: number;
}

/** Reads the text of `pdf`, a PDF made by pdfkit with standard fonts. Throws when it is not a PDF. */
export function pdfText(pdf: Buffer): PdfText {
  const raw = pdf.toString('latin1');
  if (!raw.startsWith('%PDF-')) throw new Error('not a PDF');
  const lines: string[] = [];
  // pdfkit writes `stream\n<bytes>\nendstream`: a compressed stream may itself end with a \r byte, so nothing but
  // the \n on each side is taken off (a `\r?` there ate such a byte, and the stream no longer inflated).
  for (const match of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a compressed content stream
    }
    for (const operator of content.matchAll(
      /\[((?:<[0-9a-fA-F]*>|[-+\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      const hexes =
        operator[1] !== undefined
          ? [...operator[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!)
          : [operator[2]!];
      lines.push(hexes.map(decodeHex).join('').trim());
    }
  }
  const pages = raw.match(/\/Type \/Page\b/g)?.length ?? 0;
  return { lines, text: lines.join('\n'), pages };
}
