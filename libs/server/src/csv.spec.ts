import { csvCell, csvFile, UTF8_BOM } from './csv';

describe('csvCell', () => {
  it('writes plain text, numbers and booleans as they are, and nothing for a missing value', () => {
    expect(csvCell('Porridge')).toBe('Porridge');
    expect(csvCell(42.5)).toBe('42.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('Rice, boiled')).toBe('"Rice, boiled"');
    expect(csvCell('The "good" bread')).toBe('"The ""good"" bread"');
    expect(csvCell('first line\nsecond')).toBe('"first line\nsecond"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csvCell('+1 tbsp')).toBe("'+1 tbsp");
    expect(csvCell('-cramps')).toBe("'-cramps");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('Crème fraîche = tasty')).toBe('Crème fraîche = tasty');
  });
});

describe('csvFile', () => {
  it('is the BOM, one header row and a CRLF-ended line per row', () => {
    const file = csvFile(['id', 'name'], [[1, 'Café au lait'], [2, 'Eggs, scrambled']]);
    expect(file.startsWith(UTF8_BOM)).toBe(true);
    expect(file.slice(UTF8_BOM.length)).toBe('id,name\r\n1,Café au lait\r\n2,"Eggs, scrambled"\r\n');
  });

  it('has its header row alone when there are no rows', () => {
    expect(csvFile(['time', 'type'], [])).toBe(`${UTF8_BOM}time,type\r\n`);
  });
});
