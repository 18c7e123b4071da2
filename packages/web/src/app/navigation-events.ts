/**
 * Every navigation of the router, as it happens. React Router renders navigations as transitions:
 * while the next screen's code is still loading, React keeps the old screen and, if the user
 * navigates again, never commits the one in between. Whatever must see each navigation (the tab
 * bar opens a tab per screen visited) listens here instead of waiting for a render.
 */
export interface NavigationLocation {
  pathname: string;
  search: string;
}

type Listener = (location: NavigationLocation) => void;
const listeners = new Set<Listener>();

export function onNavigation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitNavigation(location: NavigationLocation): void {
  for (const listener of listeners) {
    listener(location);
  }
}
