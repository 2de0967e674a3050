// A row of small buttons, each saving one file made when it is clicked: the results' JSON and
// CSV, a chart's SVG, PNG, CSV and JSON (ChartExport), the trace card's JSON and tables.
import type { ReactNode } from 'react';
import { download } from './export';

export interface ExportFile {
  label: string;
  testId: string;
  /** The button's tooltip. */
  title?: string;
  /** Makes the file: its name, contents and type (null: nothing to save now). A promise is
   * saved when it settles (a PNG is drawn asynchronously). */
  make: () => SavedFile | Promise<SavedFile | null> | null;
}

export interface SavedFile {
  name: string;
  data: Blob | string;
  type?: string;
}

export interface ExportButtonsProps {
  /** What the row exports, for screen readers: "export the chart". */
  label: string;
  files: readonly ExportFile[];
  /** More buttons after the files' (the results' "Pin to compare"). */
  children?: ReactNode;
}

export function ExportButtons({ label, files, children }: ExportButtonsProps) {
  const save = (f: SavedFile | null) => {
    if (f) download(f.name, f.data, f.type);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields: a fieldset's border, padding and min-width would have to be undone
    <span className="chart-export" role="group" aria-label={label}>
      {files.map((f) => (
        <button
          key={f.testId}
          type="button"
          className="button secondary small"
          data-testid={f.testId}
          title={f.title}
          onClick={() => {
            const made = f.make();
            if (made instanceof Promise) void made.then(save);
            else save(made);
          }}
        >
          {f.label}
        </button>
      ))}
      {children}
    </span>
  );
}
