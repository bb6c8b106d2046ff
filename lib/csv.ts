const PLAIN_NUMBER = /^[+-]?\d[\d ]*(?:\.\d+)?$/;

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  // quote always; neutralise spreadsheet formulas. A plain number (a phone as +234…, an amount as -5000)
  // is no formula, and an apostrophe would break it for pasting into WhatsApp or another sheet
  const safe = /^[=+\-@\t\r]/.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** A CSV file (RFC 4180 line ends), every cell quoted: the back office's downloads. */
export const toCsv = (header: string[], rows: unknown[][]) => [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
