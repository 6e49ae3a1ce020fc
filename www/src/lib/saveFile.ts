// Saves a text the planner holds as a file the browser downloads: a link to a blob of it,
// clicked once and let go a minute later.

/** Offers `text` for download as `name`, of media type `type`. */
export function saveFile(text: string, name: string, type: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  // Not a route of the planner: the router leaves the click to the browser.
  link.dataset.native = '';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
