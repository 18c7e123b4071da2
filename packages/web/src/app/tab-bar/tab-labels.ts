import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * What a screen says its tab is about (a case's pathology number), beside the screen's title.
 * The case screens and the viewer keep one tab each whatever case they show (tabs.ts), so with
 * several cases worked on in turn "Fill diagnosis" alone did not say for which.
 *
 * A screen announces its label once it has read the record; the tab bar listens. The last label
 * of each address is kept here as well: a screen whose data was already in memory announces in
 * the same render as its tab opens, and the tab may not be there yet to take it.
 */
export interface TabLabel {
  /** Pathname and query of the screen that announced it (the tab's full path). */
  fullPath: string;
  label: string;
}

type Listener = (label: TabLabel) => void;
const listeners = new Set<Listener>();
const lastLabels = new Map<string, string>();
/** Addresses remembered: far more than the tabs anyone keeps open. */
const REMEMBERED = 100;

export function onTabLabel(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function lastTabLabel(fullPath: string): string | undefined {
  return lastLabels.get(fullPath);
}

function announce(label: TabLabel): void {
  lastLabels.delete(label.fullPath);
  lastLabels.set(label.fullPath, label.label);
  if (lastLabels.size > REMEMBERED) {
    const oldest = lastLabels.keys().next().value;
    if (oldest !== undefined) {
      lastLabels.delete(oldest);
    }
  }
  for (const listener of listeners) {
    listener(label);
  }
}

/** Labels the current screen's tab; nothing while `label` is undefined (still loading). */
export function useTabLabel(label: string | undefined): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (label) {
      announce({ fullPath: pathname + search, label });
    }
  }, [label, pathname, search]);
}
