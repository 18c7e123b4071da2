import fs from 'node:fs';
import { createRequire } from 'node:module';

/*
 * The font of printed reports: Noto Sans SC (SIL Open Font License), whose TrueType files come
 * with the npm package @expo-google-fonts/noto-sans-sc, so `npm ci` is all a machine needs — no
 * system font (docs/decisions.md "Report PDF"). It covers Chinese and Latin text alike; only the
 * glyphs a report uses are embedded (a few KB a page).
 */

const PACKAGE = '@expo-google-fonts/noto-sans-sc';
const FILES = {
  normal: `${PACKAGE}/400Regular/NotoSansSC_400Regular.ttf`,
  bold: `${PACKAGE}/700Bold/NotoSansSC_700Bold.ttf`,
} as const;

export interface ReportFontFiles {
  normal: string;
  bold: string;
}

let resolved: ReportFontFiles | null = null;

/** The file of a package path, readable; otherwise an error that says what to install. */
export function locateFontFile(specifier: string): string {
  try {
    const file = createRequire(import.meta.url).resolve(specifier);
    fs.accessSync(file, fs.constants.R_OK);
    return file;
  } catch {
    throw new Error(
      `The report font ${specifier} is missing: reports cannot be printed. ` +
        `Run \`npm ci\` (it installs ${PACKAGE}).`,
    );
  }
}

/**
 * Paths of the report font files. Throws a message saying what to install when they are missing;
 * the server calls this at start-up so that a broken installation is told at once, not at the
 * first printed report.
 */
export function reportFontFiles(): ReportFontFiles {
  resolved ??= { normal: locateFontFile(FILES.normal), bold: locateFontFile(FILES.bold) };
  return resolved;
}
