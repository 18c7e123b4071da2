/**
 * The width the case list has at 1440 × 900 beside the open menu: 1440 − 220 (menu) − 2 × 16
 * (page) − 2 × 25 (card) = 1138 px, less a vertical scrollbar once the page is taller than the
 * window.
 */
export const LAPTOP_TABLE_WIDTH = 1120;

/**
 * The case list's column widths (px). They add up to at most LAPTOP_TABLE_WIDTH, so that on a
 * laptop every column is in sight: when they added up to more, the table scrolled sideways and the
 * doctor and creation time sat under the fixed actions column. Sex and age are a line under the
 * patient's name for that reason. Measured with the 8 px cell padding either side: the number
 * fits 16 characters (or 15 and the saved star), the patient 16 Latin letters, the classification
 * "Digestive system" (longer ones end in "…"), the state its longest tag ("Waiting for
 * diagnosis"), the type "Consultation", and the actions three buttons a line in both languages
 * (a case offers up to six; "Clone Unstar Delete" is the widest line, about 238 px).
 */
export const CASE_COLUMN_WIDTHS = {
  number: 160,
  patient: 130,
  classification: 122,
  type: 100,
  state: 144,
  owner: 80,
  created: 128,
  actions: 256,
} as const;

/** The grey line under a patient's name: species (veterinary cases), sex and age, as known. */
export function patientFacts(facts: (string | null | undefined)[]): string {
  return facts.filter((fact): fact is string => Boolean(fact)).join(' · ');
}
