import { useMatches } from 'react-router';

/**
 * Pages whose tables need the width of a laptop screen (results, live results) carry this handle
 * on their route; the shell widens its content column for them instead of clipping their last columns.
 */
export interface WidePageHandle {
  widePage: true;
}

export const WIDE_PAGE_HANDLE: WidePageHandle = { widePage: true };

const isWideHandle = (handle: unknown): handle is WidePageHandle =>
  typeof handle === 'object' && handle !== null && 'widePage' in handle && handle.widePage === true;

export const useWidePage = (): boolean => useMatches().some((match) => isWideHandle(match.handle));
