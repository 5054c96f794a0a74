/** A file the page saved: the name its link proposed and the object URL of the bytes. */
export interface SavedFile {
  name: string;
  url: string;
}

/**
 * Records the files the page saves through a clicked `<a download>` link, as a browser saves them. happy-dom
 * follows such a click as a navigation instead (the page would move to the blob: url, and every relative /api call
 * after it fails with "Invalid URL"), so the click's default is prevented. Answers the files saved so far and a
 * function that stops listening; call it in the test that saves, and stop in a `finally`.
 */
export function catchDownloads(): { saved: SavedFile[]; stop(): void } {
  const saved: SavedFile[] = [];
  const onClick = (event: MouseEvent) => {
    const link = event.target;
    if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute('download')) return;
    event.preventDefault();
    saved.push({ name: link.download, url: link.href });
  };
  document.addEventListener('click', onClick, { capture: true });
  return { saved, stop: () => document.removeEventListener('click', onClick, { capture: true }) };
}
