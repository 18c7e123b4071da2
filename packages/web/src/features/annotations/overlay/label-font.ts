/** The size of the annotations' labels over the slide, in CSS pixels. */
export const LABEL_FONT_PX = 13;
