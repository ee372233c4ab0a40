/**
 * Text made safe for HTML, SVG and XML content and attribute values: the five markup characters
 * as character references, and the characters XML 1.0 does not allow at all (most control
 * characters) dropped, so a command or a file name with one still makes a well-formed SVG or
 * JUnit report.
 */
export function escapeMarkup(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  );
}
