import type { AnnotationKind } from '@pathconsult/shared';

/*
 * The annotation layer hidden and the drawing tools: never both. A shape drawn on a hidden layer
 * would be saved unseen (and a half-drawn polygon lost from sight), so hiding the layer puts the
 * drawing tool down, and picking a drawing tool shows the layer again.
 */

export type Tool = AnnotationKind | 'select';

/** The tool once the layer is shown or hidden: the select tool while it is hidden. */
export function toolWithLayer(tool: Tool, layerShown: boolean): Tool {
  return layerShown ? tool : 'select';
}

/** Whether the layer is shown once `tool` is picked: a drawing tool brings it back. */
export function layerShownWithTool(tool: Tool, layerShown: boolean): boolean {
  return layerShown || tool !== 'select';
}
