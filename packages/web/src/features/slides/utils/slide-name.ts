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
  const lower = typed.toLowerCase();
  // The same format's other spelling too: "x.tif" beside ".tiff" is "x.tiff", not "x.tif.tiff".
  const spelled = [extension, ...(TWINS[extension.toLowerCase()] ?? [])].find(
    (ext) => ext && lower.endsWith(ext.toLowerCase()),
  );
  const stem = spelled ? typed.slice(0, -spelled.length) : typed;
  return `${stem}${extension}`;
}

/** Extensions that name one format. */
const TWINS: Record<string, string[]> = { '.tif': ['.tiff'], '.tiff': ['.tif'] };

/** Whether two slide types (extensions without the dot) are one format (TIF and TIFF). */
export function sameSlideFormat(a: string, b: string): boolean {
  const norm = (type: string) => (type.toLowerCase() === 'tiff' ? 'tif' : type.toLowerCase());
  return norm(a) === norm(b);
}
