import type { RouteDef } from '@gatehouse/contract';
import type { DownloadInput, HttpClient } from './client';

/** How long the object URL outlives the click that saves it (the browser reads it after the click returns). */
const REVOKE_AFTER_MS = 10_000;

/** Saves bytes under a name as a browser saves a download: an object URL clicked through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export type SaveDownloadInput<D extends RouteDef> = DownloadInput<D> & {
  /** The name to save under when the server proposes none. */
  fallbackName: string;
};

/** `saveDownload` (app-client.ts) on a given client. */
export async function saveDownloadWith<D extends RouteDef>(
  client: Pick<HttpClient, 'download'>,
  route: D,
  { fallbackName, ...input }: SaveDownloadInput<D>,
): Promise<string> {
  const { blob, fileName } = await client.download(route, input);
  const name = fileName || fallbackName;
  saveFile(blob, name);
  return name;
}
