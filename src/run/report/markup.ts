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

/**
 * The opening of a report page, to its `<h1>`: one file that runs no script and loads nothing (its
 * Content-Security-Policy allows only its own inline style).
 */
export function reportHead(title: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)} — Tool System Playground</title>
<style>${style}</style>
</head>
<body>
<h1>${escapeMarkup(title)}</h1>`;
}
