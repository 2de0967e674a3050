// The traces bundled with the app (public/traces/index.json, made by scripts/make-traces.sh with
// our own generators): their list, fetched once, and each file by name — so a shared link that
// names one opens with its file, as a link to any other trace cannot.

export interface BundledTrace {
  file: string;
  format: string;
  description: string;
  command: string;
}

const tracesUrl = (file: string) => `${import.meta.env.BASE_URL}traces/${file}`;

let listed: Promise<BundledTrace[]> | undefined;

/** The bundled traces (fetched once; a failure is tried again at the next call). */
export function bundledTraces(): Promise<BundledTrace[]> {
  listed ??= Promise.resolve()
    .then(() => fetch(tracesUrl('index.json')))
    .then((r) =>
      r.ok ? (r.json() as Promise<BundledTrace[]>) : Promise.reject(new Error(`index.json: HTTP ${r.status}`)),
    )
    .catch((e: unknown) => {
      listed = undefined;
      throw e;
    });
  return listed;
}

/** A bundled trace's file, as a File of its name. */
export async function fetchBundled(file: string): Promise<File> {
  const r = await fetch(tracesUrl(file));
  if (!r.ok) throw new Error(`${file} did not load: HTTP ${r.status}`);
  return new File([await r.blob()], file);
}
