import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';

/**
 * A control a page puts at the head of its first slide pane, on the line of the slide's name: the
 * phone page's Back, which had a line of its own above the name (a tenth of a phone held
 * sideways). While no pane shows it (the slide loading, or failed to open), the page keeps it on
 * its own line, so that Back is never missing.
 */
export interface ViewerLead {
  node: ReactNode;
  /** A pane shows the node from now on; the function returned says it no longer does. */
  claim(): () => void;
}

export const ViewerLeadContext = createContext<ViewerLead | null>(null);

/** The lead control for the pane that leads the page (null for others, or without one). */
export function useViewerLead(first: boolean): ReactNode {
  const lead = useContext(ViewerLeadContext);
  const shown = first ? lead : null;
  // Before the frame is drawn: two Backs, then a jump of the layout by a line, showed for a frame.
  useLayoutEffect(() => shown?.claim(), [shown]);
  return shown?.node ?? null;
}
