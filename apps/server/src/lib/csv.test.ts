import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';
import { csvAmount, csvDay, csvDocument, csvField } from './csv';

describe('CSV', () => {
  it('writes fields safely', () => {
    expect(csvField('plain', ';')).toBe('plain');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField('a,b', ';')).toBe('a,b');
    expect(csvField('say "hi"', ';')).toBe('"say ""hi"""');
    expect(csvField('two\nlines', ';')).toBe('"two\nlines"');
    expect(csvField('+7 (999) 123-45-67', ';')).toBe('+7 (999) 123-45-67');
    expect(csvField('-5', ';')).toBe('-5');
    expect(csvField('-12,50', ';')).toBe('-12,50');
    expect(csvField(42, ',')).toBe('42');
    for (const formula of ['=1+1', '+cmd|x', '-2+3+cmd|x', '@SUM(A1)', '\tx'])
      expect(csvField(formula, ';')).toMatch(/^"?'/);
  });

  it('uses the separator and decimal mark of the language, with a BOM and CRLF', () => {
    expect(
      csvDocument(
        [
          ['a', 'b'],
          [1, csvAmount(123450, 'ru')],
        ],
        'ru',
      ),
    ).toBe('\uFEFFa;b\r\n1;1234,50\r\n');
    expect(
      csvDocument(
        [
          ['a', 'b'],
          [1, csvAmount(-5, 'en')],
        ],
        'en',
      ),
    ).toBe('\uFEFFa,b\r\n1,-0.05\r\n');
    expect(csvDay('1990-12-31', 'ru')).toBe('31.12.1990');
    expect(csvDay('1990-12-31', 'en')).toBe('1990-12-31');
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Алтай (2).pdf')).toBe(
      `attachment; filename="_____ (2).pdf"; filename*=UTF-8''%D0%90%D0%BB%D1%82%D0%B0%D0%B9%20%282%29.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c.ics')).toBe(
      `inline; filename="a_b_c.ics"; filename*=UTF-8''a%22b%5Cc.ics`,
    );
  });
});
