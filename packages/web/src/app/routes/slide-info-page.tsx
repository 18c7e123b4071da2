import { SlideListScreen } from '@/features/slides/components/slide-list-screen';

/** /slideInfo: the slides stored in the hospitals of the administrator's "clear slide" scope. */
export default function SlideInfoPage() {
  return <SlideListScreen mode="admin" />;
}
