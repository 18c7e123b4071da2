import { ShowSlideScreen } from '@/features/viewer/components/show-slide-screen';

/** /ShowSlide?id=12[,15…]: the slide viewer in the workspace. */
export default function ShowSlidePage() {
  return <ShowSlideScreen />;
}
