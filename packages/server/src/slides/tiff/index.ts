/** The TIFF-family reader: Aperio SVS and generic tiled pyramidal TIFF / BigTIFF. */
export { openTiffSlide } from './tiff-slide';
export { jpeg2000Available } from './codecs';
