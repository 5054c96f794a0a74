import { expandAccept, extensionOf, FILE_NAME_MAX, UPLOAD_MAX_BYTES } from '@gatehouse/contract';
import { t } from '@/lib/i18n';

/** What the widget checks before sending a file (specification §5). */
export interface UploadRules {
  /** Group names (t-image, t-document, …) and extensions, e.g. 't-image' or 't-document,zip'; empty = any. */
  accept?: string | readonly string[];
  /** Bytes; default UPLOAD_MAX_BYTES (100 MB). */
  limitSize?: number;
}

/** The `accept` attribute of the file input (".jpg,.jpeg,…") for an accept list, or undefined for any file. */
export function acceptAttribute(accept: UploadRules['accept']): string | undefined {
  if (accept === undefined) return undefined;
  const extensions = expandAccept(accept);
  return extensions.length > 0 ? extensions.map((extension) => `.${extension}`).join(',') : undefined;
}

/**
 * The refusal of one file, or null when it may be sent. In this order: larger than the limit, extension (after
 * the last dot, lower-cased) not in the expanded accept list, name longer than 500 characters.
 */
export function precheckFile(file: { name: string; size: number }, rules: UploadRules = {}): string | null {
  if (file.size > (rules.limitSize ?? UPLOAD_MAX_BYTES)) return t('files.tooLarge');
  if (rules.accept !== undefined) {
    const accepted = expandAccept(rules.accept);
    if (accepted.length > 0 && !accepted.includes(extensionOf(file.name))) return t('files.badType');
  }
  // Counted like the server counts it (JavaScript string length).
  if (file.name.length > FILE_NAME_MAX) return t('files.nameTooLong');
  return null;
}

/** The refusal of a selection that would take the list above `limit` files, or null. */
export function precheckCount(inList: number, adding: number, limit: number | undefined): string | null {
  return limit !== undefined && inList + adding > limit ? t('files.tooMany') : null;
}
