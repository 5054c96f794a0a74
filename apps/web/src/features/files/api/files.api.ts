import { routes } from '@gatehouse/contract';
import { call } from '@/lib/http';

/** Deletes one's own uploaded file (row and bytes); its capability url answers 404 from then on. */
export const deleteFile = (id: string) => call(routes.deleteFile, { query: { id } });
