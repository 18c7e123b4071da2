/** A slide's name as its stem and its own extension (".tiff"), as the dialog edits it. */
export function splitSlideName(name: string, type: string): { stem: string; extension: string } {
  const extension = `.${type}`;
  return name.toLowerCase().endsWith(extension.toLowerCase()) && name.length > extension.length
    ? { stem: name.slice(0, -extension.length), extension: name.slice(-extension.length) }
    : { stem: name, extension: '' };
}
