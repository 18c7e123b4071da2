import { Navigate, useLocation } from 'react-router';
import { ShowSlideScreen } from '@/features/viewer/components/show-slide-screen';

/** Phones: the workspace's menu, tabs and side panel leave no room for the slide. */
const PHONE_QUERY = '(max-width: 575px)';

/**
 * /ShowSlide?id=12[,15…]: the slide viewer in the workspace; on a phone, the phone viewer
 * (/mobileShowSilde) with the same slides, replacing this entry so that Back leaves the viewer.
 */
export default function ShowSlidePage() {
  const { search } = useLocation();
  if (window.matchMedia(PHONE_QUERY).matches) {
    return <Navigate to={`/mobileShowSilde${search}`} replace />;
  }
  return <ShowSlideScreen />;
}
