import { Navigate, useLocation } from 'react-router';
import { MOBILE_SHOW_SLIDE_PATH, PHONE_QUERY } from '@/config/paths';
import { ShowSlideScreen } from '@/features/viewer/components/show-slide-screen';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * /ShowSlide?id=12[,15…]: the slide viewer in the workspace; on a phone, the phone viewer
 * (/mobileShowSilde) with the same slides, replacing this entry so that Back leaves the viewer.
 * Followed while open: a window narrowed to a phone's width switches too (the workspace's viewer
 * left the slide a sliver beside its side panel). The tab bar opens no tab for it there
 * (RouteDef.phonePage).
 */
export default function ShowSlidePage() {
  const { search } = useLocation();
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) {
    return <Navigate to={`${MOBILE_SHOW_SLIDE_PATH}${search}`} replace />;
  }
  return <ShowSlideScreen />;
}
