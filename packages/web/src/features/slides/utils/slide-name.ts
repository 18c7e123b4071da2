/** A slide's name as its stem and its own extension (".tiff"), as the dialog edits it. */
export function splitSlideName(name: string, type: string): { stem: string; extension: string } {
  const extension = `.${type}`;
  return name.toLowerCase().endsWith(extension.toLowerCase()) && name.length > extension.length
    ? { stem: name.slice(0, -extension.length), extension: name.slice(-extension.length) }
    : { stem: name, extension: '' };
}

/**
 * The name the dialog saves: `typed` with the slide's `extension` after it, once (a name typed
 * whole, "x.svs", next to the fixed ".svs" was saved as "x.svs.svs").
 */
export function renamedSlide(typed: string, extension: string): string {
  const stem =
    extension && typed.toLowerCase().endsWith(extension.toLowerCase())
      ? typed.slice(0, -extension.length)
      : typed;
  return `${stem}${extension}`;
}
