/**
 * Export and import of run files (runFile.ts, importing.ts, parseOffThread.ts): a chunk of
 * their own, which the first screen never uses. The runs panel, where a person exports and
 * imports, asks for it as it mounts, so an import still works after the page went offline
 * without a service worker to serve the chunk.
 */
export const loadTransfer = async () => {
  const [runFile, importing, offThread] = await Promise.all([
    import('./runFile'),
    import('./importing'),
    import('./parseOffThread'),
  ]);
  return { ...runFile, ...importing, ...offThread };
};
