/** Saves content as a file through a Blob URL and an `<a download>`, the way that works in every browser. */
export function download(filename: string, content: Blob | string, type = 'application/json'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; the URL is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
