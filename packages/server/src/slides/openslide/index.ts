export {
  OPENSLIDE_MISSING_MESSAGE,
  isOpenSlideAvailable,
  openOpenSlide,
  openSlideVersion,
} from './openslide-source';
