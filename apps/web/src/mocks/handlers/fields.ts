/** A trimmed optional text field: blank and absent both become null. */
export const textOrNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);
