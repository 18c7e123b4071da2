import { ShowSlideScreen } from '@/features/viewer/components/show-slide-screen';

/** /mobileShowSilde?id=12: the slide viewer on a phone (compact controls, no side panel). */
export default function MobileShowSlidePage() {
  return (
    <div style={{ padding: 8 }}>
      <ShowSlideScreen compact />
    </div>
  );
}
