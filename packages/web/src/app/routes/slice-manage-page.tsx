import { SlideListScreen } from '@/features/slides/components/slide-list-screen';

/** /sliceManage: the doctor's slide management: its uploads, its cases' slides and its hospital's unmatched slides. */
export default function SliceManagePage() {
  return <SlideListScreen mode="doctor" />;
}
