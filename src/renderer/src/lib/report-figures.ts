/**
 * Figures and breakdown tables shared by the shift (X/Z) reports and the event report: the data
 * the lib functions lay out and components/report-parts.tsx draws (no JSX here, so Node tests
 * read the layouts).
 */
export interface Figure {
  label: string;
  value: string;
  /** A class for the value, e.g. the over/short's colour. */
  tone?: string;
}

export interface Breakdown {
  title: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}
