import { Navigate, useLocation } from 'react-router';
import { MOBILE_SHOW_SLIDE_PATH } from '@/config/paths';
import { ShowSlideScreen } from '@/features/viewer/components/show-slide-screen';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * Phones: the workspace's menu, tabs and side panel leave no room for the slide. Held sideways
 * too (a touch screen under 500 px high): the workspace's viewer left 75 px of slide there.
 */
const PHONE_QUERY = '(max-width: 575px), (max-height: 500px) and (pointer: coarse)';

/**
 * /ShowSlide?id=12[,15…]: the slide viewer in the workspace; on a phone, the phone viewer
 * (/mobileShowSilde) with the same slides, replacing this entry so that Back leaves the viewer.
 * Followed while open: a window narrowed to a phone's width switches too (the workspace's viewer
 * left the slide a sliver beside its side panel).
 */
export default function ShowSlidePage() {
  const { search } = useLocation();
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) {
    return <Navigate to={`${MOBILE_SHOW_SLIDE_PATH}${search}`} replace />;
  }
  return <ShowSlideScreen />;
}
