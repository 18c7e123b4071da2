import { SlideListScreen } from '@/features/slides/components/slide-list-screen';

/** /removeSlideInfo: the slides removed in the administrator's scope, with who removed them and when. */
export default function RemovedSlidesPage() {
  return <SlideListScreen mode="removed" />;
}
